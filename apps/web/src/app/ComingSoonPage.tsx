import { Link } from 'react-router';
import { useStoredUser } from '../lib/session';

interface ComingSoonPageProps {
  /** The screen's name, as the navigation and the spec call it. */
  title: string;
  blurb: string;
}

/** Stands in for a screen that is not built yet, so every route of the site leads somewhere. */
export function ComingSoonPage({ title, blurb }: ComingSoonPageProps) {
  const { userId } = useStoredUser();
  return (
    <main
      id="main"
      className="relative isolate flex min-h-svh items-center justify-center overflow-hidden px-6 pt-24 pb-16"
    >
      <div
        aria-hidden="true"
        className="absolute top-1/3 left-1/2 -z-10 size-[36rem] -translate-x-1/2 -translate-y-1/2 rounded-full bg-amber-500/10 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_1px_1px,rgb(255_255_255/0.06)_1px,transparent_0)] [mask-image:radial-gradient(ellipse_at_center,black,transparent_70%)] bg-[size:24px_24px]"
      />
      <section className="max-w-xl text-center">
        <p className="inline-flex items-center gap-2 rounded-full border border-amber-400/20 bg-amber-400/10 px-3 py-1 text-xs font-semibold tracking-[0.18em] text-amber-300 uppercase">
          <span className="size-1.5 animate-pulse rounded-full bg-amber-400" aria-hidden="true" />
          In production
        </p>
        <h1 className="mt-6 text-4xl font-semibold tracking-tight text-balance text-white sm:text-5xl">
          {title} <span className="whitespace-nowrap text-neutral-500">— coming soon</span>
        </h1>
        <p className="mx-auto mt-5 max-w-md text-base text-pretty text-neutral-400 sm:text-lg">{blurb}</p>
        <div className="mt-10 flex flex-wrap items-center justify-center gap-3">
          <Link to="/" className={`${ACTION} bg-amber-400 text-neutral-950 hover:bg-amber-300`}>
            Back to home
          </Link>
          {userId && (
            <Link
              to="/movies"
              className={`${ACTION} bg-white/5 text-neutral-100 ring-1 ring-white/10 hover:bg-white/10`}
            >
              My Movies
            </Link>
          )}
        </div>
      </section>
    </main>
  );
}

const ACTION =
  'inline-flex h-11 items-center justify-center rounded-lg px-5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400';
