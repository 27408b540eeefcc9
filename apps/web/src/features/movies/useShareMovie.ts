import { endpoints } from '@cinegraph/contracts';
import { useState } from 'react';
import { apiCall } from '../../lib/api';
import { copyText } from './clipboard';
import { absoluteShareUrl } from './shareLink';

export type ShareResult = { status: 'shared'; url: string; copied: boolean } | { status: 'failed' };

/** Share: make a link, copy it, and keep the outcome for the result dialog. */
export function useShareMovie() {
  const [sharing, setSharing] = useState(false);
  const [result, setResult] = useState<ShareResult | null>(null);

  async function share(movieId: string) {
    setSharing(true);
    try {
      const { share_url } = await apiCall(endpoints.shareMovie, { params: { movieId } });
      const url = absoluteShareUrl(share_url, window.location.origin);
      setResult({ status: 'shared', url, copied: await copyText(url) });
    } catch {
      setResult({ status: 'failed' });
    } finally {
      setSharing(false);
    }
  }

  return { sharing, result, share, closeResult: () => setResult(null) };
}
