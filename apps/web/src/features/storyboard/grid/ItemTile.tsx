import type { StoryboardLevel } from '@cinegraph/contracts';
import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { FilmIcon, TrashIcon } from '../../../ui/icons';
import { useTileImage } from '../hooks/useTileImage';
import { itemTitle, tilePlaceholder, type StoryboardItem } from '../logic/levels';
import { TileBadges } from './TileBadges';

export interface ItemTileProps {
  level: StoryboardLevel;
  item: StoryboardItem;
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
  onSelect(): void;
  onOpen(): void;
  onTitleChange(text: string): void;
  /** Enter in the title field (adds a shot after the last one). */
  onEnter?(): void;
  onToggleHidden(): void;
  onDelete(): void;
  onPointerDown(event: PointerEvent<HTMLElement>): void;
}

/** One scene, shot or character in the grid: a preview to double-click, its editable title, its states. */
export function ItemTile(props: ItemTileProps) {
  const { level, item, position, selected, dragOffset, dropTarget } = props;
  const titleRef = useRef<HTMLTextAreaElement>(null);
  const image = useTileImage(level, item);
  useEffect(() => {
    if (props.autoFocus) titleRef.current?.focus();
  }, [props.autoFocus]);

  function onTitleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && props.onEnter) {
      event.preventDefault();
      props.onEnter();
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
      onClick={props.onSelect}
      onFocus={props.onSelect}
      onPointerDown={props.onPointerDown}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) props.onEnter?.();
      }}
      style={dragging ? { transform: `translate(${dragOffset.dx}px, ${dragOffset.dy}px)` } : undefined}
      className={`group relative flex flex-col overflow-hidden rounded-xl border bg-neutral-900 select-none transition-[box-shadow,opacity] ${
        selected ? 'border-amber-400 ring-2 ring-amber-400/40' : 'border-white/10 hover:border-white/25'
      } ${item.hidden ? 'opacity-40' : ''} ${dragging ? 'pointer-events-none z-20 shadow-2xl shadow-black/70' : ''} ${
        dropTarget ? 'ring-2 ring-sky-400' : ''
      }`}
    >
      <div
        onDoubleClick={props.onOpen}
        title={level === 'character' ? undefined : 'Double-click to open'}
        className="relative aspect-video cursor-grab bg-neutral-950 bg-cover bg-center"
        style={image ? { backgroundImage: `url("${image}")` } : undefined}
      >
        {!item.display_image && <FilmIcon className="absolute inset-0 m-auto size-8 text-neutral-800" />}
        <span className="absolute top-2 left-2 rounded-md bg-black/60 px-1.5 py-0.5 text-xs font-semibold text-neutral-200">
          {position + 1}
        </span>
        <TileBadges newOutput={props.newOutput} hidden={item.hidden} downloaded={item.downloaded} />
        <div className="absolute right-2 bottom-2 flex gap-1 opacity-0 transition-opacity group-hover:opacity-100 group-aria-selected:opacity-100">
          <button
            type="button"
            onClick={props.onToggleHidden}
            disabled={props.busy}
            aria-busy={props.busy || undefined}
            className="rounded-md bg-black/70 px-2 py-1 text-xs text-neutral-200 hover:bg-black disabled:opacity-50"
          >
            {item.hidden ? 'Show' : 'Hide'}
          </button>
          <button
            type="button"
            aria-label={`Delete ${level}`}
            onClick={props.onDelete}
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
        onChange={(event) => props.onTitleChange(event.target.value)}
        onKeyDown={onTitleKeyDown}
        className="w-full resize-none bg-transparent px-3 py-2 text-sm text-neutral-100 outline-none placeholder:text-neutral-600 focus:bg-white/5"
      />
    </div>
  );
}
