import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useHasScrolled } from './useHasScrolled';
import { prefersReducedMotion } from './usePrefersReducedMotion';

interface RevealProps {
  children: ReactNode;
  /** Milliseconds to wait after the block comes into view, to stagger neighbours. */
  delay?: number;
  className?: string;
}

function startsEntered(): boolean {
  return typeof IntersectionObserver === 'undefined' || prefersReducedMotion();
}

/**
 * Fades and lifts its content in the first time it scrolls into view. Blocks wait hidden only once the
 * visitor scrolls, so a page that is printed or captured without scrolling shows everything; with
 * reduced motion nothing moves.
 */
export function Reveal({ children, delay = 0, className = '' }: RevealProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [entered, setEntered] = useState(startsEntered);
  const scrolled = useHasScrolled();

  useEffect(() => {
    const node = ref.current;
    if (entered || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setEntered(true);
          observer.disconnect();
        }
      },
      { rootMargin: '0px 0px -8% 0px', threshold: 0.12 },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [entered]);

  const visible = entered || !scrolled;
  // Only the way in is animated; hiding a block that is still off-screen happens at once.
  const style: CSSProperties | undefined = visible && delay ? { transitionDelay: `${delay}ms` } : undefined;
  return (
    <div
      ref={ref}
      style={style}
      data-revealed={visible}
      className={`${
        visible
          ? 'translate-y-0 opacity-100 transition-[opacity,translate] duration-700 ease-out motion-reduce:transition-none'
          : 'translate-y-8 opacity-0'
      } ${className}`}
    >
      {children}
    </div>
  );
}
