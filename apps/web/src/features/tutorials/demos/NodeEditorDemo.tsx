import { HANDLE_COLORS } from '@cinegraph/contracts';
import { useState } from 'react';
import {
  addExample,
  EXAMPLE_CATEGORIES,
  examplesOf,
  interactiveStartGraph,
  type ExampleCategory,
} from '../logic/demoExamples';
import { receivedInputs, type DemoGraph, type ReceivedInput } from '../logic/demoGraph';
import { DemoCanvas } from './DemoCanvas';
import { DemoTabs } from './DemoTabs';

/** The interactive node editor: pick node examples by category, wire them, see what each workflow gets. */
export function NodeEditorDemo() {
  const [graph, setGraph] = useState<DemoGraph>(interactiveStartGraph);
  const [category, setCategory] = useState<ExampleCategory>('Input');
  const workflows = graph.nodes.filter((node) => node.type === 'workflow');

  return (
    <div data-testid="node-editor-demo" className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 rounded-xl border border-white/10 bg-neutral-900/40 p-3">
        <DemoTabs<ExampleCategory>
          label="Node categories"
          tabs={EXAMPLE_CATEGORIES}
          current={category}
          onPick={setCategory}
        />
        <div role="tabpanel" aria-label={`${category} examples`} className="flex flex-wrap gap-1.5">
          {examplesOf(category).map((name) => (
            <button
              key={name}
              type="button"
              aria-label={`Add ${name}`}
              onClick={() => setGraph((g) => addExample(g, category, name))}
              className="rounded-md px-2.5 py-1 text-xs font-medium text-neutral-200 ring-1 ring-white/10 ring-inset hover:bg-white/10"
            >
              + {name}
            </button>
          ))}
        </div>
      </div>
      <DemoCanvas graph={graph} onChange={setGraph} label="Interactive node editor" />
      <div className="grid gap-3 sm:grid-cols-2">
        {workflows.map((node) => (
          <WhatItReceives key={node._id} name={node.name} inputs={receivedInputs(graph, node._id)} />
        ))}
      </div>
    </div>
  );
}

function describe(input: ReceivedInput): string {
  if (!input.from) return 'not connected';
  if (input.value === undefined) return `from ${input.from}`;
  const value = Array.isArray(input.value) ? input.value.join('x') : JSON.stringify(input.value);
  return `${value} from ${input.from}`;
}

/** What a workflow would receive from the graph as it is wired now. */
function WhatItReceives({ name, inputs }: { name: string; inputs: ReceivedInput[] }) {
  return (
    <section
      aria-label={`What ${name} receives`}
      className="rounded-xl border border-white/10 bg-neutral-900/40 p-3"
    >
      <h3 className="text-sm font-semibold text-white">{name} receives</h3>
      <ul className="mt-2 space-y-1 text-xs">
        {inputs.map((input) => (
          <li key={input.handle} className="flex gap-2">
            <span
              className="mt-1 size-2 shrink-0 rounded-full"
              style={{ background: HANDLE_COLORS[input.type] }}
            />
            <span className="font-medium text-neutral-200">{input.handle}</span>
            <span className={input.from ? 'text-neutral-300' : 'text-neutral-500'}>{describe(input)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
