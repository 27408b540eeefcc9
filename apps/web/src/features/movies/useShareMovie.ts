import { endpoints } from '@cinegraph/contracts';
import { useState } from 'react';
import { apiCall } from '../../lib/api';
import { copyText } from './clipboard';
import { absoluteShareUrl } from './shareLink';

export type ShareResult =
  | { status: 'shared'; movieId: string; url: string; copied: boolean; expiresAt: string | null }
  | { status: 'failed' };

/** Share: make a link, copy it, and keep the outcome for the result dialog. */
export function useShareMovie() {
  const [sharing, setSharing] = useState(false);
  const [result, setResult] = useState<ShareResult | null>(null);

  async function share(movieId: string) {
    setSharing(true);
    try {
      const { share_url, expires_at } = await apiCall(endpoints.shareMovie, { params: { movieId } });
      const url = absoluteShareUrl(share_url, window.location.origin);
      setResult({
        status: 'shared',
        movieId,
        url,
        copied: await copyText(url),
        expiresAt: expires_at ?? null,
      });
    } catch {
      setResult({ status: 'failed' });
    } finally {
      setSharing(false);
    }
  }

  return { sharing, result, share, closeResult: () => setResult(null) };
}
