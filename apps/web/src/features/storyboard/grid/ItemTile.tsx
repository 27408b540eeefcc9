import type { StoryboardLevel } from '@cinegraph/contracts';
import { memo, useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { FilmIcon, TrashIcon } from '../../../ui/icons';
import { itemTitle, tilePlaceholder, type StoryboardItem } from '../logic/levels';
import { TileBadges } from './TileBadges';

/** What a tile does, made once for the grid (see ItemGrid). */
export interface TileActions {
  select(id: string): void;
  /** Double-click: the child level. */
  open(item: StoryboardItem): void;
  changeTitle(item: StoryboardItem, text: string): void;
  toggleHidden(item: StoryboardItem): void;
  remove(item: StoryboardItem): void;
  /** Adds an item at the end. */
  create(): void;
  pointerDown(event: PointerEvent<HTMLElement>, id: string): void;
}

export interface ItemTileProps {
  level: StoryboardLevel;
  item: StoryboardItem;
  /** The picture: the list's display image of the item. */
  image: string | null;
  position: number;
  selected: boolean;
  /** Being hidden or shown. */
  busy: boolean;
  newOutput: boolean;
  /** Dragged: follows the pointer by this offset. */
  dragOffset?: { dx: number; dy: number };
  dropTarget: boolean;
  /** Moves focus into the title field once (a tile just added with Enter). */
  autoFocus: boolean;
  /** Enter adds an item after this one (the last shot). */
  addsOnEnter: boolean;
  actions: TileActions;
}

/** One scene, shot or character in the grid: a preview to double-click, its editable title, its states. */
export const ItemTile = memo(function ItemTile(props: ItemTileProps) {
  const { level, item, image, position, selected, dragOffset, dropTarget, actions } = props;
  const titleRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (props.autoFocus) titleRef.current?.focus();
  }, [props.autoFocus]);
  const onEnter = props.addsOnEnter ? actions.create : undefined;

  function onTitleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && onEnter) {
      event.preventDefault();
      onEnter();
    }
  }
  const dragging = dragOffset !== undefined;
  return (
    <div
      data-tile-id={item._id}
      role="option"
      aria-selected={selected}
      aria-label={`${level} ${position + 1}`}
      tabIndex={-1}
      onClick={() => actions.select(item._id)}
      onFocus={() => actions.select(item._id)}
      onPointerDown={(event) => actions.pointerDown(event, item._id)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) onEnter?.();
      }}
      style={dragging ? { transform: `translate(${dragOffset.dx}px, ${dragOffset.dy}px)` } : undefined}
      className={`group relative flex flex-col overflow-hidden rounded-xl border bg-neutral-900 select-none transition-[box-shadow,opacity] ${
        selected ? 'border-amber-400 ring-2 ring-amber-400/40' : 'border-white/10 hover:border-white/25'
      } ${item.hidden ? 'opacity-40' : ''} ${dragging ? 'pointer-events-none z-20 shadow-2xl shadow-black/70' : ''} ${
        dropTarget ? 'ring-2 ring-sky-400' : ''
      }`}
    >
      <div
        onDoubleClick={() => actions.open(item)}
        title={level === 'character' ? undefined : 'Double-click to open'}
        className="relative aspect-video cursor-grab bg-neutral-950 bg-cover bg-center"
        style={image ? { backgroundImage: `url("${image}")` } : undefined}
      >
        {!image && <FilmIcon className="absolute inset-0 m-auto size-8 text-neutral-800" />}
        <span className="absolute top-2 left-2 rounded-md bg-black/60 px-1.5 py-0.5 text-xs font-semibold text-neutral-200">
          {position + 1}
        </span>
        <TileBadges newOutput={props.newOutput} hidden={item.hidden} downloaded={item.downloaded} />
        <div className="absolute right-2 bottom-2 flex gap-1 opacity-0 transition-opacity group-hover:opacity-100 group-aria-selected:opacity-100">
          <button
            type="button"
            onClick={() => actions.toggleHidden(item)}
            disabled={props.busy}
            aria-busy={props.busy || undefined}
            className="rounded-md bg-black/70 px-2 py-1 text-xs text-neutral-200 hover:bg-black disabled:opacity-50"
          >
            {item.hidden ? 'Show' : 'Hide'}
          </button>
          <button
            type="button"
            aria-label={`Delete ${level}`}
            onClick={() => actions.remove(item)}
            className="rounded-md bg-black/70 p-1.5 text-neutral-200 hover:bg-red-600"
          >
            <TrashIcon className="size-3.5" />
          </button>
        </div>
      </div>
      <textarea
        ref={titleRef}
        aria-label={`${level} ${position + 1} title`}
        rows={2}
        value={itemTitle(item)}
        placeholder={tilePlaceholder(level)}
        onChange={(event) => actions.changeTitle(item, event.target.value)}
        onKeyDown={onTitleKeyDown}
        className="w-full resize-none bg-transparent px-3 py-2 text-sm text-neutral-100 outline-none placeholder:text-neutral-600 focus:bg-white/5"
      />
    </div>
  );
});
