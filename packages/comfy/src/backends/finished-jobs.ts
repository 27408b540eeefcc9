import type { HistoryEntry } from '../client/answers';
import { ComfyHttpError } from '../client/errors';
import type { ViewedFile } from '../client/files';

/** One output of a finished job: base64 bytes, or the address the backend uploaded it to. */
export interface FinishedFile {
  data: string;
  isUrl: boolean;
}

/** Jobs whose outputs are kept after they finished: a take reads them right away. */
const KEPT_JOBS = 200;

/**
 * The outputs and execution time of jobs a serverless backend (RunPod, comfyui-api) returned whole in
 * its answer, kept (bounded) until the studio stores the take and times it.
 */
export class FinishedJobs {
  private readonly jobs = new Map<string, { files: Map<string, FinishedFile>; seconds: number | null }>();

  keep(promptId: string, files: Map<string, FinishedFile>, seconds: number | null): void {
    this.jobs.set(promptId, { files, seconds });
    const oldest = this.jobs.keys().next();
    if (this.jobs.size > KEPT_JOBS && !oldest.done) this.jobs.delete(oldest.value);
  }

  /** An output as a stream: base64 decoded, an address read with `readUrl`; 404 when no job has it. */
  async open(
    filename: string,
    baseUrl: string,
    readUrl: (url: string) => Promise<ViewedFile>,
  ): Promise<ViewedFile> {
    for (const job of this.jobs.values()) {
      const found = job.files.get(filename);
      if (found) return found.isUrl ? readUrl(found.data) : base64File(found.data);
    }
    throw new ComfyHttpError(baseUrl, 'output', 404, `No output ${filename}`);
  }

  /** The backend's execution time as a history entry's start and end, so GPU time is its own. */
  history(promptId: string): HistoryEntry | null {
    const seconds = this.jobs.get(promptId)?.seconds;
    if (seconds === undefined || seconds === null) return null;
    const messages: [string, unknown][] = [
      ['execution_start', { prompt_id: promptId, timestamp: 0 }],
      ['execution_success', { prompt_id: promptId, timestamp: seconds * 1000 }],
    ];
    return { outputs: {}, status: { status_str: 'success', completed: true, messages } };
  }
}

/** A base64 output as the stream `openView` gives. */
function base64File(data: string): ViewedFile {
  const bytes = Buffer.from(data, 'base64');
  return { body: new Blob([bytes]).stream(), contentType: 'application/octet-stream', size: bytes.length };
}
