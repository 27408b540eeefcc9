import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../ui/Button';
import { GenerationTile, type TakeActions } from '../../generation/screen/GenerationTile';
import {
  asStudioGeneration,
  deleteGeneration,
  finishGeneration,
  SAMPLE_GENERATIONS,
  SIMULATED_RUN_MS,
  startGeneration,
  statusText,
  takesUsedAsInput,
  toggleHidden,
  toggleUseAsInput,
  visibleGenerations,
  type DemoGeneration,
} from '../logic/generationsDemo';
import { selectedOrFirst } from '../logic/selection';

const GENERATED_TEXTS = [
  'The keeper lights the lamp, close-up',
  'Waves break on the rocks below',
  'A ship’s light answers from the sea',
  'Dawn over the empty lighthouse',
];

/** The generations tutorial's demo: the studio's tiles, the selected take's actions, and a pretend Generate. */
export function GenerationsDemo() {
  const [list, setList] = useState<DemoGeneration[]>([...SAMPLE_GENERATIONS]);
  const [picked, setSelected] = useState<string | null>(SAMPLE_GENERATIONS[0]!.id);
  const selected = selectedOrFirst(list, picked);
  const [showHidden, setShowHidden] = useState(false);
  const [generated, setGenerated] = useState(0);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);

  const shown = visibleGenerations(list, showHidden);
  const current = list.find((g) => g.id === selected) ?? null;

  function generate() {
    const id = `new-${generated + 1}`;
    const text = GENERATED_TEXTS[generated % GENERATED_TEXTS.length]!;
    setGenerated(generated + 1);
    setList((all) => startGeneration(all, id));
    setSelected(id);
    timers.current.push(
      window.setTimeout(() => setList((all) => finishGeneration(all, id, text)), SIMULATED_RUN_MS),
    );
  }

  function remove(id: string) {
    const next = deleteGeneration(list, id);
    setList(next.list);
    setSelected(next.selected);
  }

  // The demo's takes have the studio's tile; its actions act on the demo's own list.
  const takeActions: TakeActions = {
    select: (generation) => setSelected(generation._id),
    toggleUseAsInput: (generation) => setList((all) => toggleUseAsInput(all, generation._id)),
    toggleHidden: (generation) => setList((all) => toggleHidden(all, generation._id)),
    remove: (generation) => remove(generation._id),
  };

  return (
    <div
      data-testid="generations-demo"
      className="grid gap-4 rounded-xl border border-white/10 bg-neutral-900/40 p-3 sm:p-4 lg:grid-cols-[1fr_15rem]"
    >
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button variant="primary" size="sm" onClick={generate}>
            Generate
          </Button>
          {/* Not the studio's ShowHiddenToggle: that one stores the reader's own studio preference. */}
          <label className="flex cursor-pointer items-center gap-2 text-sm text-neutral-300">
            <input
              type="checkbox"
              role="switch"
              checked={showHidden}
              onChange={(event) => setShowHidden(event.target.checked)}
              className="size-4 accent-amber-400"
            />
            Show hidden
          </label>
        </div>
        <div role="listbox" aria-label="Demo generations" className="grid grid-cols-2 gap-3">
          {shown.map((generation) => {
            const position = list.indexOf(generation);
            return (
              <GenerationTile
                key={generation.id}
                generation={asStudioGeneration(generation, position)}
                position={position}
                selected={generation.id === selected}
                busy={false}
                doneLabel={statusText(generation)}
                actions={takeActions}
              />
            );
          })}
        </div>
        {shown.length === 0 && <p className="text-sm text-neutral-500">No generations. Press Generate.</p>}
      </div>
      <section
        aria-label="Selected generation"
        className="flex flex-col gap-3 rounded-lg bg-neutral-950/60 p-3"
      >
        {current ? (
          <>
            <h3 className="text-sm font-semibold text-white">Generation {list.indexOf(current) + 1}</h3>
            <p data-testid="demo-generation-status" className="text-sm text-neutral-300">
              {statusText(current)}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => setList((all) => toggleHidden(all, current.id))}>
                {current.hidden ? 'Show' : 'Hide'}
              </Button>
              <Button size="sm" variant="danger" onClick={() => remove(current.id)}>
                Delete
              </Button>
            </div>
            <label
              className={`flex items-center gap-2 text-sm ${current.status === 'success' ? 'cursor-pointer text-neutral-200' : 'text-neutral-500'}`}
            >
              <input
                type="checkbox"
                checked={current.useAsInput}
                disabled={current.status !== 'success'}
                onChange={() => setList((all) => toggleUseAsInput(all, current.id))}
                className="size-4 accent-amber-400"
              />
              Use as input
            </label>
            {current.status !== 'success' && (
              <p className="text-xs text-neutral-500">Only a successful generation can be used as input.</p>
            )}
          </>
        ) : (
          <p className="text-sm text-neutral-500">No generation selected.</p>
        )}
        <p className="border-t border-white/10 pt-3 text-xs text-neutral-400">
          Used as input: <span data-testid="used-as-input-count">{takesUsedAsInput(list).length}</span>
        </p>
      </section>
    </div>
  );
}
