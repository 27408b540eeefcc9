import type { StoryboardLevel } from '@cinegraph/contracts';
import { levelPlural, type StoryboardItem } from '../logic/levels';
import { useSortableGrid } from '../hooks/useSortableGrid';
import { ItemTile } from './ItemTile';
import { PlusTile } from './PlusTile';

export interface ItemGridProps {
  level: StoryboardLevel;
  items: readonly StoryboardItem[];
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
  const { level, items } = props;
  const { drag, onPointerDown } = useSortableGrid(props.onMove);
  const ids = items.map((item) => item._id);
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
          position={position}
          selected={item._id === props.selectedId}
          busy={props.busyIds.has(item._id)}
          newOutput={props.newOutputIds.has(item._id)}
          dragOffset={drag?.id === item._id ? drag : undefined}
          dropTarget={drag !== null && drag.overId === item._id && drag.id !== item._id}
          autoFocus={item._id === props.focusId}
          onSelect={() => props.onSelect(item._id)}
          onOpen={() => props.onOpen(item)}
          onTitleChange={(text) => props.onTitleChange(item, text)}
          onEnter={level === 'shot' && position === items.length - 1 ? props.onCreate : undefined}
          onToggleHidden={() => props.onToggleHidden(item)}
          onDelete={() => props.onDelete(item)}
          onPointerDown={(event) => onPointerDown(event, item._id, ids)}
        />
      ))}
      <PlusTile level={level} creating={props.creating} onCreate={props.onCreate} />
    </div>
  );
}
