import type { ReactNode } from 'react';

/** The frame of a content page (forum, curated media, marketing pages), below the site's top navigation. */
export function PageShell({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return (
    <main className="min-h-screen bg-neutral-950 px-4 pt-28 pb-20 text-neutral-100 sm:px-6 lg:px-8">
      <div className={`mx-auto ${narrow ? 'max-w-3xl' : 'max-w-6xl'}`}>{children}</div>
    </main>
  );
}
