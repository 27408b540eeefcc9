import type { StoryboardLevel } from '@cinegraph/contracts';
import { useMemo } from 'react';
import { useLatest } from '../../../lib/useLatest';
import { levelPlural, type StoryboardItem } from '../logic/levels';
import { useSortableGrid } from '../hooks/useSortableGrid';
import { ItemTile, type TileActions } from './ItemTile';
import { PlusTile } from './PlusTile';

export interface ItemGridProps {
  level: StoryboardLevel;
  items: readonly StoryboardItem[];
  /** The tiles' pictures by item id (one read for the list); an item missing here shows its own. */
  images: Readonly<Record<string, string | null>> | undefined;
  selectedId: string | null;
  newOutputIds: ReadonlySet<string>;
  focusId: string | null;
  /** Items being hidden or shown. */
  busyIds: ReadonlySet<string>;
  creating: boolean;
  onSelect(id: string): void;
  onOpen(item: StoryboardItem): void;
  onTitleChange(item: StoryboardItem, text: string): void;
  onToggleHidden(item: StoryboardItem): void;
  onDelete(item: StoryboardItem): void;
  onCreate(): void;
  /** A tile dropped onto another: positions in `items`. */
  onMove(from: number, to: number): void;
}

/** The tiles of a list (2 columns, 3 on large screens, 4 on extra large) and the trailing plus tile. */
export function ItemGrid(props: ItemGridProps) {
  const { level, items, images } = props;
  const { drag, onPointerDown } = useSortableGrid(props.onMove);
  const latest = useLatest({ props, onPointerDown });
  // Made once: a tile renders again only when its own item or state changes, not with every grid render
  // (a selection, a picture arriving, a keystroke in one title would otherwise render all 300).
  const actions = useMemo<TileActions>(
    () => ({
      select: (id) => latest.current.props.onSelect(id),
      open: (item) => latest.current.props.onOpen(item),
      changeTitle: (item, text) => latest.current.props.onTitleChange(item, text),
      toggleHidden: (item) => latest.current.props.onToggleHidden(item),
      remove: (item) => latest.current.props.onDelete(item),
      create: () => latest.current.props.onCreate(),
      pointerDown: (event, id) =>
        latest.current.onPointerDown(
          event,
          id,
          latest.current.props.items.map((item) => item._id),
        ),
    }),
    [latest],
  );
  return (
    <div
      role="listbox"
      aria-label={levelPlural(level)}
      className="grid grid-cols-2 gap-4 lg:grid-cols-3 xl:grid-cols-4"
    >
      {items.map((item, position) => (
        <ItemTile
          key={item._id}
          level={level}
          item={item}
          image={images?.[item._id] ?? item.display_image}
          position={position}
          selected={item._id === props.selectedId}
          busy={props.busyIds.has(item._id)}
          newOutput={props.newOutputIds.has(item._id)}
          dragOffset={drag?.id === item._id ? drag : undefined}
          dropTarget={drag !== null && drag.overId === item._id && drag.id !== item._id}
          autoFocus={item._id === props.focusId}
          addsOnEnter={level === 'shot' && position === items.length - 1}
          actions={actions}
        />
      ))}
      <PlusTile level={level} creating={props.creating} onCreate={props.onCreate} />
    </div>
  );
}
