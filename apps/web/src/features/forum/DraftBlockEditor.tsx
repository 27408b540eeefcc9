import type { AssetFileType } from '@cinegraph/contracts';
import { MediaUpload } from '../assets/MediaUpload';
import { UploadScope } from '../assets/UploadScope';
import { Button } from '../../ui/Button';
import { CloseIcon } from '../../ui/icons';
import { DRAFT_BLOCK_LABELS, fileNameOf, type DraftBlock } from './logic/forumBlocks';

interface DraftBlockEditorProps {
  block: DraftBlock;
  onChange(change: Partial<DraftBlock>): void;
  onRemove(): void;
}

const INPUT =
  'mt-1 h-9 w-full rounded-lg border border-white/10 bg-neutral-950 px-3 text-sm text-neutral-100 focus:border-amber-400 focus:outline-none';

/** One added block of the creator: its file (uploaded through the presigned flow) and a LoRA's details. */
export function DraftBlockEditor({ block, onChange, onRemove }: DraftBlockEditorProps) {
  const label = DRAFT_BLOCK_LABELS[block.type];
  return (
    <div
      data-testid={`draft-block-${block.type}`}
      className="rounded-xl border border-white/10 bg-neutral-900/70 p-4"
    >
      <div className="mb-3 flex items-center justify-between">
        <p className="text-sm font-semibold text-white">{label}</p>
        <Button variant="ghost" size="sm" aria-label={`Remove ${label}`} onClick={onRemove}>
          <CloseIcon />
        </Button>
      </div>
      <UploadScope itemId="forum-post" nodeId={block.id}>
        <MediaUpload fileType={block.type as AssetFileType} onPick={(url) => onChange({ url })} />
      </UploadScope>
      {block.url && (
        <div className="mt-3">
          {block.type === 'image' && <img src={block.url} alt="" className="max-h-48 rounded-lg" />}
          {block.type === 'video' && <video src={block.url} controls className="max-h-48 rounded-lg" />}
          {(block.type === 'lora' || block.type === 'workflow') && (
            <p className="text-sm text-neutral-300">{fileNameOf(block.url, label)}</p>
          )}
        </div>
      )}
      {block.type === 'lora' && (
        <div className="mt-3 grid grid-cols-2 gap-3">
          <label className="text-xs text-neutral-400">
            Keyword
            <input
              className={INPUT}
              value={block.keyword}
              maxLength={200}
              onChange={(e) => onChange({ keyword: e.target.value })}
            />
          </label>
          <label className="text-xs text-neutral-400">
            Strength
            <input
              className={INPUT}
              type="number"
              step="0.05"
              min={-10}
              max={10}
              value={block.strength}
              onChange={(e) => onChange({ strength: e.target.value })}
            />
          </label>
        </div>
      )}
    </div>
  );
}
