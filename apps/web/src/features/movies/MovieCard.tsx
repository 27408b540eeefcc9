import { MESSAGES, type Movie } from '@cinegraph/contracts';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Spinner } from '../../ui/Spinner';
import { MovieCardFooter } from './MovieCardFooter';
import { MovieCardPreview } from './MovieCardPreview';
import { movieEditorPath } from './paths';
import { ShareResultDialog } from './ShareResultDialog';
import { titleToSave } from './titleEdit';
import { useMovieEdits } from './useMovieEdits';
import { useShareMovie } from './useShareMovie';

interface MovieCardProps {
  movie: Movie;
  userId: string;
  /** Just created: scrolled into view and outlined so the user sees where it went. */
  highlighted?: boolean;
}

export function MovieCard({ movie, userId, highlighted = false }: MovieCardProps) {
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { rename, remove, setShareTakes } = useMovieEdits(userId);
  const { sharing, result, share, closeResult } = useShareMovie();
  const cardRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (highlighted) cardRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [highlighted]);

  function openEditor(event: MouseEvent<HTMLElement>) {
    const target = event.target as Element;
    // Clicks from the menu, the title field or the dialogs (portals still bubble here) are not "open".
    if (!event.currentTarget.contains(target) || target.closest('[data-card-controls]')) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey) return; // the browser opens the link itself
    event.preventDefault();
    window.open(movieEditorPath(movie._id), '_blank', 'noopener');
  }

  async function saveTitle(draft: string) {
    const title = titleToSave(movie.title, draft);
    if (title === null) return setEditing(false);
    setSaving(true);
    if (await rename(movie, title)) setEditing(false);
    setSaving(false);
  }

  async function confirmDelete() {
    setDeleting(true);
    await remove(movie);
    setDeleting(false);
    setConfirmingDelete(false);
  }

  // A card with its Edit menu open lies above the cards after it (hovering moves a card, which gives
  // it a stacking context of its own), so the menu's last items stay clickable.
  return (
    <article
      ref={cardRef}
      data-testid="movie-card"
      onClick={openEditor}
      className={`group relative min-w-0 cursor-pointer rounded-2xl border bg-neutral-900/60 has-[[aria-expanded=true]]:z-20 shadow-lg shadow-black/30 transition duration-300 hover:-translate-y-0.5 hover:border-amber-400/40 hover:shadow-amber-500/5 ${
        highlighted ? 'border-amber-400/80 ring-4 ring-amber-400/20' : 'border-white/10'
      }`}
    >
      <a
        href={movieEditorPath(movie._id)}
        className="block rounded-t-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
      >
        <MovieCardPreview movie={movie} />
      </a>
      <MovieCardFooter
        movie={movie}
        editing={editing}
        saving={saving}
        onSaveTitle={saveTitle}
        onCancelEdit={() => setEditing(false)}
        onEditTitle={() => setEditing(true)}
        onDelete={() => setConfirmingDelete(true)}
        onShare={() => share(movie._id)}
        sharesTakes={movie.share_takes_with_community}
        onToggleShareTakes={() => void setShareTakes(movie, !movie.share_takes_with_community)}
      />
      {sharing && (
        <div data-card-controls>
          <Spinner overlay size="md" label="Creating share link..." />
        </div>
      )}
      <ConfirmDialog
        open={confirmingDelete}
        variant="delete"
        title="Delete Movie"
        message={MESSAGES.movieDeleteConfirm}
        busy={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setConfirmingDelete(false)}
      />
      <ShareResultDialog result={result} onClose={closeResult} />
    </article>
  );
}
