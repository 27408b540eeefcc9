import { endpoints, MESSAGES } from '@cinegraph/contracts';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CheckIcon, CopyIcon } from '../../ui/icons';
import { apiCall } from '../../lib/api';
import { copyText } from './clipboard';
import type { ShareResult } from './useShareMovie';

/** The outcome of Share: the copied link (shown too, for copying by hand), or the failure. */
export function ShareResultDialog({ result, onClose }: { result: ShareResult | null; onClose(): void }) {
  // The link whose shares were just revoked: it no longer works, so it is no longer offered as copied.
  const [revokedUrl, setRevokedUrl] = useState<string | null>(null);
  if (result?.status === 'failed') {
    return (
      <Dialog
        open
        title={MESSAGES.shareFailedTitle}
        onClose={onClose}
        footer={<Button onClick={onClose}>Close</Button>}
      >
        <p>{MESSAGES.shareFailed}</p>
      </Dialog>
    );
  }
  return (
    <Dialog
      open={result !== null}
      title={MESSAGES.shareSuccessTitle}
      onClose={onClose}
      footer={
        <Button variant="primary" onClick={onClose}>
          Done
        </Button>
      }
    >
      {result && (
        <>
          <SharedLink
            key={result.url}
            url={result.url}
            copied={result.copied}
            revoked={revokedUrl === result.url}
          />
          <RevokeLinks
            key={`revoke-${result.url}`}
            movieId={result.movieId}
            expiresAt={result.expiresAt}
            onRevoked={() => setRevokedUrl(result.url)}
          />
        </>
      )}
    </Dialog>
  );
}

/** When the links stop working on their own, and a way to stop them now (a link sent to the wrong person). */
function RevokeLinks({
  movieId,
  expiresAt,
  onRevoked,
}: {
  movieId: string;
  expiresAt: string | null;
  onRevoked(): void;
}) {
  const [state, setState] = useState<'idle' | 'revoking' | 'revoked' | 'failed'>('idle');
  const revoke = async () => {
    setState('revoking');
    try {
      await apiCall(endpoints.revokeMovieShares, { params: { movieId } });
      setState('revoked');
      onRevoked();
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="mt-4 space-y-2 border-t border-white/10 pt-3 text-xs text-neutral-400">
      {expiresAt && state !== 'revoked' && (
        <p>The link works until {new Date(expiresAt).toLocaleDateString()}.</p>
      )}
      {state === 'revoked' ? (
        <p role="status" className="text-emerald-400">
          Share links revoked: nobody new can join with them. Members keep the movie.
        </p>
      ) : (
        <Button onClick={revoke} disabled={state === 'revoking'}>
          Revoke share links
        </Button>
      )}
      {state === 'failed' && <p role="alert">Failed to revoke the share links.</p>}
    </div>
  );
}

function SharedLink({
  url,
  copied: copiedAtFirst,
  revoked,
}: {
  url: string;
  copied: boolean;
  revoked: boolean;
}) {
  const [copied, setCopied] = useState(copiedAtFirst);
  if (revoked) {
    return (
      <div className="space-y-3">
        <p>This link no longer works.</p>
        <input
          readOnly
          disabled
          value={url}
          aria-label="Revoked share link"
          className="h-10 w-full rounded-lg border border-white/10 bg-neutral-950 px-3 font-mono text-xs text-neutral-500 line-through"
        />
      </div>
    );
  }
  return (
    <div className="space-y-3">
      <p className={copied ? 'text-emerald-400' : undefined}>
        {copied ? MESSAGES.shareSuccess : 'Copy this link and send it to share the movie.'}
      </p>
      <div className="flex gap-2">
        <input
          readOnly
          value={url}
          aria-label="Share link"
          onFocus={(event) => event.target.select()}
          className="h-10 min-w-0 flex-1 rounded-lg border border-white/10 bg-neutral-950 px-3 font-mono text-xs text-neutral-200 outline-none focus:border-amber-400/70"
        />
        <Button onClick={async () => setCopied(await copyText(url))}>
          {copied ? <CheckIcon className="size-4 text-emerald-400" /> : <CopyIcon />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p className="text-xs text-neutral-500">Anyone signed in who opens it gets the movie in their list.</p>
    </div>
  );
}
