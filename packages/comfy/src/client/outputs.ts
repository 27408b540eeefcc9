import type { HistoryEntry } from './answers';

/** A file an output node produced, as `/view` serves it. */
export interface OutputFile {
  node_id: string;
  kind: 'image' | 'video' | 'audio';
  filename: string;
  subfolder: string;
  /** `output` for saved files, `temp` for previews. */
  type: string;
  /** A MIME type when the node gives one (VHS_VideoCombine: 'video/h264-mp4', 'image/gif'). */
  format?: string;
  frame_rate?: number;
}

/** The final outcome of a prompt. */
export type PromptOutcome =
  /** `history`: the entry the outcome was read from, when there is one (its messages time the run). */
  | { status: 'success'; outputs: HistoryEntry['outputs']; history?: HistoryEntry }
  | { status: 'failed'; message: string; nodeId: string | null; nodeType: string | null }
  | { status: 'interrupted' };

const VIDEO_EXTENSIONS = /\.(mp4|webm|mov|mkv|avi|m4v)$/i;
const byNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

const asRecord = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/** Which kind of file an entry under `key` is; SaveVideo/SaveWEBM list videos under `images`. */
function kindOf(key: string, filename: string, format: string | undefined): OutputFile['kind'] | null {
  if (key === 'audio') return 'audio';
  if (key === 'gifs' || key === 'videos') return 'video';
  if (key === 'images')
    return VIDEO_EXTENSIONS.test(filename) || format?.startsWith('video/') ? 'video' : 'image';
  return null;
}

/**
 * The files of a history entry (or an `executed` message's outputs), in node order: `images`,
 * `gifs` (VHS style videos, with `format`) and `audio` entries. Entries without a file name (text
 * outputs, `animated: [true]` flags) are skipped.
 */
export function collectOutputFiles(entry: Pick<HistoryEntry, 'outputs'>): OutputFile[] {
  const files: OutputFile[] = [];
  for (const nodeId of Object.keys(entry.outputs).sort(byNumber)) {
    for (const [key, list] of Object.entries(entry.outputs[nodeId] ?? {})) {
      if (!Array.isArray(list)) continue;
      for (const item of list) {
        const file = asRecord(item);
        if (!file || typeof file.filename !== 'string') continue;
        const format = typeof file.format === 'string' ? file.format : undefined;
        const kind = kindOf(key, file.filename, format);
        if (!kind) continue;
        const found: OutputFile = {
          node_id: nodeId,
          kind,
          filename: file.filename,
          subfolder: typeof file.subfolder === 'string' ? file.subfolder : '',
          type: typeof file.type === 'string' ? file.type : 'output',
        };
        if (format) found.format = format;
        if (typeof file.frame_rate === 'number') found.frame_rate = file.frame_rate;
        files.push(found);
      }
    }
  }
  return files;
}

/**
 * The outcome a finished history entry records: success with its outputs, failed with the node's
 * exception message, or interrupted (ComfyUI keeps `status_str: 'error'` for both of the latter and
 * tells them apart by the kept `execution_error` / `execution_interrupted` message).
 */
export function outcomeFromHistory(entry: HistoryEntry): PromptOutcome {
  const status = entry.status;
  if (!status || status.status_str === 'success') {
    return { status: 'success', outputs: entry.outputs, history: entry };
  }
  for (const [type, data] of status.messages) {
    const info = asRecord(data) ?? {};
    if (type === 'execution_interrupted') return { status: 'interrupted' };
    if (type === 'execution_error') {
      return {
        status: 'failed',
        message: String(info.exception_message ?? 'The prompt failed').trim(),
        nodeId: info.node_id == null ? null : String(info.node_id),
        nodeType: typeof info.node_type === 'string' ? info.node_type : null,
      };
    }
  }
  return {
    status: 'failed',
    message: `The prompt ended with status ${status.status_str}`,
    nodeId: null,
    nodeType: null,
  };
}
