import { HANDLE_COLORS } from '@cinegraph/contracts';
import type { ReactNode, RefObject } from 'react';
import { MEDIA } from './media';
import { Reveal } from './Reveal';
import { SectionHeading } from './SectionHeading';

const HIERARCHY = [
  { name: 'Movie', color: 'bg-amber-400' },
  { name: 'Scenes', color: 'bg-violet-400' },
  { name: 'Shots', color: 'bg-sky-400' },
  { name: 'Generations', color: 'bg-emerald-400' },
] as const;

const LEVELS = [
  { level: 'Movie', scope: 'every generation of the movie', color: 'text-amber-300' },
  { level: 'Scene', scope: 'all shots of a scene', color: 'text-violet-300' },
  { level: 'Shot', scope: 'that one shot', color: 'text-sky-300' },
  { level: 'Character', scope: 'every shot that names them', color: 'text-fuchsia-300' },
] as const;

const HANDLES = ['text', 'image', 'video', 'audio', 'lora'] as const;

/** The core ideas: the movie's structure, inputs at four levels, workflows; and the trailer. */
export function ReimagineSection({ trailerRef }: { trailerRef: RefObject<HTMLVideoElement | null> }) {
  return (
    <section
      id="reimagine"
      aria-labelledby="reimagine-title"
      className="relative scroll-mt-16 py-24 sm:py-32"
    >
      <div className="mx-auto max-w-7xl px-6 lg:px-8">
        <div className="grid items-center gap-12 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-16">
          <Reveal>
            <SectionHeading id="reimagine-title" eyebrow="The idea" title="Reimagine filmmaking">
              A movie is more than a prompt. Cinegraph keeps the structure productions already use and puts a
              generation pipeline behind every shot, so a thousand takes stay consistent, and yours.
            </SectionHeading>
          </Reveal>
          <Reveal delay={120}>
            <figure className="overflow-hidden rounded-2xl border border-white/10 bg-neutral-900 shadow-2xl shadow-black/60 ring-1 ring-white/5">
              <video
                ref={trailerRef}
                className="aspect-video w-full bg-black"
                controls
                playsInline
                preload="none"
                poster={MEDIA.trailerPoster}
                aria-label="Cinegraph trailer"
              >
                <source src={MEDIA.trailer} type="video/webm" />
              </video>
              <figcaption className="flex items-center justify-between gap-4 border-t border-white/5 px-5 py-3 text-sm text-neutral-400">
                <span>Trailer: design, write, generate, edit and export.</span>
                <span className="font-mono text-xs text-neutral-500">0:10</span>
              </figcaption>
            </figure>
          </Reveal>
        </div>

        <div className="mt-16 grid gap-5 md:grid-cols-3 lg:mt-20">
          <Reveal>
            <ConceptCard title="From movie to generation">
              Organise your story the way a production does. Every shot collects its generations: the takes
              you review, keep and build on.
              <ol aria-label="Content hierarchy" className="mt-6 space-y-2 text-sm">
                {HIERARCHY.map((step, index) => (
                  <li
                    key={step.name}
                    className="flex items-center gap-2"
                    style={{ paddingLeft: `${index * 1.25}rem` }}
                  >
                    {index > 0 && (
                      <span
                        className="-mt-3 h-3.5 w-2.5 rounded-bl-md border-b border-l border-white/20"
                        aria-hidden="true"
                      />
                    )}
                    <span className="inline-flex items-center gap-2 rounded-full border border-white/10 bg-white/5 px-3 py-1 font-medium text-neutral-100">
                      <span className={`size-2 rounded-full ${step.color}`} aria-hidden="true" />
                      {step.name}
                    </span>
                  </li>
                ))}
              </ol>
            </ConceptCard>
          </Reveal>
          <Reveal delay={100}>
            <ConceptCard title="Inputs at four levels">
              Set something once, where it belongs, and it reaches exactly the shots it should.
              <dl className="mt-6 space-y-2.5 text-sm">
                {LEVELS.map((entry) => (
                  <div key={entry.level} className="flex items-baseline gap-3">
                    <dt className={`w-20 shrink-0 font-semibold ${entry.color}`}>{entry.level}</dt>
                    <dd className="text-neutral-400">{entry.scope}</dd>
                  </div>
                ))}
              </dl>
            </ConceptCard>
          </Reveal>
          <Reveal delay={200}>
            <ConceptCard title="Workflows">
              Workflow nodes wrap ComfyUI graphs, pre-configured, uploaded or shared by the community, and
              turn your inputs into images, video and audio.
              <ul aria-label="Input types" className="mt-6 flex flex-wrap gap-2 text-xs font-medium">
                {HANDLES.map((type) => (
                  <li
                    key={type}
                    className="inline-flex items-center gap-1.5 rounded-md bg-neutral-950/60 px-2.5 py-1 text-neutral-300 ring-1 ring-white/10"
                  >
                    <span
                      className="size-2 rounded-full"
                      style={{ backgroundColor: HANDLE_COLORS[type] }}
                      aria-hidden="true"
                    />
                    {type}
                  </li>
                ))}
              </ul>
            </ConceptCard>
          </Reveal>
        </div>
      </div>
    </section>
  );
}

function ConceptCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="h-full rounded-2xl border border-white/[0.07] bg-gradient-to-b from-white/[0.04] to-white/[0.01] p-7">
      <h3 className="text-lg font-semibold text-white">{title}</h3>
      <div className="mt-3 text-[15px] leading-relaxed text-neutral-400">{children}</div>
    </article>
  );
}
