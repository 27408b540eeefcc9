import { CURATED_MESSAGES, type CuratedMedia } from '@cinegraph/contracts';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../../ui/icons';
import { viewerKeyAction, wrapIndex } from './logic/viewer';

interface MediaViewerProps {
  items: readonly CuratedMedia[];
  index: number;
  onIndex(index: number): void;
  onClose(): void;
}

/** The full-screen viewer: A previous, D next (wrapping at both ends), Esc closes. */
export function MediaViewer({ items, index, onIndex, onClose }: MediaViewerProps) {
  const media = items[index];
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const action = viewerKeyAction(event.key);
      if (!action) return;
      event.preventDefault();
      if (action === 'close') onClose();
      else onIndex(wrapIndex(index, action === 'next' ? 1 : -1, items.length));
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, items.length, onClose, onIndex]);

  if (!media) return null;
  return createPortal(
    <div
      role="dialog"
      aria-modal="true"
      aria-label="Curated media viewer"
      className="fixed inset-0 z-50 flex flex-col bg-black/95 text-neutral-100"
    >
      <div className="flex items-center justify-between gap-4 px-6 py-4 text-sm">
        <p>
          <span className="font-medium">{media.user_name ?? CURATED_MESSAGES.unknownUser}</span>
          <span className="mx-2 text-neutral-600">·</span>
          <span className="text-neutral-400">
            {index + 1} / {items.length}
          </span>
          <span className="ml-4 hidden text-neutral-500 sm:inline">A previous · D next · Esc close</span>
        </p>
        <button
          type="button"
          aria-label="Close viewer"
          onClick={onClose}
          className="rounded-lg p-2 text-neutral-300 hover:bg-white/10 hover:text-white"
        >
          <CloseIcon className="size-5" />
        </button>
      </div>
      <div className="flex min-h-0 flex-1 items-center justify-center p-4">
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
      </div>
    </div>,
    document.body,
  );
}
