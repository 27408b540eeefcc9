import type { ComponentType, SVGProps } from 'react';
import { CableIcon, GaugeIcon, PlugIcon } from './landingIcons';
import { MEDIA } from './media';
import { Reveal } from './Reveal';
import { SectionHeading } from './SectionHeading';

interface Feature {
  title: string;
  text: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const FEATURES: readonly Feature[] = [
  {
    title: 'Bring any ComfyUI workflow',
    text: 'Upload your own, start from a template or pick one the community shared. Inputs and outputs are found for you.',
    Icon: PlugIcon,
  },
  {
    title: 'Wire inputs, not prompts',
    text: 'Connect movie, scene, shot and character inputs to workflows through typed, colour-coded handles.',
    Icon: CableIcon,
  },
  {
    title: 'Generate and follow along',
    text: 'Start a batch for the shots you choose and watch pending, running and finished jobs right on the node.',
    Icon: GaugeIcon,
  },
];

/** The node editor: three feature points beside a picture of a pipeline. */
export function NodeEditorSection() {
  return (
    <section aria-labelledby="node-editor-title" className="relative overflow-hidden py-24 sm:py-32">
      <div
        aria-hidden="true"
        className="absolute top-1/2 right-0 -z-10 size-[44rem] translate-x-1/3 -translate-y-1/2 rounded-full bg-amber-500/[0.07] blur-3xl"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-14 px-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:px-8">
        <div>
          <Reveal>
            <SectionHeading id="node-editor-title" eyebrow="The studio" title="Node Editor">
              Your whole pipeline on one canvas: what goes in, what runs, and what comes out.
            </SectionHeading>
          </Reveal>
          <ul className="mt-10 space-y-7">
            {FEATURES.map(({ title, text, Icon }, index) => (
              <li key={title}>
                <Reveal delay={index * 90} className="flex gap-4">
                  <span className="mt-0.5 inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/5 text-amber-300 ring-1 ring-white/10">
                    <Icon className="size-5" />
                  </span>
                  <div>
                    <h3 className="font-semibold text-white">{title}</h3>
                    <p className="mt-1 text-[15px] leading-relaxed text-neutral-400">{text}</p>
                  </div>
                </Reveal>
              </li>
            ))}
          </ul>
        </div>

        <Reveal delay={150}>
          <figure className="relative">
            <div className="overflow-hidden rounded-2xl border border-white/10 bg-neutral-900 shadow-2xl shadow-black/70 ring-1 ring-white/5">
              <div
                className="flex items-center gap-1.5 border-b border-white/5 bg-neutral-900 px-4 py-3"
                aria-hidden="true"
              >
                <span className="size-2.5 rounded-full bg-neutral-700" />
                <span className="size-2.5 rounded-full bg-neutral-700" />
                <span className="size-2.5 rounded-full bg-neutral-700" />
              </div>
              <img
                src={MEDIA.nodeEditor}
                width={1600}
                height={1000}
                loading="lazy"
                decoding="async"
                className="block h-auto w-full"
                alt="The Cinegraph node editor: movie, scene, shot and character inputs feed an Add Text node and a Text to Image workflow, whose images go on to an Image to Video workflow and a Download node."
              />
            </div>
          </figure>
        </Reveal>
      </div>
    </section>
  );
}
