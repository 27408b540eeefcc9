import type { AssetFileType, UserAsset } from '@cinegraph/contracts';
import { useRef, useState, type DragEvent } from 'react';
import { AssetBrowser } from './AssetBrowser';
import { acceptAttribute } from './fileRules';
import { UploadStatus } from './UploadStatus';
import { useUpload } from './useUpload';

interface MediaUploadProps {
  fileType: AssetFileType;
  /** Called with the chosen or uploaded file's stable address. */
  onPick(url: string): void;
}

const SMALL_BUTTON =
  'whitespace-nowrap rounded-md px-2 py-1 text-xs font-medium text-neutral-200 ring-1 ring-inset ring-white/10 hover:bg-white/10 disabled:opacity-50';

/** A drop zone with 'Upload' and 'Browse saved': a file for an input, new or from the user's assets. */
export function MediaUpload({ fileType, onPick }: MediaUploadProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [browsing, setBrowsing] = useState(false);
  const [dragging, setDragging] = useState(false);
  const { state, canUpload, upload } = useUpload(fileType, (asset: UserAsset) => onPick(asset.url));
  const uploading = state.status === 'uploading';

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (canUpload && !uploading) upload(Array.from(event.dataTransfer.files));
  }

  // The browser sits beside the drop zone, so a file dragged over the modal is not taken as a drop here.
  return (
    <>
      <div
        data-testid={`${fileType}-dropzone`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`nodrag nopan flex flex-col gap-1.5 rounded-md border border-dashed px-2 py-1.5 ${
          dragging ? 'border-[var(--editor-accent,#fbbf24)] bg-white/5' : 'border-white/10'
        }`}
      >
        <div className="flex flex-wrap items-center gap-1.5">
          <button
            type="button"
            className={SMALL_BUTTON}
            disabled={!canUpload || uploading}
            onClick={() => inputRef.current?.click()}
          >
            Upload
          </button>
          <button type="button" className={SMALL_BUTTON} onClick={() => setBrowsing(true)}>
            Browse saved
          </button>
        </div>
        <p className="text-[10px] text-neutral-500">
          {canUpload ? 'or drop a file here' : 'Sign in to upload'}
        </p>
        <input
          ref={inputRef}
          type="file"
          hidden
          aria-label={`Upload ${fileType} file`}
          accept={acceptAttribute(fileType)}
          onChange={(event) => {
            upload(Array.from(event.target.files ?? []));
            // The same file may be picked again after an error.
            event.target.value = '';
          }}
        />
        <UploadStatus state={state} />
      </div>
      <AssetBrowser
        open={browsing}
        fileType={fileType}
        onClose={() => setBrowsing(false)}
        onChoose={(asset) => {
          onPick(asset.url);
          setBrowsing(false);
        }}
      />
    </>
  );
}
