import { CURATED_MESSAGES, type CuratedMedia } from '@cinegraph/contracts';
import { fileNameOf } from '../forum/logic/forumBlocks';

/** A tile of the curated grid: the take's picture, its type, who made it and in which movie. */
export function CuratedTile({ media, onOpen }: { media: CuratedMedia; onOpen(): void }) {
  const { output } = media;
  const preview = output.display_image ?? (output.type === 'image' ? output.url : null);
  return (
    <li
      data-testid="curated-tile"
      className="overflow-hidden rounded-xl border border-white/10 bg-neutral-900/70"
    >
      <button
        type="button"
        onClick={onOpen}
        aria-label={`Open ${output.type} by ${media.user_name ?? CURATED_MESSAGES.unknownUser}`}
        className="relative block aspect-video w-full bg-black focus-visible:outline-2 focus-visible:outline-amber-400"
      >
        {preview ? (
          <img src={preview} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <video src={output.url} muted preload="metadata" className="size-full object-cover" />
        )}
        <span className="absolute top-2 left-2 rounded-md bg-black/70 px-2 py-0.5 text-xs font-semibold tracking-wide text-amber-300 uppercase">
          {output.type}
        </span>
      </button>
      <div className="flex items-center justify-between gap-3 p-3 text-sm">
        <div className="min-w-0">
          <p className="truncate font-medium text-neutral-100">
            {media.user_name ?? CURATED_MESSAGES.unknownUser}
          </p>
          <p className="truncate font-mono text-xs text-neutral-500" title={media.movie_id}>
            Movie {media.movie_id}
          </p>
        </div>
        <a
          href={output.url}
          download={fileNameOf(output.url, `take.${output.type === 'video' ? 'mp4' : 'png'}`)}
          className="inline-flex h-8 shrink-0 items-center rounded-lg bg-neutral-800 px-3 text-xs font-medium text-neutral-100 ring-1 ring-white/10 hover:bg-neutral-700"
        >
          Download
        </a>
      </div>
    </li>
  );
}
