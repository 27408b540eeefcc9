import type { ReactNode } from 'react';

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: ReactNode;
  children?: ReactNode;
  align?: 'left' | 'center';
}

/** A section's eyebrow, title (its accessible name, by id) and lead paragraph. */
export function SectionHeading({ id, eyebrow, title, children, align = 'left' }: SectionHeadingProps) {
  const centered = align === 'center';
  return (
    <div className={centered ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      <p className="text-xs font-semibold tracking-[0.22em] text-amber-400 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-4 text-4xl font-semibold tracking-tight text-balance text-white sm:text-5xl">
        {title}
      </h2>
      {children && <p className="mt-5 text-lg leading-relaxed text-pretty text-neutral-400">{children}</p>}
    </div>
  );
}
