/** A workflow node's stored files, as `workflow` in the node list. */
export interface WorkflowLinks {
  link: string | null;
  api_link: string | null;
}

/** What Back sends when the node's files changed while the embedded editor was open. */
export interface NodeResync {
  /** The stored file to download and send as the upload's `file` (the API format when there is one). */
  source: string;
  fileName: string;
  link: string | undefined;
  apiLink: string | undefined;
}

/**
 * The spec's Back: the node is re-read, and when its `link` or `api_link` differs from the ones the
 * page was opened with (the ComfyUI side saved the workflow), the file at `api_link` (else `link`) is
 * sent to set-inputs with both addresses, so the node's handles follow the saved workflow. Null when
 * nothing changed on the node (or it is gone): the frame's own workflow is compared instead.
 */
export function nodeResync(original: WorkflowLinks | null, current: WorkflowLinks | null): NodeResync | null {
  if (!current) return null;
  const before = original ?? { link: null, api_link: null };
  if (before.link === current.link && before.api_link === current.api_link) return null;
  const source = current.api_link ?? current.link;
  if (!source) return null;
  return {
    source,
    fileName: current.api_link ? 'workflow_api.json' : 'workflow.json',
    link: current.link ?? undefined,
    apiLink: current.api_link ?? undefined,
  };
}
