import { endpoints, MESSAGES } from '@cinegraph/contracts';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { apiCall } from '../../lib/api';
import { useStoredUser } from '../../lib/session';
import { AlertIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import { rememberReturnPath } from '../auth/returnPath';
import { movieEditorPath } from '../movies/paths';
import { createInFlight } from './inFlight';

// Module scope, so StrictMode's second effect run (or a quick remount) joins the first request instead
// of adding the movie twice, which the server would refuse as "already have this movie".
const addOnce = createInFlight<string>();

/** /share/:token: adds the shared movie to the signed-in user, then opens it in the editor. */
export function AcceptSharedMoviePage() {
  const { token } = useParams();
  const { userId } = useStoredUser();
  const navigate = useNavigate();
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const attempt = `${token ?? ''}:${userId ?? ''}`;

  useEffect(() => {
    // Signed out: the magic link brings the visitor back here, and the share is accepted then.
    if (token && !userId) rememberReturnPath(`/share/${token}`);
    if (!token || !userId) return;
    let current = true;
    addOnce(attempt, async () => {
      const { movie_id } = await apiCall(endpoints.addSharedMovie, { params: { token, userId } });
      return movie_id;
    }).then(
      (movieId) => current && navigate(movieEditorPath(movieId), { replace: true }),
      () => current && setFailedFor(attempt),
    );
    return () => {
      current = false;
    };
  }, [attempt, token, userId, navigate]);

  const failed = !token || !userId || failedFor === attempt;
  return (
    <main className="flex min-h-screen items-center justify-center bg-neutral-950 px-4 pt-16 text-neutral-100">
      {failed ? (
        <AcceptFailed signedIn={Boolean(userId)} />
      ) : (
        <Spinner size="lg" label="Adding the shared movie..." />
      )}
    </main>
  );
}

const LINK =
  'inline-flex h-10 items-center justify-center rounded-lg px-4 text-sm font-medium transition-colors';

function AcceptFailed({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="w-full max-w-md rounded-2xl border border-white/10 bg-neutral-900/70 p-8 text-center shadow-2xl shadow-black/50">
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-500/15 text-red-400">
        <AlertIcon className="size-6" />
      </span>
      <h1 className="mt-5 text-xl font-semibold tracking-tight text-white">
        {MESSAGES.addSharedMovieFailed}
      </h1>
      <p className="mt-2 text-sm text-neutral-400">{MESSAGES.addSharedMovieHint}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className={`${LINK} ${signedIn ? 'bg-neutral-800 text-neutral-100 ring-1 ring-white/10 hover:bg-neutral-700' : 'bg-amber-400 text-neutral-950 hover:bg-amber-300'}`}
        >
          {signedIn ? 'Go home' : 'Go home to sign in'}
        </Link>
        <Link
          to="/movies"
          className={`${LINK} ${signedIn ? 'bg-amber-400 text-neutral-950 hover:bg-amber-300' : 'bg-neutral-800 text-neutral-100 ring-1 ring-white/10 hover:bg-neutral-700'}`}
        >
          My Movies
        </Link>
      </div>
    </section>
  );
}
