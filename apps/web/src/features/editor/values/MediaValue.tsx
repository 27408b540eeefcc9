import { useOffline } from '../../../lib/offline';
import { MediaUpload } from '../../assets/MediaUpload';
import { asText } from '../logic/values';
import { FIELD } from './fieldStyles';

interface MediaValueProps {
  kind: 'image' | 'video' | 'audio';
  value: unknown;
  onChange(value: string): void;
}

/** An image, video or audio input: a URL, an uploaded file or a saved one, with a small preview. */
export function MediaValue({ kind, value, onChange }: MediaValueProps) {
  const url = asText(value);
  const offline = useOffline();
  return (
    <div className="flex flex-col gap-2">
      <input
        type="url"
        aria-label={`${kind} URL`}
        placeholder={`https://… (${kind})`}
        value={url}
        onChange={(event) => onChange(event.target.value)}
        className={FIELD}
      />
      {!offline && <MediaUpload fileType={kind} onPick={onChange} />}
      {url && <MediaPreview kind={kind} url={url} />}
    </div>
  );
}

function MediaPreview({ kind, url }: { kind: MediaValueProps['kind']; url: string }) {
  if (kind === 'image') {
    return <img src={url} alt="Preview" className="max-h-28 w-full rounded-md bg-black object-contain" />;
  }
  if (kind === 'video') {
    return (
      <video
        src={url}
        muted
        controls
        preload="metadata"
        aria-label="Preview"
        className="nodrag max-h-28 w-full rounded-md bg-black"
      />
    );
  }
  return <audio src={url} controls preload="none" aria-label="Preview" className="nodrag h-8 w-full" />;
}
