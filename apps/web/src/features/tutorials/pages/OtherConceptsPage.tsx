import { TutorialArticle } from '../TutorialArticle';

const CONCEPTS: [term: string, meaning: string][] = [
  [
    'Workflows',
    'A ComfyUI graph that turns inputs into media. In Cinegraph each one is a workflow node whose handles are the graph’s input and output nodes.',
  ],
  [
    'LoRA',
    'A small add-on to a model that teaches it a style, a face or an object, triggered by a keyword and applied with a strength (0 to 2).',
  ],
  [
    'Video models',
    'Models that generate moving pictures: a number of frames at a frame rate, from text or images.',
  ],
  [
    'Image models',
    'Models that generate one picture: often the first step, a key frame the video starts from.',
  ],
  ['Text-to-video', 'A video made from a prompt alone: quick to try, hard to keep consistent across shots.'],
  [
    'Image-to-video',
    'A video that starts from an image (a generated key frame or a reference): the usual way to keep shots consistent.',
  ],
  [
    'Video-to-video',
    'A video re-made from another: a new style over the same motion, or a longer, sharper version.',
  ],
  [
    'Character reproduction',
    'Keeping a character recognisable from shot to shot, with a LoRA, reference images or both.',
  ],
  [
    'IP-adapters',
    'Let a reference image guide a generation (its style, its subject) without training a LoRA.',
  ],
  [
    'ControlNet',
    'Guides a generation with a structure: a pose, a depth map, edges, so the composition is what you planned.',
  ],
  [
    'VACE',
    'A control-based family of video models (built on Wan): one model that takes poses, depth, masks and references to generate and edit video.',
  ],
];

export function OtherConceptsPage() {
  return (
    <TutorialArticle slug="other-concepts">
      <dl className="divide-y divide-white/10 rounded-xl border border-white/10 bg-neutral-900/60">
        {CONCEPTS.map(([term, meaning]) => (
          <div key={term} className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
            <dt className="font-semibold text-white">{term}</dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
    </TutorialArticle>
  );
}
