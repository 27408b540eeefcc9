import { endpoints, type EditorNode } from '@cinegraph/contracts';
import { apiCall } from '../../lib/api';
import { nodeResync, type NodeResync, type WorkflowLinks } from './logic/backSync';
import { workflowChanged, type WorkflowPair } from './logic/compare';
import { isCompletePrompt, type FrameWorkflow } from './logic/bridge';
import { fetchWorkflowJson, setInputsFromWorkflow } from './workflowApi';

type Target = { movieId: string; nodeId: string };

/** The node's stored workflow, both formats, read through the proxy (null where there is none). */
export async function loadOriginal(files: EditorNode['workflow']): Promise<WorkflowPair> {
  const [link, api] = await Promise.all([fetchWorkflowJson(files?.link), fetchWorkflowJson(files?.api_link)]);
  return { link, api };
}

/**
 * Saves the frame's workflow to the node when the user edited it (the frame says so; an older bridge
 * that does not is compared with the original): the API JSON as the file and `api_link`, the UI JSON as
 * `link`. A prompt the frontend could not complete (node types the worker lacks) is left out: the UI
 * JSON goes alone, and the studio converts it once a worker knows them. Returns whether it uploaded;
 * throws the server's refusal.
 */
export async function saveIfChanged(
  target: Target,
  original: WorkflowPair,
  current: FrameWorkflow,
): Promise<boolean> {
  const changed =
    current.edited ?? workflowChanged(original, { link: current.workflow, api: current.prompt });
  if (!changed) return false;
  const uiJson = JSON.stringify(current.workflow);
  const apiJson = isCompletePrompt(current.prompt) ? JSON.stringify(current.prompt) : null;
  await setInputsFromWorkflow(target.movieId, target.nodeId, {
    file: new Blob([apiJson ?? uiJson], { type: 'application/json' }),
    fileName: apiJson ? 'workflow_api.json' : 'workflow.json',
    link: uiJson,
    ...(apiJson && { apiLink: apiJson }),
  });
  return true;
}

/** Sends the node's newly stored workflow through set-inputs (file, api_link, link), as the spec's Back. */
async function resendFromNode(target: Target, resync: NodeResync): Promise<void> {
  const workflow = await fetchWorkflowJson(resync.source);
  await setInputsFromWorkflow(target.movieId, target.nodeId, {
    file: new Blob([JSON.stringify(workflow)], { type: 'application/json' }),
    fileName: resync.fileName,
    link: resync.link,
    apiLink: resync.apiLink,
  });
}

export interface BackSync {
  target: Target;
  /** The node's files when the page was opened (router state). */
  originalLinks: WorkflowLinks | null;
  /**
   * The frame's current workflow and the one it was loaded with; null when the editor never started (it
   * holds no edit). Throws when a started editor does not hand its workflow over.
   */
  readFrame(): Promise<{ original: WorkflowPair; current: FrameWorkflow } | null>;
}

/**
 * Back from the embedded editor: first the spec's check of the node's stored files (changed by the
 * ComfyUI side), else the frame's edited workflow. Returns what was sent, if anything. Throws when
 * the edit could not be saved (the editor is silent, the server refuses): the page then stays in the
 * editor with the reason, so an edit is never dropped silently.
 */
export async function syncOnBack(sync: BackSync): Promise<'node' | 'frame' | null> {
  let resync: NodeResync | null = null;
  try {
    const nodes = await apiCall(endpoints.listNodes, { params: { movieId: sync.target.movieId } });
    const node = nodes.find((n) => n._id === sync.target.nodeId);
    resync = nodeResync(sync.originalLinks, node?.workflow ?? null);
  } catch (error) {
    // The frame may still hold the changes.
    console.error('Reading the workflow node on Back failed', error);
  }
  if (resync) {
    await resendFromNode(sync.target, resync);
    return 'node';
  }
  const frame = await sync.readFrame();
  if (frame && (await saveIfChanged(sync.target, frame.original, frame.current))) return 'frame';
  return null;
}
