import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref holding the latest `value` (written after each render): handlers made once can read the props
 * of now, so the children they are passed to need not render again when only a handler's closure did.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
