import { WorkflowFormatError } from '@cinegraph/comfy';
import type { Database } from '../../db/client';
import { badRequest, HttpError } from '../../http/errors';
import type { Storage } from '../../storage/storage';
import { readStoredWorkflow } from '../assets/proxy-workflow';
import type { NodeRow } from '../editor/node-rows';
import { completeWithWorker, convertWithWorker } from './convert-at-upload';
import { applyWorkflowToNode, recordUploadError } from './node-workflow';
import { readWorkflow, workflowFormat } from './workflow-handles';

export const NO_FILE_PROVIDED = 'No file provided';
export const UPLOAD_FAILED = 'Upload failed';

/** What the multipart form of set_inputs_from_workflow carried. */
export interface WorkflowUpload {
  file: string | null;
  /** The uploaded file's name: a node still called 'Workflow' takes it as its name. */
  filename?: string;
  /** The UI format: JSON text, or the address of a file stored in this studio. */
  link?: string;
  /** The API format, likewise. */
  apiLink?: string;
}

export interface UploadContext {
  db: Database;
  storage: Storage;
  publicUrl: string;
  userId: string;
  /** USER_WORKERS_ALLOW_PRIVATE: the user's own workers may be asked at private addresses. */
  allowPrivateUserWorkers?: boolean;
}

/**
 * Sets a workflow node's workflow from an upload. A UI-format workflow without its API file is
 * converted with a worker's node definitions when one answers (else at dispatch), or kept waiting for a
 * worker that knows the node classes the answering ones lack (named on the node); an API file lacking
 * widget values is completed from them, or refused naming the node and input. On failure the
 * message is stored on the node (spec: 'No file provided', the detail, or 'Upload failed') and the
 * error is thrown as a 4xx with it.
 */
export async function setWorkflowFromUpload(
  ctx: UploadContext,
  node: NodeRow,
  upload: WorkflowUpload,
): Promise<NodeRow> {
  try {
    if (upload.file === null || upload.file.trim() === '') throw badRequest(NO_FILE_PROVIDED);
    const uploaded = readWorkflow(upload.file);
    const companion = async (value: string | undefined, format: 'ui' | 'api', field: string) => {
      if (!value?.trim()) return null;
      const text = await companionText(ctx, value);
      if (workflowFormat(text) !== format) {
        throw badRequest(`The ${field} is not a workflow in the ${format.toUpperCase()} format`);
      }
      return text;
    };
    const ui = uploaded.format === 'ui' ? uploaded.text : await companion(upload.link, 'ui', 'link');
    const givenApi =
      uploaded.format === 'api' ? uploaded.text : await companion(upload.apiLink, 'api', 'api_link');
    // An API file, given or converted, needs no worker to know its classes before it is kept.
    const converted = givenApi === null ? await convertWithWorker(ctx, uploaded.parsed) : null;
    const given = givenApi ?? converted?.api ?? null;
    const api = given === null ? null : await completeWithWorker(ctx, given);
    // An uploaded API file gives the handles; read again once completed (a filled-in name names one).
    const workflow = uploaded.format === 'api' && api !== uploaded.text ? readWorkflow(api!) : uploaded;
    const name = node.name === DEFAULT_WORKFLOW_NODE_NAME ? nameFromFile(upload.filename) : null;
    return await applyWorkflowToNode(ctx.db, ctx.storage, ctx.publicUrl, node, {
      workflow,
      ui,
      api,
      waitingFor: converted?.waitingFor ?? [],
      ...(name && { name }),
    });
  } catch (error) {
    const known =
      error instanceof WorkflowFormatError || (error instanceof HttpError && error.statusCode < 500);
    const message = known ? error.message : UPLOAD_FAILED;
    await recordUploadError(ctx.db, node.id, message);
    if (error instanceof WorkflowFormatError) throw badRequest(error.message);
    throw error;
  }
}

/** What a workflow node is called until it is renamed or given a workflow (new-node.ts). */
const DEFAULT_WORKFLOW_NODE_NAME = 'Workflow';

/** 'Wan 2.2 text to video.json' names the node 'Wan 2.2 text to video'; ComfyUI's generic names do not. */
function nameFromFile(filename: string | undefined): string | null {
  const stem = filename?.replace(/\.json$/i, '').trim() ?? '';
  return stem && !/^(workflow|workflow_api|prompt|blob)$/i.test(stem) ? stem.slice(0, 200) : null;
}

/** A companion is JSON text, or the address of a workflow the user may read in this studio's storage. */
async function companionText(ctx: UploadContext, value: string): Promise<string> {
  const trimmed = value.trim();
  if (trimmed.startsWith('{')) return trimmed;
  const data = await readStoredWorkflow(ctx.db, ctx.storage, ctx.publicUrl, ctx.userId, trimmed);
  return JSON.stringify(data);
}
