import { Menu } from '../../ui/Menu';
import { FilmIcon, PencilIcon, ShareIcon, TrashIcon } from '../../ui/icons';

interface MovieCardMenuProps {
  onEditTitle(): void;
  onDelete(): void;
  onShare(): void;
  /** Whether the movie's takes marked use-as-input appear on the curated-media page. */
  sharesTakes: boolean;
  onToggleShareTakes(): void;
}

/** The card's Edit menu; the destructive Delete Movie goes last, away from the everyday actions. */
export function MovieCardMenu({
  onEditTitle,
  onDelete,
  onShare,
  sharesTakes,
  onToggleShareTakes,
}: MovieCardMenuProps) {
  return (
    <Menu
      label="Edit"
      trigger={
        <>
          <PencilIcon className="size-3.5" />
          <span>Edit</span>
        </>
      }
      triggerClassName="inline-flex h-8 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-neutral-300 transition-colors hover:bg-white/10 hover:text-white aria-expanded:bg-white/10 aria-expanded:text-white focus-visible:outline-2 focus-visible:outline-amber-400"
      items={[
        { label: 'Edit Title', icon: <PencilIcon />, onSelect: onEditTitle },
        { label: 'Share', icon: <ShareIcon />, onSelect: onShare },
        {
          label: 'Share takes with the community',
          icon: <FilmIcon />,
          checked: sharesTakes,
          onSelect: onToggleShareTakes,
        },
        { label: 'Delete Movie', icon: <TrashIcon />, onSelect: onDelete, danger: true },
      ]}
    />
  );
}
