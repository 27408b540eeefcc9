import { createContext, useContext } from 'react';

/**
 * True inside demos that run in the browser alone (the tutorials). The studio's own components render
 * there as they are; the parts of them that need the server (uploads, generation, the asset browser,
 * descriptions, display images) step aside.
 */
export const OfflineContext = createContext(false);

export function useOffline(): boolean {
  return useContext(OfflineContext);
}
