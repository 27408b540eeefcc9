import { useCallback, useState } from 'react';

/**
 * The state of a dialog whose code is asked for when it is first opened (React.lazy): `mounted` from
 * that first opening on and kept mounted when closed, so what was chosen in it stays for the next one.
 */
export function useLazyDialog() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const show = useCallback(() => {
    setMounted(true);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return { open, mounted, show, close };
}
