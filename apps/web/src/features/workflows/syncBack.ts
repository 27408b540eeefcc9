import type { EditorNode } from '@cinegraph/contracts';
import { workflowChanged } from './logic/compare';
import type { FrameWorkflow } from './logic/bridge';
import { fetchWorkflowJson, setInputsFromWorkflow } from './workflowApi';

/** The node's stored workflow, both formats, read through the proxy (null where there is none). */
export async function loadOriginal(files: EditorNode['workflow']): Promise<{ link: unknown; api: unknown }> {
  const [link, api] = await Promise.all([fetchWorkflowJson(files?.link), fetchWorkflowJson(files?.api_link)]);
  return { link, api };
}

/**
 * Saves the frame's workflow to the node when it differs from the original: the API JSON as the file
 * and `api_link`, the UI JSON as `link`. Returns whether it uploaded.
 */
export async function saveIfChanged(
  target: { movieId: string; nodeId: string },
  original: { link: unknown; api: unknown },
  current: FrameWorkflow,
): Promise<boolean> {
  if (!workflowChanged(original, { link: current.workflow, api: current.prompt })) return false;
  const apiJson = JSON.stringify(current.prompt ?? current.workflow);
  const uiJson = JSON.stringify(current.workflow);
  await setInputsFromWorkflow(target.movieId, target.nodeId, {
    file: new Blob([apiJson], { type: 'application/json' }),
    fileName: 'workflow_api.json',
    link: uiJson,
    apiLink: apiJson,
  });
  return true;
}
