import { HANDLE_COLORS, type HandleType } from '@cinegraph/contracts';
import { useState } from 'react';
import { ShortcutList } from '../../editor/ShortcutList';
import { DemoCanvas } from '../demos/DemoCanvas';
import { nodeEditorExampleGraph } from '../logic/demoExamples';
import type { DemoGraph } from '../logic/demoGraph';
import { Lesson, PageLink, Points, TutorialArticle } from '../TutorialArticle';

export function NodeEditorPage() {
  const [graph, setGraph] = useState<DemoGraph>(nodeEditorExampleGraph);
  return (
    <TutorialArticle slug="node-editor">
      <p>
        Each movie has a node graph: the pipeline that turns what you write into footage. Open it from My
        Movies; the editor fills the whole screen.
      </p>
      <Lesson title="Three kinds of node">
        <Points
          items={[
            <>
              <strong>Input nodes</strong> hold a value at a level: movie (one bar), scene (two bars), shot
              (three bars) or character (a person). A movie input has one value; the others are filled per
              scene, shot or character.
            </>,
            <>
              <strong>Workflow nodes</strong> wrap a ComfyUI workflow: its input nodes become handles on the
              left, its outputs handles on the right. Generate appears once every input except LoRAs is
              connected.
            </>,
            <>
              <strong>Utility nodes</strong> prepare and collect: Add Text joins texts, Cinegraph Prompt
              writes a prompt, Download gathers results.
            </>,
          ]}
        />
      </Lesson>
      <Lesson title="Handles and their colours">
        <p>A handle takes values of its type; the colour tells which. Grey takes any type.</p>
        <ul className="flex flex-wrap gap-2">
          {(Object.keys(HANDLE_COLORS) as HandleType[]).map((type) => (
            <li key={type} className="flex items-center gap-1.5 rounded-full bg-white/5 px-2.5 py-1 text-xs">
              <span className="size-2 rounded-full" style={{ background: HANDLE_COLORS[type] }} />
              {type}
            </li>
          ))}
        </ul>
      </Lesson>
      <Lesson title="An example">
        <p>
          A shot&apos;s action as the prompt and a 1920x1080 resolution, wired into a text-to-video workflow.
          Drag the nodes, edit the values.
        </p>
        <DemoCanvas graph={graph} onChange={setGraph} label="Node editor example" />
      </Lesson>
      <Lesson title="Shortcuts">
        <ShortcutList className="text-sm" />
        <p>
          Ready to try the rules? Open the{' '}
          <PageLink slug="node-editor-interactive">interactive node editor</PageLink>.
        </p>
      </Lesson>
    </TutorialArticle>
  );
}
