import { CURATED_MESSAGES, type CuratedMedia } from '@cinegraph/contracts';
import { MediaOverlay } from '../../ui/MediaOverlay';
import { viewerStep, wrapIndex } from './logic/viewer';

interface MediaViewerProps {
  items: readonly CuratedMedia[];
  index: number;
  onIndex(index: number): void;
  onClose(): void;
}

/** The full-screen viewer: A previous, D next (wrapping at both ends), Esc closes. */
export function MediaViewer({ items, index, onIndex, onClose }: MediaViewerProps) {
  const media = items[index];
  if (!media) return null;
  function onKey(event: KeyboardEvent) {
    const step = viewerStep(event.key);
    if (step === null) return;
    event.preventDefault();
    onIndex(wrapIndex(index, step, items.length));
  }
  return (
    <MediaOverlay
      label="Curated media viewer"
      closeLabel="Close viewer"
      onClose={onClose}
      onKey={onKey}
      header={
        <p>
          <span className="font-medium">{media.user_name ?? CURATED_MESSAGES.unknownUser}</span>
          <span className="mx-2 text-neutral-600">·</span>
          <span className="text-neutral-400">
            {index + 1} / {items.length}
          </span>
          <span className="ml-4 hidden text-neutral-500 sm:inline">A previous · D next · Esc close</span>
        </p>
      }
    >
      {media.output.type === 'video' ? (
        <video
          key={media._id}
          src={media.output.url}
          controls
          autoPlay
          loop
          className="size-full object-contain"
        />
      ) : (
        <img key={media._id} src={media.output.url} alt="" className="size-full object-contain" />
      )}
    </MediaOverlay>
  );
}
