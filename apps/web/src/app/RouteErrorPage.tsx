import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { BrandMark } from './layout/BrandMark';

/**
 * A screen that failed to render or load. Inside the layout by default; `standalone` when the layout
 * itself failed, so it brings its own header.
 */
export function RouteErrorPage({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : null;

  return (
    <div className="min-h-svh bg-neutral-950 text-neutral-100">
      {standalone && (
        <header className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6 lg:px-8">
          <a
            href="/"
            className="flex items-center gap-2.5 text-[17px] font-semibold tracking-tight text-white"
          >
            <BrandMark className="size-8" />
            Cinegraph
          </a>
        </header>
      )}
      <main id="main" className="flex min-h-[calc(100svh-4rem)] items-center justify-center px-6 pt-16 pb-16">
        <section
          role="alert"
          className="w-full max-w-md rounded-2xl border border-white/10 bg-neutral-900/70 p-8 text-center shadow-2xl shadow-black/50"
        >
          <h1 className="text-xl font-semibold tracking-tight text-white">Something went wrong</h1>
          <p className="mt-2 text-sm text-neutral-400">
            This page could not be shown. Try again, or head back to the home page.
          </p>
          {detail && (
            <p className="mt-4 rounded-lg bg-neutral-950/70 px-3 py-2 font-mono text-xs break-words text-neutral-500">
              {detail}
            </p>
          )}
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <button
              type="button"
              onClick={() => window.location.reload()}
              className={`${ACTION} bg-amber-400 text-neutral-950 hover:bg-amber-300`}
            >
              Try again
            </button>
            {standalone ? (
              <a
                href="/"
                className={`${ACTION} bg-white/5 text-neutral-100 ring-1 ring-white/10 hover:bg-white/10`}
              >
                Go home
              </a>
            ) : (
              <Link
                to="/"
                className={`${ACTION} bg-white/5 text-neutral-100 ring-1 ring-white/10 hover:bg-white/10`}
              >
                Go home
              </Link>
            )}
          </div>
        </section>
      </main>
    </div>
  );
}

const ACTION =
  'inline-flex h-10 items-center justify-center rounded-lg px-4 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400';
