import type { Generation } from '@cinegraph/contracts';
import { memo } from 'react';
import { TrashIcon } from '../../../ui/icons';
import { TakeDownloadLink } from '../../exports/TakeDownloadLink';
import { TileBadges } from '../../storyboard/grid/TileBadges';
import { tileState } from '../logic/statusCounts';
import { TileFace } from './TileFaces';

export interface GenerationTileProps {
  generation: Generation;
  position: number;
  selected: boolean;
  busy: boolean;
  /** What a finished take without a preview shows instead of 'No preview'. */
  doneLabel?: string;
  actions: TakeActions;
}

/** What a take's tile does, made once for its section (see WorkflowSection). */
export interface TakeActions {
  select(generation: Generation): void;
  toggleUseAsInput(generation: Generation): void;
  toggleHidden(generation: Generation): void;
  remove(generation: Generation): void;
}

/** The preview URL of a generation: its display image, else an image output. */
export function previewOf(generation: Generation): string | null {
  if (generation.display_image) return generation.display_image;
  if (generation.output?.display_image) return generation.output.display_image;
  return generation.output?.type === 'image' ? generation.output.url : null;
}

/**
 * One take of a shot: its preview or a face per status, its states, and a use-as-input toggle.
 * Memoised: a new selection or a take that changed renders only the tiles it concerns.
 */
export const GenerationTile = memo(function GenerationTile(props: GenerationTileProps) {
  const { generation, position, selected, busy, actions } = props;
  const state = tileState(generation.status);
  const preview = state === 'done' ? previewOf(generation) : null;
  return (
    <div
      data-generation-id={generation._id}
      data-status={generation.status}
      role="option"
      aria-selected={selected}
      aria-label={`Generation ${position + 1}`}
      title={(state === 'waiting' && generation.inference.warning) || undefined}
      tabIndex={-1}
      onClick={() => actions.select(generation)}
      className={`group relative flex flex-col overflow-hidden rounded-xl border bg-neutral-900 transition-[box-shadow,opacity] select-none ${
        selected ? 'border-amber-400 ring-2 ring-amber-400/40' : 'border-white/10 hover:border-white/25'
      } ${generation.hidden ? 'opacity-40' : ''}`}
    >
      <div className="relative aspect-video bg-neutral-950">
        {preview ? (
          <img src={preview} alt={`Generation ${position + 1} preview`} className="size-full object-cover" />
        ) : (
          <TileFace state={state} doneLabel={props.doneLabel} />
        )}
        <span className="absolute top-2 left-2 rounded-md bg-black/60 px-1.5 py-0.5 text-xs font-semibold text-neutral-200">
          {position + 1}
        </span>
        <TileBadges
          newOutput={generation.new_output}
          hidden={generation.hidden}
          downloaded={generation.downloaded}
        />
        <div className="absolute right-2 bottom-2 flex gap-1 opacity-0 transition-opacity group-hover:opacity-100 group-aria-selected:opacity-100">
          <button
            type="button"
            onClick={() => actions.toggleHidden(generation)}
            disabled={busy}
            className="rounded-md bg-black/70 px-2 py-1 text-xs text-neutral-200 hover:bg-black disabled:opacity-50"
          >
            {generation.hidden ? 'Show' : 'Hide'}
          </button>
          {generation.status === 'success' && generation.output && (
            <TakeDownloadLink
              generationId={generation._id}
              className="rounded-md bg-black/70 p-1.5 text-neutral-200 hover:bg-black"
            />
          )}
          <button
            type="button"
            aria-label="Delete generation"
            onClick={() => actions.remove(generation)}
            className="rounded-md bg-black/70 p-1.5 text-neutral-200 hover:bg-red-600"
          >
            <TrashIcon className="size-3.5" />
          </button>
        </div>
      </div>
      {generation.status === 'success' && (
        <label className="flex cursor-pointer items-center gap-2 px-3 py-2 text-xs text-neutral-300">
          <input
            type="checkbox"
            checked={generation.use_as_input}
            disabled={busy}
            onChange={() => actions.toggleUseAsInput(generation)}
            onClick={(event) => event.stopPropagation()}
            className="size-4 accent-amber-400"
          />
          Use as input
        </label>
      )}
    </div>
  );
});
