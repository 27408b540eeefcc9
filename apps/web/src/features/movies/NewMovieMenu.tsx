import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ChevronDownIcon, PlusIcon } from '../../ui/icons';
import { Menu } from '../../ui/Menu';
import { ImportScriptDialog } from '../storyboard/script/ImportScriptDialog';
import { scenesPath } from '../storyboard/paths';
import type { MovieStart } from './createMovie';
import { useMovieListCache } from './useMovies';

const TRIGGER =
  'inline-flex h-10 items-center gap-2 rounded-lg bg-amber-400 px-4 text-sm font-medium text-neutral-950 shadow-lg shadow-amber-500/10 transition-colors hover:bg-amber-300 disabled:opacity-50';

/**
 * New Movie: from the text-to-video or the lip-sync template, a blank movie, or a script (the import
 * dialog, then the new movie's scenes).
 */
export function NewMovieMenu({ userId, onCreate }: { userId: string; onCreate(start: MovieStart): void }) {
  const [importing, setImporting] = useState(false);
  const cache = useMovieListCache(userId);
  const navigate = useNavigate();
  return (
    <>
      <Menu
        label="New Movie"
        triggerClassName={TRIGGER}
        trigger={
          <>
            <PlusIcon />
            New Movie
            <ChevronDownIcon className="size-4" />
          </>
        }
        items={[
          { label: 'Text to video template', onSelect: () => onCreate('text-to-video') },
          { label: 'Lip sync template', onSelect: () => onCreate('lip-sync') },
          { label: 'Blank movie', onSelect: () => onCreate('blank') },
          { label: 'Import Script', onSelect: () => setImporting(true) },
        ]}
      />
      {importing && (
        <ImportScriptDialog
          target={{ newMovie: true }}
          onClose={() => setImporting(false)}
          onDone={async (done) => {
            if (!('movie' in done)) return;
            await cache.prepend(done.movie);
            navigate(scenesPath(done.movie._id));
          }}
        />
      )}
    </>
  );
}
