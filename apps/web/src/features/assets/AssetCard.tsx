import type { UserAsset } from '@cinegraph/contracts';
import { useRef, useState } from 'react';
import { formatFileSize } from './fileSize';
import { MediaThumb } from './MediaThumb';
import { filenameStem, renamedFilename } from './renameRules';

interface AssetCardProps {
  asset: UserAsset;
  onChoose(asset: UserAsset): void;
  onRename(asset: UserAsset, filename: string): Promise<void>;
  onDelete(asset: UserAsset): void;
}

const ACTION =
  'rounded px-1.5 py-0.5 text-[11px] text-neutral-400 hover:bg-white/10 hover:text-white disabled:opacity-50';

/** One saved file: choosing it sets the input; it can be renamed (the extension stays) or deleted. */
export function AssetCard({ asset, onChoose, onRename, onDelete }: AssetCardProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Enter and the blur that may follow it must not rename twice.
  const committing = useRef(false);

  async function commit() {
    if (committing.current || draft === null) return;
    committing.current = true;
    const next = renamedFilename(asset.filename, draft);
    if (next) {
      setSaving(true);
      await onRename(asset, next);
      setSaving(false);
    }
    setDraft(null);
    committing.current = false;
  }

  return (
    <li
      aria-label={asset.filename}
      className="flex flex-col gap-1.5 rounded-lg border border-white/10 bg-neutral-950/60 p-2"
    >
      <button
        type="button"
        onClick={() => onChoose(asset)}
        aria-label={`Choose ${asset.filename}`}
        className="rounded-md focus-visible:outline-2 focus-visible:outline-amber-400"
      >
        <MediaThumb asset={asset} />
      </button>
      {draft === null ? (
        <p className="truncate text-xs font-medium text-neutral-200" title={asset.filename}>
          {asset.filename}
        </p>
      ) : (
        <input
          aria-label="New file name"
          autoFocus
          value={draft}
          disabled={saving}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void commit();
            if (event.key === 'Escape') {
              // Escape leaves the rename, not the whole browser.
              event.stopPropagation();
              setDraft(null);
            }
          }}
          onBlur={() => void commit()}
          className="w-full rounded border border-white/10 bg-neutral-950 px-1.5 py-0.5 text-xs text-neutral-100 outline-none focus:border-amber-400"
        />
      )}
      <div className="flex items-center justify-between gap-1">
        <span className="text-[11px] text-neutral-500">{formatFileSize(asset.file_size)}</span>
        <span className="flex gap-0.5">
          <button
            type="button"
            className={ACTION}
            disabled={saving}
            onClick={() => setDraft(filenameStem(asset.filename))}
          >
            Rename
          </button>
          <button type="button" className={`${ACTION} hover:text-red-400`} onClick={() => onDelete(asset)}>
            Delete
          </button>
        </span>
      </div>
    </li>
  );
}
