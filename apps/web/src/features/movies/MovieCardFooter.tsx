import type { Movie } from '@cinegraph/contracts';
import { MovieCardMenu } from './MovieCardMenu';
import { movieCardDate } from './movieDates';
import { MovieTitleEditor } from './MovieTitleEditor';

interface MovieCardFooterProps {
  movie: Movie;
  editing: boolean;
  saving: boolean;
  onSaveTitle(draft: string): void;
  onCancelEdit(): void;
  onEditTitle(): void;
  onDelete(): void;
  onShare(): void;
  sharesTakes: boolean;
  onToggleShareTakes(): void;
}

/** Under the picture: the date and the Edit menu, or the title field while renaming. */
export function MovieCardFooter({
  movie,
  editing,
  saving,
  onSaveTitle,
  onCancelEdit,
  ...actions
}: MovieCardFooterProps) {
  const date = movieCardDate(movie);
  if (editing) {
    return (
      <div data-card-controls className="flex h-14 cursor-default items-center px-3">
        <MovieTitleEditor
          initialTitle={movie.title}
          saving={saving}
          onSave={onSaveTitle}
          onCancel={onCancelEdit}
        />
      </div>
    );
  }
  return (
    <div className="flex h-14 items-center justify-between gap-3 pr-2 pl-4">
      <p className="flex min-w-0 items-center gap-2 text-xs text-neutral-400">
        {/* The movie's accent colour from the editor, when it has one. */}
        <span
          aria-hidden="true"
          className="size-2 shrink-0 rounded-full bg-amber-400/70"
          style={movie.current_node_color ? { backgroundColor: movie.current_node_color } : undefined}
        />
        {date ? (
          <span className="truncate">
            {date.label} <time dateTime={date.iso}>{date.text}</time>
          </span>
        ) : null}
      </p>
      <div data-card-controls className="cursor-default">
        <MovieCardMenu {...actions} />
      </div>
    </div>
  );
}
