import { ArrowRightIcon } from './landingIcons';
import { Reveal } from './Reveal';

interface CallToActionProps {
  signedIn: boolean;
  onGetStarted(): void;
  onOpenMovies(): void;
}

/** The invitation to join the beta: sign in when signed out, or straight to the movies. */
export function CallToActionSection({ signedIn, onGetStarted, onOpenMovies }: CallToActionProps) {
  return (
    <section aria-labelledby="beta-title" className="py-24 sm:py-32">
      <div className="mx-auto max-w-7xl px-6 lg:px-8">
        <Reveal>
          <div className="relative isolate overflow-hidden rounded-3xl border border-white/10 bg-neutral-900 px-6 py-20 text-center shadow-2xl shadow-black/60 sm:px-16">
            <div
              aria-hidden="true"
              className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,rgb(245_158_11/0.22),transparent_60%)]"
            />
            <div
              aria-hidden="true"
              className="absolute -bottom-40 left-1/2 -z-10 h-80 w-[48rem] -translate-x-1/2 rounded-full bg-orange-600/15 blur-3xl"
            />
            <p className="text-xs font-semibold tracking-[0.22em] text-amber-400 uppercase">Open beta</p>
            <h2
              id="beta-title"
              className="mx-auto mt-4 max-w-2xl text-4xl font-semibold tracking-tight text-balance text-white sm:text-5xl"
            >
              Become a beta tester
            </h2>
            <p className="mx-auto mt-5 max-w-xl text-lg leading-relaxed text-pretty text-neutral-300">
              We are opening Cinegraph to filmmakers and digital artists. Sign in with your email, no password
              needed, and start your first movie from a ready-made pipeline in minutes.
            </p>
            <button
              type="button"
              onClick={signedIn ? onOpenMovies : onGetStarted}
              className="mt-10 inline-flex h-12 items-center justify-center gap-2 rounded-xl bg-amber-400 px-7 text-[15px] font-semibold text-neutral-950 shadow-lg shadow-amber-500/25 transition-colors hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
            >
              {signedIn ? 'Go to My Movies' : 'Get Started'}
              <ArrowRightIcon className="size-4" />
            </button>
          </div>
        </Reveal>
      </div>
    </section>
  );
}
