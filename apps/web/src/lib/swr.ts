import { CACHE } from '@cinegraph/contracts';
import type { SWRConfiguration } from 'swr';

/** The spec's cache settings for global reads (editor reads override revalidateOnFocus). */
export const swrConfig: SWRConfiguration = {
  dedupingInterval: CACHE.dedupingIntervalMs,
  errorRetryCount: CACHE.errorRetryCount,
  errorRetryInterval: CACHE.errorRetryIntervalMs,
  loadingTimeout: CACHE.loadingTimeoutMs,
  focusThrottleInterval: CACHE.focusThrottleIntervalMs,
  revalidateOnFocus: true,
  revalidateOnReconnect: true,
  onErrorRetry: (error: { status?: number }, _key, config, revalidate, { retryCount }) => {
    // A missing or forbidden resource will not appear by asking again.
    if (error.status === 401 || error.status === 403 || error.status === 404) return;
    if (retryCount >= CACHE.errorRetryCount) return;
    const slow = (navigator as { connection?: { effectiveType?: string } }).connection?.effectiveType;
    const interval =
      slow === 'slow-2g' || slow === '2g' ? CACHE.slowErrorRetryIntervalMs : config.errorRetryInterval;
    setTimeout(() => revalidate({ retryCount }), interval * 2 ** retryCount);
  },
};

/** Settings for editor reads: no refetch on focus (the spec). */
export const editorReadConfig: SWRConfiguration = { revalidateOnFocus: false };
