import { CURATED_MESSAGES } from '@cinegraph/contracts';
import { useState } from 'react';
import { Spinner } from '../../ui/Spinner';
import { PageShell } from '../../ui/PageShell';
import { CuratedTile } from './CuratedTile';
import { MediaViewer } from './MediaViewer';
import { useCuratedMedia } from './useCuratedMedia';

/** /dev/use-as-input-display: takes marked use-as-input that their movies' owners chose to share. */
export function CuratedMediaPage() {
  const { data: items, error, isLoading } = useCuratedMedia();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <PageShell>
      <header className="mb-10">
        <p className="text-xs font-semibold tracking-[0.2em] text-amber-400/80 uppercase">Developer tools</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-white sm:text-4xl">Curated Media</h1>
        <p className="mt-2 max-w-2xl text-sm text-neutral-400">
          Takes marked &ldquo;use as input&rdquo; in movies whose owners share their takes with the community.
        </p>
      </header>
      {items ? (
        items.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-white/10 py-20 text-center">
            <p className="text-lg font-semibold text-white">{CURATED_MESSAGES.empty}</p>
            <p className="mt-2 text-sm text-neutral-400">{CURATED_MESSAGES.emptyNote}</p>
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {items.map((media, index) => (
              <CuratedTile key={media._id} media={media} onOpen={() => setOpen(index)} />
            ))}
          </ul>
        )
      ) : error ? (
        <p role="alert" className="py-24 text-center text-red-300">
          {CURATED_MESSAGES.loadFailed}
        </p>
      ) : isLoading ? (
        <div className="flex justify-center py-24">
          <Spinner size="lg" label="Loading curated media" />
        </div>
      ) : null}
      {items && open !== null && (
        <MediaViewer items={items} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
      )}
    </PageShell>
  );
}
