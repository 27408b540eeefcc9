import { Link } from 'react-router';
import { TUTORIAL_PAGES, tutorialPath } from '../logic/tutorialPages';

/** /tutorials: every tutorial page, in reading order. */
export function TutorialsIndexPage() {
  return (
    <div className="max-w-4xl">
      <h1 className="text-3xl font-semibold tracking-tight text-white sm:text-4xl">Tutorials</h1>
      <p className="mt-3 text-base text-neutral-400 sm:text-lg">
        Learn the studio by doing: each page explains one part and most let you try it right here, no account
        needed. Reading them in order takes about a quarter of an hour.
      </p>
      <ol className="mt-8 grid gap-3 sm:grid-cols-2">
        {TUTORIAL_PAGES.map((page, i) => (
          <li key={page.slug}>
            <Link
              to={tutorialPath(page.slug)}
              className="flex h-full gap-3 rounded-xl border border-white/10 bg-neutral-900/60 p-4 hover:border-amber-400/50 focus-visible:outline-2 focus-visible:outline-amber-400"
            >
              <span className="text-sm font-semibold text-amber-300 tabular-nums">{i + 1}</span>
              <span>
                <span className="block font-semibold text-white">{page.title}</span>
                <span className="mt-1 block text-sm text-neutral-400">{page.summary}</span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </div>
  );
}
