import type { MouseEvent } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { TopNav } from './TopNav';
import { useDocumentTitle } from './useDocumentTitle';

/** Every page of the site: a skip link, the fixed navigation, the page itself. */
export function SiteLayout() {
  useDocumentTitle();
  const loading = useNavigation().state === 'loading';
  return (
    <div className="min-h-svh bg-neutral-950 text-neutral-100">
      <SkipLink />
      {loading && <RouteProgress />}
      <TopNav />
      <Outlet />
      <ScrollRestoration />
    </div>
  );
}

/** Lets keyboard users jump past the navigation to the page's main landmark. */
function SkipLink() {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.querySelector('main');
    if (!main) return;
    event.preventDefault();
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
  }
  return (
    <a
      href="#main"
      onClick={skip}
      className="sr-only z-50 rounded-lg bg-amber-400 px-4 py-2 text-sm font-semibold text-neutral-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  );
}

/** A thin bar at the top while the next screen's code loads. */
function RouteProgress() {
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden"
    >
      <div className="h-full w-1/3 animate-pulse bg-gradient-to-r from-amber-400 via-orange-500 to-amber-400" />
    </div>
  );
}
