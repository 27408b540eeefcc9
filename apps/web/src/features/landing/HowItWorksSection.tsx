import { Reveal } from './Reveal';
import { SectionHeading } from './SectionHeading';

const STEPS = [
  {
    title: 'Design your pipeline',
    text: 'Drop workflows into the node editor and connect them to inputs at the movie, scene, shot and character level.',
  },
  {
    title: 'Write your movie',
    text: 'Break the story into scenes and shots, describe them and introduce your characters. The pipeline fills itself in.',
  },
  {
    title: 'Edit and export',
    text: 'Pick the best takes, chain them into further workflows and export footage with a timeline your editor opens.',
  },
] as const;

/** Three steps from an empty canvas to footage in the editing suite. */
export function HowItWorksSection() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-it-works-title"
      className="scroll-mt-16 border-t border-white/[0.06] bg-neutral-900/30 py-24 sm:py-32"
    >
      <div className="mx-auto max-w-7xl px-6 lg:px-8">
        <Reveal>
          <SectionHeading id="how-it-works-title" eyebrow="Three steps" title="How it works" align="center">
            From an empty canvas to footage in your editing suite.
          </SectionHeading>
        </Reveal>
        <div className="relative mt-16">
          <div
            aria-hidden="true"
            className="absolute top-12 right-[16%] left-[16%] hidden h-px bg-gradient-to-r from-transparent via-amber-400/40 to-transparent md:block"
          />
          <ol className="relative grid gap-5 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="relative">
                <Reveal delay={index * 120} className="h-full">
                  <div className="h-full rounded-2xl border border-white/[0.07] bg-neutral-950/70 p-7 text-center backdrop-blur">
                    <span className="mx-auto flex size-10 items-center justify-center rounded-full bg-amber-400 font-mono text-sm font-bold text-neutral-950 shadow-[0_0_30px] shadow-amber-500/30">
                      {String(index + 1).padStart(2, '0')}
                    </span>
                    <h3 className="mt-6 text-xl font-semibold text-white">{step.title}</h3>
                    <p className="mt-3 text-[15px] leading-relaxed text-neutral-400">{step.text}</p>
                  </div>
                </Reveal>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
