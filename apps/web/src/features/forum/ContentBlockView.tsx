import { isStudioApiLink, type ForumBlock } from '@cinegraph/contracts';
import { useState, type ReactNode } from 'react';
import { useStoredUser } from '../../lib/session';
import { Button } from '../../ui/Button';
import { FilmIcon } from '../../ui/icons';
import { fileNameOf, plainBlockText, readLora } from './logic/forumBlocks';
import { LoadWorkflowDialog } from './LoadWorkflowDialog';
import { MarkdownText } from './MarkdownText';

const FRAME = 'overflow-hidden rounded-xl border border-white/10 bg-black/40';

/** What shows where an image or video of a post cannot be loaded. */
function MediaFallback({ label }: { label: string }) {
  return (
    <div
      data-testid="media-fallback"
      className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-white/15 bg-neutral-900 text-neutral-500"
    >
      <FilmIcon className="size-8" />
      <p className="text-sm">{label}</p>
    </div>
  );
}

function ImageBlock({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <MediaFallback label="Image unavailable" />;
  return (
    <div className={FRAME}>
      <img src={url} alt="" onError={() => setFailed(true)} className="mx-auto max-h-[70vh] w-auto" />
    </div>
  );
}

function VideoBlock({ url }: { url: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <MediaFallback label="Video unavailable" />;
  return (
    <div className={FRAME}>
      <video src={url} controls playsInline onError={() => setFailed(true)} className="max-h-[70vh] w-full" />
    </div>
  );
}

function FileRow({
  kind,
  name,
  url,
  children,
}: {
  kind: string;
  name: string;
  url: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-white/10 bg-neutral-900/80 p-4">
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-wider text-amber-400/80 uppercase">{kind}</p>
        <p className="truncate font-medium text-white">{name}</p>
        {children}
      </div>
      <a
        href={url}
        download={name}
        className="inline-flex h-9 items-center rounded-lg bg-neutral-800 px-3 text-sm font-medium text-neutral-100 ring-1 ring-white/10 hover:bg-neutral-700"
      >
        Download
      </a>
    </div>
  );
}

function WorkflowBlock({ url }: { url: string }) {
  const { userId } = useStoredUser();
  const [loading, setLoading] = useState(false);
  const name = fileNameOf(url, 'workflow.json');
  return (
    <FileRow kind="Workflow" name={name.endsWith('.json') ? name : `${name}.json`} url={url}>
      {userId && (
        <>
          <Button size="sm" variant="primary" className="mt-3" onClick={() => setLoading(true)}>
            Load into a movie
          </Button>
          {loading && (
            <LoadWorkflowDialog open userId={userId} workflowUrl={url} onClose={() => setLoading(false)} />
          )}
        </>
      )}
    </FileRow>
  );
}

/**
 * Whether a block's link would make the reader's browser call the studio's API (a post stored before
 * the server refused such links): it is shown as text, never loaded.
 */
function callsStudioApi(value: unknown): boolean {
  const link = typeof value === 'string' ? value : readLora(value)?.url;
  return link !== undefined && isStudioApiLink(link, window.location.href);
}

/** One block of a post, by kind; a kind this reader does not know is shown as plain text or JSON. */
export function ContentBlockView({ block }: { block: ForumBlock }) {
  const { type, value } = block;
  if (type === 'text' && typeof value === 'string') return <MarkdownText text={value} />;
  if (callsStudioApi(value)) return <PlainBlock value={value} />;
  if (type === 'image' && typeof value === 'string') return <ImageBlock url={value} />;
  if (type === 'video' && typeof value === 'string') return <VideoBlock url={value} />;
  if (type === 'workflow' && typeof value === 'string') return <WorkflowBlock url={value} />;
  const lora = type === 'lora' ? readLora(value) : null;
  if (lora) {
    return (
      <FileRow kind="LoRA" name={fileNameOf(lora.url, 'lora.safetensors')} url={lora.url}>
        <p className="mt-1 text-sm text-neutral-400">
          Keyword: <span className="text-neutral-200">{lora.keyword ?? 'none'}</span>
          <span className="mx-2 text-neutral-600">·</span>
          Strength: <span className="text-neutral-200">{lora.strength ?? 'default'}</span>
        </p>
      </FileRow>
    );
  }
  return <PlainBlock value={value} />;
}

function PlainBlock({ value }: { value: unknown }) {
  return (
    <pre
      data-testid="plain-block"
      className="overflow-x-auto rounded-xl bg-black/40 p-4 text-sm whitespace-pre-wrap text-neutral-300"
    >
      {plainBlockText(value)}
    </pre>
  );
}
