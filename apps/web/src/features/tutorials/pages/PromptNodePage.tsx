import { useState } from 'react';
import { DemoCanvas } from '../demos/DemoCanvas';
import { promptNodeGraph } from '../logic/demoExamples';
import type { DemoGraph } from '../logic/demoGraph';
import { Lesson, Points, TutorialArticle } from '../TutorialArticle';

const HANDLES: [name: string, what: string][] = [
  ['Prompt', 'what the shot shows, in your words'],
  ['Camera Angle', 'the framing: a wide shot, a close-up, a low angle'],
  ['Extra Instructions #1', 'anything else to respect; add #2, #3 and more as needed'],
  ['Character Image', 'who is in the shot, described from the picture'],
  ['Location Image', 'where the shot happens'],
  ['Concept Image', 'a mood, a style, an object to include'],
];

export function PromptNodePage() {
  const [graph, setGraph] = useState<DemoGraph>(promptNodeGraph);
  return (
    <TutorialArticle slug="cinegraph-prompt">
      <p>
        Cinegraph Prompt is a utility node that writes the prompt for you. It uses vision-language models: it
        reads your texts and looks at your images, then writes one detailed prompt that a generator follows
        well.
      </p>
      <Lesson title="Its handles">
        <Points
          items={HANDLES.map(([name, what]) => (
            <>
              <strong>{name}</strong>: {what}.
            </>
          ))}
        />
        <p>
          Its output, <strong>Enhanced Prompt</strong>, goes into a workflow&apos;s prompt handle. In the
          editor, Edit Descriptions lets you read and correct what the model saw in the images.
        </p>
        <DemoCanvas graph={graph} onChange={setGraph} label="The Cinegraph Prompt node" readOnly />
      </Lesson>
    </TutorialArticle>
  );
}
