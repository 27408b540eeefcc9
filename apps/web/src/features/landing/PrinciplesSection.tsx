import type { ComponentType, SVGProps } from 'react';
import { BlocksIcon, InfinityIcon, MoonIcon, SparklesIcon } from './landingIcons';
import { Reveal } from './Reveal';
import { SectionHeading } from './SectionHeading';

interface Principle {
  title: string;
  text: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const PRINCIPLES: readonly Principle[] = [
  {
    title: 'Effortless',
    text: 'Set a look once at the movie level and every shot inherits it. No more pasting prompts into hundreds of generations.',
    Icon: SparklesIcon,
  },
  {
    title: 'Boundless',
    text: 'If it runs in ComfyUI, it runs in your movie: any model, any workflow, for images, video, audio and LoRAs.',
    Icon: InfinityIcon,
  },
  {
    title: 'Modular',
    text: 'Chain workflows like building blocks. A good take becomes the input of the next step, shot by shot.',
    Icon: BlocksIcon,
  },
  {
    title: 'Efficient',
    text: 'Queue every shot in one go and let the GPUs work overnight. Review the takes over morning coffee.',
    Icon: MoonIcon,
  },
];

/** The four promises of the product. */
export function PrinciplesSection() {
  return (
    <section
      aria-labelledby="principles-title"
      className="relative border-y border-white/[0.06] bg-neutral-900/30 py-24 sm:py-32"
    >
      <div className="mx-auto max-w-7xl px-6 lg:px-8">
        <Reveal>
          <SectionHeading
            id="principles-title"
            eyebrow="Why Cinegraph"
            title="A studio that scales with your story"
            align="center"
          >
            The craft stays yours. The repetition goes to the machine.
          </SectionHeading>
        </Reveal>
        <ul className="mt-16 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {PRINCIPLES.map(({ title, text, Icon }, index) => (
            <li key={title}>
              <Reveal delay={index * 90} className="h-full">
                <div className="group h-full rounded-2xl border border-white/[0.07] bg-neutral-950/60 p-7 transition-colors hover:border-amber-400/30">
                  <span className="inline-flex size-11 items-center justify-center rounded-xl bg-gradient-to-br from-amber-400/20 to-orange-600/10 text-amber-300 ring-1 ring-amber-400/20">
                    <Icon className="size-5" />
                  </span>
                  <h3 className="mt-6 text-lg font-semibold text-white">{title}</h3>
                  <p className="mt-2 text-[15px] leading-relaxed text-neutral-400">{text}</p>
                </div>
              </Reveal>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
