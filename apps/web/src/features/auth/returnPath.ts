/** Where a visitor was when they had to sign in first; the magic link brings them back there. */
const KEY = 'cinegraph.returnPath';

/** Only the share-acceptance page asks to be returned to, and only a path of this site is kept. */
const RETURNABLE = /^\/share\/[A-Za-z0-9_-]+$/;

export function rememberReturnPath(path: string, storage: Storage = localStorage): void {
  if (RETURNABLE.test(path)) storage.setItem(KEY, path);
}

/** The remembered path, once: it is forgotten as it is read. Null when there is none (or it is not ours). */
export function takeReturnPath(storage: Storage = localStorage): string | null {
  const path = storage.getItem(KEY);
  storage.removeItem(KEY);
  return path && RETURNABLE.test(path) ? path : null;
}
