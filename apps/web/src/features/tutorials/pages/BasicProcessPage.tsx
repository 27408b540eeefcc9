import { Lesson, PageLink, Points, TutorialArticle } from '../TutorialArticle';

const STEPS: { title: string; text: React.ReactNode }[] = [
  {
    title: 'Design your pipeline',
    text: (
      <>
        In the <PageLink slug="node-editor">node editor</PageLink>, add workflow nodes (uploaded,
        pre-configured or shared by the community) and wire input nodes into their handles.
      </>
    ),
  },
  {
    title: 'Write your movie',
    text: (
      <>
        In the <PageLink slug="storyboard">storyboard</PageLink>, add scenes, shots and characters, and fill
        in the inputs each level asks for.
      </>
    ),
  },
  {
    title: 'Generate',
    text: 'On a workflow node, press Generate, pick the shots and the number of takes per shot (1 to 10).',
  },
  {
    title: 'Review the takes',
    text: (
      <>
        Each shot lists its <PageLink slug="generations">generations</PageLink>: hide the bad ones, mark the
        good ones as input for the next workflow.
      </>
    ),
  },
  { title: 'Edit and export', text: 'Download the takes and finish the movie in your editing software.' },
];

export function BasicProcessPage() {
  return (
    <TutorialArticle slug="basic-process">
      <ol className="space-y-4">
        {STEPS.map((step, i) => (
          <li key={step.title} className="flex gap-4 rounded-xl border border-white/10 bg-neutral-900/60 p-4">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-amber-400 font-semibold text-neutral-950">
              {i + 1}
            </span>
            <div>
              <h2 className="font-semibold text-white">{step.title}</h2>
              <p className="mt-1">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <Lesson title="Inputs at four levels">
        <Points
          items={[
            'Movie inputs apply to every generation of the movie (a style, a resolution).',
            'Scene inputs apply to all shots of the scene (a location, a time of day).',
            'Shot inputs apply to one shot (its action, its camera angle).',
            'Character inputs apply automatically to any shot whose description names the character.',
          ]}
        />
        <p>
          <PageLink slug="inputs">What are Inputs?</PageLink> shows how they reach a workflow.
        </p>
      </Lesson>
    </TutorialArticle>
  );
}
