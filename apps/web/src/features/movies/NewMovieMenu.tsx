import { useNavigate } from 'react-router';
import { ChevronDownIcon, PlusIcon } from '../../ui/icons';
import { Menu } from '../../ui/Menu';
import { ImportScriptDialog } from '../storyboard/script/ImportScriptDialog';
import { scenesPath } from '../storyboard/paths';
import type { MovieStart } from './createMovie';
import { useMovieListCache } from './useMovies';

const TRIGGER =
  'inline-flex h-10 items-center gap-2 rounded-lg bg-amber-400 px-4 text-sm font-medium text-neutral-950 shadow-lg shadow-amber-500/10 transition-colors hover:bg-amber-300 disabled:opacity-50';

/** New Movie: from the text-to-video or the lip-sync template, a blank movie, or a script. */
export function NewMovieMenu({
  onCreate,
  onImportScript,
}: {
  onCreate(start: MovieStart): void;
  onImportScript(): void;
}) {
  return (
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
        { label: 'Import Script', onSelect: onImportScript },
      ]}
    />
  );
}

/** Import Script for a new movie: the dialog, then the new movie joins the list and its scenes open. */
export function NewMovieScriptDialog({ userId, onClose }: { userId: string; onClose(): void }) {
  const cache = useMovieListCache(userId);
  const navigate = useNavigate();
  return (
    <ImportScriptDialog
      target={{ newMovie: true }}
      onClose={onClose}
      onDone={async (done) => {
        if (!('movie' in done)) return;
        await cache.prepend(done.movie);
        navigate(scenesPath(done.movie._id));
      }}
    />
  );
}
