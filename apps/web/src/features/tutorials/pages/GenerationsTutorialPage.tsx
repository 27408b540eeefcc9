import { GenerationsDemo } from '../demos/GenerationsDemo';
import { Lesson, Points, TutorialArticle } from '../TutorialArticle';

export function GenerationsTutorialPage() {
  return (
    <TutorialArticle slug="generations">
      <p>
        Every run of a workflow for a shot is a generation: a take. A shot collects its takes as tiles, and
        each tile tells you where its take stands.
      </p>
      <Lesson title="What a tile shows">
        <Points
          items={[
            <>
              <strong>Pending...</strong> while the take waits for a GPU worker.
            </>,
            <>
              <strong>Generating...</strong> while a worker runs it.
            </>,
            <>
              <strong>Generation failed</strong> when the worker reported an error.
            </>,
            'The result once it succeeded (here, the generated text), and No generation otherwise.',
          ]}
        />
      </Lesson>
      <Lesson title="Try it">
        <Points
          items={[
            'Press Generate: a new take runs for 2 seconds, then succeeds.',
            'Select a tile to hide or show it, delete it, or use it as input (only a successful take can be).',
            'Hidden takes leave the grid; Show hidden brings them back, faded.',
          ]}
        />
        <GenerationsDemo />
      </Lesson>
      <Lesson title="Chaining workflows">
        <p>
          Connect one workflow&apos;s output to another workflow&apos;s handle, and the takes you mark{' '}
          <strong>use as input</strong> are what the second workflow receives: generate key frames with an
          image model, keep the best one per shot, then animate it with an image-to-video workflow. Takes
          marked as input are also the ones included in batch download and export.
        </p>
      </Lesson>
    </TutorialArticle>
  );
}
