import { useEffect } from 'react';
import { useMatches } from 'react-router';
import type { RouteHandle } from '../routeHandle';

export const SITE_TITLE = 'Cinegraph: AI-assisted filmmaking studio';

/** Names the browser tab after the deepest route that declares a title. */
export function useDocumentTitle(): void {
  const matches = useMatches();
  const title = matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);

  useEffect(() => {
    document.title = title ? `${title} · Cinegraph` : SITE_TITLE;
  }, [title]);
}
