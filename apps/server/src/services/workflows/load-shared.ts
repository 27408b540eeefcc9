import type { NodeRow } from '../editor/node-rows';
import { readWorkflowTexts } from './shared-files';
import { requireSharedWorkflow } from './shared-workflows';
import { setWorkflowFromUpload, type UploadContext } from './upload-workflow';

/**
 * Loads a shared workflow into a workflow node: its files are copied into the node (the node keeps
 * working if the shared one is deleted) and the handles are derived as for an upload.
 */
export async function loadSharedWorkflowIntoNode(
  ctx: UploadContext,
  node: NodeRow,
  workflowId: string,
): Promise<NodeRow> {
  const shared = await requireSharedWorkflow(ctx.db, workflowId);
  const texts = await readWorkflowTexts(ctx.db, ctx.storage, ctx.publicUrl, ctx.userId, {
    link: shared.workflowLink,
    apiLink: shared.workflowApiLink,
  });
  // The UI file is read for the handles when there is one, as for an upload of both files.
  const file = texts.ui ?? texts.api;
  const companion = texts.ui && texts.api ? texts.api : undefined;
  return setWorkflowFromUpload(ctx, node, { file, apiLink: companion });
}
