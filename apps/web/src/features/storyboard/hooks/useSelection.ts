import { useCallback, useState } from 'react';

/**
 * The selected item of a list: the first one until the user picks another, nothing after the last
 * one is deleted. An id no longer shown (hidden, deleted elsewhere) falls back to the first item.
 */
export function useSelection<T extends { _id: string }>(visible: readonly T[]) {
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const selected =
    chosen === null ? null : (visible.find((item) => item._id === chosen) ?? visible[0] ?? null);
  const select = useCallback((id: string | null) => setChosen(id), []);
  return { selected, select };
}
