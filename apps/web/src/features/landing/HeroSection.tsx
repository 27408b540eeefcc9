import { useRef, useState } from 'react';
import { ArrowRightIcon, ChevronDownIcon, PauseIcon, PlayIcon } from './landingIcons';
import { MEDIA } from './media';
import { openingArrivedDrawn } from './openingArrivedDrawn';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';

// The badge fades in once: on a page that arrived with the opening drawn, it already did.
const FADE_IN = openingArrivedDrawn ? '' : 'animate-fade-in ';

const LINK =
  'inline-flex h-12 items-center justify-center gap-2 rounded-xl px-6 text-[15px] font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400';

/** Full-screen opening: a looping light-and-grain film behind the tagline. */
export function HeroSection({ onWatchTrailer }: { onWatchTrailer(): void }) {
  const reducedMotion = usePrefersReducedMotion();
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);

  function togglePlayback() {
    if (!video.current) return;
    if (video.current.paused) void video.current.play().catch(() => {});
    else video.current.pause();
  }

  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate flex min-h-svh items-center overflow-hidden"
    >
      <video
        ref={video}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        // Decorative background: silent, looping, inline on phones; held on its poster for reduced motion.
        className="absolute inset-0 -z-20 size-full object-cover"
        src={MEDIA.heroLoop}
        poster={MEDIA.heroPoster}
        autoPlay={!reducedMotion}
        loop
        muted
        playsInline
        preload="auto"
        aria-hidden="true"
        tabIndex={-1}
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-b from-neutral-950/60 via-neutral-950/10 to-neutral-950"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_30%_45%,transparent_0%,rgb(10_10_10/0.45)_75%)]"
      />

      <div className="mx-auto w-full max-w-7xl px-6 pt-28 pb-36 lg:px-8">
        <div className="max-w-3xl">
          <p
            className={`${FADE_IN}inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3.5 py-1.5 text-xs font-medium tracking-wide text-neutral-200 backdrop-blur-md`}
          >
            <span
              className="size-1.5 rounded-full bg-amber-400 shadow-[0_0_12px_2px] shadow-amber-400/60"
              aria-hidden="true"
            />
            AI-assisted filmmaking studio · Open beta
          </p>
          <h1
            id="hero-title"
            className="mt-7 text-5xl leading-[1.04] font-semibold tracking-tight text-balance text-white sm:text-6xl lg:text-7xl xl:text-[5.25rem]"
          >
            Make old things easier and{' '}
            <span className="bg-gradient-to-r from-amber-200 via-amber-400 to-orange-500 bg-clip-text text-transparent">
              new things possible
            </span>
          </h1>
          <p className="mt-7 max-w-xl text-lg leading-relaxed text-pretty text-neutral-300 sm:text-xl">
            Cinegraph is a studio for filmmakers and digital artists. Design generation pipelines as node
            graphs, write your movie as scenes, shots and characters, and generate every shot with the
            workflows you trust.
          </p>
          <div className="mt-10 flex flex-wrap items-center gap-3">
            <a
              href="#reimagine"
              onClick={(event) => {
                event.preventDefault();
                onWatchTrailer();
              }}
              className={`${LINK} bg-white text-neutral-950 hover:bg-neutral-200`}
            >
              <PlayIcon className="size-4" />
              Watch the trailer
            </a>
            <a
              href="#how-it-works"
              className={`${LINK} bg-white/10 text-white ring-1 ring-white/15 backdrop-blur-md ring-inset hover:bg-white/15`}
            >
              How it works
              <ArrowRightIcon className="size-4" />
            </a>
          </div>
        </div>
      </div>

      <a
        href="#reimagine"
        aria-label="Scroll to Reimagine filmmaking"
        className="absolute bottom-8 left-1/2 -translate-x-1/2 rounded-full p-2 text-neutral-400 transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-amber-400"
      >
        <ChevronDownIcon className="motion-safe:animate-nudge size-6" />
      </a>

      {/* Moving pictures that start by themselves can be stopped (WCAG 2.2.2). */}
      <button
        type="button"
        onClick={togglePlayback}
        aria-label={playing ? 'Pause background video' : 'Play background video'}
        className="absolute right-6 bottom-8 rounded-full p-2 text-neutral-400 ring-1 ring-white/10 backdrop-blur-md transition-colors hover:text-white focus-visible:outline-2 focus-visible:outline-amber-400 lg:right-8"
      >
        {playing ? <PauseIcon className="size-4" /> : <PlayIcon className="size-4" />}
      </button>
    </section>
  );
}
