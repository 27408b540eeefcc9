import { Link } from 'react-router';
import { SpinnerWheel } from '../../../ui/Spinner';
import { CheckIcon, PlusIcon } from '../../../ui/icons';
import { ExportMovieButton } from '../../exports/ExportMovieButton';

interface EditorTopBarProps {
  movieId: string;
  title: string;
  saving: boolean;
  showHidden: boolean;
  phone: boolean;
  onToggleHidden(): void;
  onHelp(): void;
  onOpenCharacters(): void;
  onOpenScenes(): void;
  onAdd(kind: 'character' | 'primitive' | 'workflow'): void;
  onCreateNode(): void;
}

const BUTTON =
  'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-neutral-200 ring-1 ring-white/10 ring-inset hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-[var(--editor-accent)]';

/** The editor's bar: the movie, the saving state, view toggles, navigation and the add buttons. */
export function EditorTopBar(props: EditorTopBarProps) {
  const { title, saving, showHidden, phone } = props;
  // On phones Create Node sits in the top row, so the only way to add a node is never scrolled away.
  const createNode = (
    <button
      type="button"
      onClick={props.onCreateNode}
      className={`${BUTTON} ${phone ? 'ml-auto' : ''}`}
      aria-label="Create Node"
    >
      <PlusIcon /> {!phone && 'Node'}
    </button>
  );
  return (
    // Wide screens: one row. Phones: the movie and its state on top, the actions in a scrolling row below.
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5 border-b border-white/10 bg-neutral-950/90 px-3 py-2 backdrop-blur">
      <Link
        to="/movies"
        className="shrink-0 text-xs text-neutral-400 hover:text-white"
        aria-label="Back to My Movies"
      >
        ←
      </Link>
      <h1 className="max-w-48 min-w-0 truncate text-sm font-semibold text-white" title={title}>
        {title}
      </h1>
      <span
        data-testid="save-state"
        role="status"
        aria-live="polite"
        className="flex w-20 shrink-0 items-center gap-1 text-xs text-neutral-400"
      >
        {saving ? (
          <>
            <SpinnerWheel size="sm" /> Saving...
          </>
        ) : (
          <>
            <CheckIcon className="size-3.5 text-emerald-400" /> Saved
          </>
        )}
      </span>
      {phone && createNode}
      <div className="ml-auto flex max-w-full items-center gap-1.5 overflow-x-auto [scrollbar-width:none]">
        <label className={`${BUTTON} cursor-pointer`}>
          <input
            type="checkbox"
            checked={showHidden}
            onChange={props.onToggleHidden}
            className="accent-[var(--editor-accent)]"
          />
          {phone ? 'Hidden' : 'Show hidden'}
        </label>
        <button type="button" onClick={props.onHelp} className={BUTTON}>
          Help
        </button>
        <button type="button" onClick={props.onOpenCharacters} className={BUTTON}>
          Characters
        </button>
        <button type="button" onClick={props.onOpenScenes} className={BUTTON}>
          Scenes
        </button>
        <ExportMovieButton movieId={props.movieId} className={BUTTON} />
        <span className="mx-1 h-5 w-px bg-white/10" aria-hidden="true" />
        {!phone && createNode}
        <AddButton label="Add Character" shortcut="C" onClick={() => props.onAdd('character')} />
        <AddButton label="Add Primitive" shortcut="P" onClick={() => props.onAdd('primitive')} />
        <AddButton label="Add Workflow" shortcut="N" onClick={() => props.onAdd('workflow')} />
      </div>
    </div>
  );
}

function AddButton({ label, shortcut, onClick }: { label: string; shortcut: string; onClick(): void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={BUTTON}
      title={`${label} (${shortcut})`}
      aria-keyshortcuts={shortcut}
    >
      {label}
      <kbd className="rounded bg-white/10 px-1 font-mono text-[10px] text-neutral-400">{shortcut}</kbd>
    </button>
  );
}
