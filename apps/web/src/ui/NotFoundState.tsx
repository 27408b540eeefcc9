import { Link } from 'react-router';
import { ApiError } from '../lib/api';

/**
 * Whether a read failed because what the address names is not there for this user: an id that is no id
 * (400), a movie, scene or shot that is not shared with them (403) or does not exist (404).
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && [400, 403, 404].includes(error.status);
}

/**
 * What a screen shows for an address that leads nowhere: what was not found and the way back to My
 * Movies, nothing else to act on (the server's wording of a bad id is for developers).
 */
export function NotFoundState({ thing }: { thing: 'movie' | 'scene' | 'shot' }) {
  const title = `${thing[0]!.toUpperCase()}${thing.slice(1)} Not Found`;
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-4 py-24 text-center text-neutral-300">
      <h1 className="text-xl font-semibold text-white">{title}</h1>
      <p>The {thing} you&apos;re looking for doesn&apos;t exist or isn&apos;t shared with you.</p>
      <Link
        to="/movies"
        className="mt-3 inline-flex h-10 items-center rounded-lg bg-amber-400 px-4 text-sm font-medium text-neutral-950 hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
      >
        Return to My Movies
      </Link>
    </div>
  );
}
