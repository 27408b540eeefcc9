/** The spec's timings and limits, shared by the web app and the server. */
export const MAGIC_LINK_SENT_RESET_MS = 3000;
export const SIGN_IN_SUCCESS_BANNER_MS = 5000;
export const MAGIC_LINK_TTL_MINUTES = 15;

export const TOAST_DURATION_MS = { success: 5000, info: 5000, error: 7000 } as const;
export const TOAST_EXIT_MS = 300;

/** Data cache (SWR) settings. */
export const CACHE = {
  dedupingIntervalMs: 2000,
  utilityNodesDedupingIntervalMs: 10_000,
  loadingTimeoutMs: 3000,
  errorRetryIntervalMs: 5000,
  slowErrorRetryIntervalMs: 10_000,
  errorRetryCount: 3,
  focusThrottleIntervalMs: 5000,
} as const;

export const NICKNAME_MAX = 32;

/** Keys the web app keeps in local storage. */
export const LOCAL_STORAGE_KEYS = {
  userId: 'userId',
  nickname: 'userNickname',
  profileImage: 'userProfileImage',
  showHiddenItems: 'showHiddenItems',
} as const;
