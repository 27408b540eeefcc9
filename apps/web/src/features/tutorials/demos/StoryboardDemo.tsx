import type { Shot } from '@cinegraph/contracts';
import { useState, type ReactNode } from 'react';
import { OfflineContext } from '../../../lib/offline';
import { ValueEditor } from '../../editor/values/ValueEditor';
import { asLora, asText, asVector2 } from '../../editor/logic/values';
import { ItemTile, type TileActions } from '../../storyboard/grid/ItemTile';
import { PlusTile } from '../../storyboard/grid/PlusTile';
import {
  addDemoShot,
  canAddShot,
  deleteDemoShot,
  loraAsStyle,
  MAX_DEMO_SHOTS,
  newDemoShot,
  styleAsLora,
  updateDemoShot,
  type DemoShot,
} from '../logic/storyboardDemo';
import { selectedOrFirst } from '../logic/selection';

const FIRST_SHOTS: DemoShot[] = [
  {
    ...newDemoShot('shot-1'),
    text: 'Mara climbs the lighthouse stairs at dawn',
    prompt: 'old keeper, spiral stairs, lantern light',
    image: '/media/hero-poster.jpg',
  },
  { ...newDemoShot('shot-2'), text: 'The lamp flickers and comes alive' },
];

/** The shot as the studio's tile reads it: the description is the title, the reference image the picture. */
function asStudioShot(shot: DemoShot, index: number): Shot {
  return {
    _id: shot.id,
    movie_id: 'tutorial',
    scene_id: 'tutorial-scene',
    index,
    inputs: [],
    hidden: shot.hidden,
    new_output: false,
    use_as_input: false,
    downloaded: false,
    display_image: shot.image || null,
    description: shot.text,
    dialogue: '',
    camera_angle: '',
    duration: null,
  };
}

/** The storyboard tutorial's demo: up to 4 shots, each with a description and its detail inputs. */
export function StoryboardDemo() {
  const [shots, setShots] = useState<DemoShot[]>(FIRST_SHOTS);
  const [picked, setSelected] = useState<string | null>(FIRST_SHOTS[0]!.id);
  const selected = selectedOrFirst(shots, picked);
  const [added, setAdded] = useState<string | null>(null);
  const [nextId, setNextId] = useState(FIRST_SHOTS.length + 1);
  const current = shots.find((shot) => shot.id === selected) ?? null;
  const update = (id: string, patch: Partial<DemoShot>) => setShots((all) => updateDemoShot(all, id, patch));

  function add() {
    const id = `shot-${nextId}`;
    setNextId(nextId + 1);
    setShots((all) => addDemoShot(all, id));
    setSelected(id);
    setAdded(id);
  }

  function remove(id: string) {
    const next = deleteDemoShot(shots, id, selected);
    setShots(next.shots);
    setSelected(next.selected);
  }

  // The demo's shots have the studio's tile; its actions act on the demo's own list.
  const tileActions: TileActions = {
    select: (id) => setSelected(id),
    open: (item) => setSelected(item._id),
    changeTitle: (item, text) => update(item._id, { text }),
    toggleHidden: (item) => update(item._id, { hidden: !item.hidden }),
    remove: (item) => remove(item._id),
    create: add,
    pointerDown: () => {},
  };

  return (
    <OfflineContext.Provider value={true}>
      <div
        data-testid="storyboard-demo"
        className="grid gap-4 rounded-xl border border-white/10 bg-neutral-900/40 p-3 sm:p-4 lg:grid-cols-[1fr_16rem]"
      >
        <div>
          <div role="listbox" aria-label="Demo shots" className="grid grid-cols-2 gap-3">
            {shots.map((shot, i) => {
              const item = asStudioShot(shot, i);
              return (
                <ItemTile
                  key={shot.id}
                  level="shot"
                  item={item}
                  image={item.display_image}
                  position={i}
                  selected={shot.id === selected}
                  busy={false}
                  newOutput={false}
                  dropTarget={false}
                  autoFocus={shot.id === added}
                  addsOnEnter={false}
                  actions={tileActions}
                />
              );
            })}
            {canAddShot(shots) && <PlusTile level="shot" creating={false} onCreate={add} />}
          </div>
          {!canAddShot(shots) && (
            <p className="mt-2 text-xs text-neutral-500">The demo holds up to {MAX_DEMO_SHOTS} shots.</p>
          )}
        </div>
        <section aria-label="Shot inputs" className="flex flex-col gap-3 rounded-lg bg-neutral-950/60 p-3">
          {current ? (
            <ShotInputs key={current.id} shot={current} onChange={(patch) => update(current.id, patch)} />
          ) : (
            <p className="text-sm text-neutral-500">No shot selected. Add one with the plus tile.</p>
          )}
        </section>
      </div>
    </OfflineContext.Provider>
  );
}

/** The selected shot's detail inputs, edited with the studio's own value editors. */
function ShotInputs({ shot, onChange }: { shot: DemoShot; onChange(patch: Partial<DemoShot>): void }) {
  return (
    <>
      <h3 className="text-sm font-semibold text-white">Shot inputs</h3>
      <Field label="prompt" type="text">
        <ValueEditor
          type="text"
          value={shot.prompt}
          onChange={(value) => onChange({ prompt: asText(value) })}
        />
      </Field>
      <Field label="resolution" type="vector2">
        <ValueEditor
          type="vector2"
          value={shot.resolution}
          onChange={(value) => onChange({ resolution: asVector2(value) })}
        />
      </Field>
      <Field label="reference image" type="image">
        <ValueEditor
          type="image"
          value={shot.image}
          onChange={(value) => onChange({ image: asText(value) })}
        />
      </Field>
      <Field label="style" type="lora">
        <ValueEditor
          type="lora"
          value={styleAsLora(shot.style)}
          onChange={(value) => onChange({ style: loraAsStyle(asLora(value)) })}
        />
      </Field>
    </>
  );
}

function Field({ label, type, children }: { label: string; type: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="text-xs font-medium text-neutral-300">
        {label} <span className="text-neutral-500">({type})</span>
      </p>
      {children}
    </div>
  );
}
