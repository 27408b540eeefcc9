import { useMemo, useState } from 'react';
import { asLora } from '../../editor/logic/values';
import { FIELD } from '../../editor/values/fieldStyles';
import { inputsDemoGraph } from '../logic/demoExamples';
import { updateDemoNode, type DemoGraph } from '../logic/demoGraph';
import {
  charactersInShot,
  finalPrompt,
  inputValue,
  SAMPLE_ENTITIES,
  SAMPLE_LEVELS,
  withInputValue,
  type SampleEntity,
  type SampleLevel,
} from '../logic/inputsDemo';
import { DemoCanvas } from './DemoCanvas';
import { DemoTabs } from './DemoTabs';

const BASE_GRAPH = inputsDemoGraph();
const SHOT_INPUT_NODES = ['camera-angle', 'description'];

/**
 * The inputs tutorial's demo: a shot's camera angle prepended to its description through Add Text, and
 * the sample scenes, shots and characters whose inputs fill such nodes.
 */
export function InputsDemo() {
  const [entities, setEntities] = useState(SAMPLE_ENTITIES);
  const [tab, setTab] = useState<SampleLevel>('Shots');
  const [shotId, setShotId] = useState(SAMPLE_ENTITIES.Shots[0]!.id);
  const shot = entities.Shots.find((s) => s.id === shotId) ?? entities.Shots[0]!;

  // The canvas shows the selected shot's values in its two input nodes, and writes edits back to the shot.
  const graph = useMemo(
    () =>
      SHOT_INPUT_NODES.reduce((g, id) => updateDemoNode(g, id, { value: inputValue(shot, id) }), BASE_GRAPH),
    [shot],
  );
  function onGraphChange(next: DemoGraph) {
    for (const node of next.nodes) {
      if (SHOT_INPUT_NODES.includes(node._id) && typeof node.value === 'string') {
        edit('Shots', shot.id, node._id, node.value);
      }
    }
  }

  function edit(level: SampleLevel, entityId: string, nodeId: string, value: string) {
    setEntities((all) => ({
      ...all,
      [level]: all[level].map((e) => (e.id === entityId ? withInputValue(e, nodeId, value) : e)),
    }));
  }

  const characters = charactersInShot(shot, entities.Characters);
  return (
    <div data-testid="inputs-demo" className="flex flex-col gap-3">
      <DemoCanvas graph={graph} onChange={onGraphChange} label="Inputs through Add Text" readOnly />
      <div className="rounded-xl border border-amber-400/20 bg-amber-400/5 px-4 py-3">
        <p className="text-xs font-semibold tracking-wide text-amber-200 uppercase">
          Final prompt of {shot.name}
        </p>
        <output data-testid="final-prompt" className="mt-1 block font-mono text-sm text-white">
          {finalPrompt(shot) || '(empty)'}
        </output>
        {characters.length > 0 && (
          <p className="mt-2 text-xs text-neutral-400">
            Named in the description, so their inputs apply too: {characters.join(', ')}.
          </p>
        )}
      </div>
      <div className="rounded-xl border border-white/10 bg-neutral-900/40 p-3">
        <DemoTabs<SampleLevel> label="Sample entities" tabs={SAMPLE_LEVELS} current={tab} onPick={setTab} />
        <div role="tabpanel" aria-label={tab} className="mt-3 grid gap-3 sm:grid-cols-2">
          {entities[tab].map((entity) => (
            <EntityCard
              key={entity.id}
              entity={entity}
              current={tab === 'Shots' && entity.id === shot.id}
              onPick={tab === 'Shots' ? () => setShotId(entity.id) : undefined}
              onEdit={(nodeId, value) => edit(tab, entity.id, nodeId, value)}
            />
          ))}
        </div>
      </div>
    </div>
  );
}

function EntityCard({
  entity,
  current,
  onPick,
  onEdit,
}: {
  entity: SampleEntity;
  current: boolean;
  onPick?: () => void;
  onEdit(nodeId: string, value: string): void;
}) {
  return (
    <section
      aria-label={entity.name}
      className={`flex flex-col gap-2 rounded-lg border p-3 ${current ? 'border-amber-400/60' : 'border-white/10'}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-white">{entity.name}</h4>
        {onPick && (
          <button
            type="button"
            aria-pressed={current}
            onClick={onPick}
            className="rounded-md px-2 py-0.5 text-xs text-neutral-300 ring-1 ring-white/10 hover:bg-white/10 aria-pressed:text-amber-300"
          >
            {current ? 'In the demo' : 'Use in the demo'}
          </button>
        )}
      </div>
      {entity.inputs.map((input) => (
        <label key={input.node_id} className="flex flex-col gap-1 text-xs text-neutral-400">
          <span>
            {input.name} <span className="text-neutral-600">({input.type})</span>
          </span>
          {input.type === 'text' ? (
            <input
              value={inputValue(entity, input.node_id)}
              onChange={(event) => onEdit(input.node_id, event.target.value)}
              className={FIELD}
            />
          ) : (
            <span className="text-neutral-300">{loraSummary(input.value)}</span>
          )}
        </label>
      ))}
    </section>
  );
}

/** A LoRA input as a reader takes it in: its keyword and strength. */
function loraSummary(value: unknown): string {
  const lora = asLora(value);
  return `${lora.keyword || '(no keyword)'} at strength ${lora.strength}`;
}
