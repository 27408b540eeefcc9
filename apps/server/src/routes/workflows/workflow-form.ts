import { DEFAULT_MAX_WORKFLOW_BYTES } from '@cinegraph/comfy';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';
import type { WorkflowUpload } from '../../services/workflows/upload-workflow';

/** Limits for the multipart form: one workflow file and its two companions, each at most a workflow's size. */
export const WORKFLOW_FORM_LIMITS = {
  fileSize: DEFAULT_MAX_WORKFLOW_BYTES,
  fieldSize: DEFAULT_MAX_WORKFLOW_BYTES,
  files: 3,
  fields: 5,
  parts: 8,
};

/**
 * Reads the form of set_inputs_from_workflow: `file`, and `link` / `api_link` as text fields or files.
 * A request that is not multipart carries no file.
 */
export async function readWorkflowForm(request: FastifyRequest): Promise<WorkflowUpload> {
  const upload: WorkflowUpload = { file: null };
  if (!request.isMultipart()) return upload;
  try {
    for await (const part of request.parts()) {
      const text =
        part.type === 'file'
          ? (await part.toBuffer()).toString('utf8')
          : typeof part.value === 'string'
            ? part.value
            : '';
      if (part.fieldname === 'file' && part.type === 'file') {
        upload.file = text;
        upload.filename = part.filename;
      } else if (part.fieldname === 'link') upload.link = text;
      else if (part.fieldname === 'api_link') upload.apiLink = text;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') {
      throw new HttpError(413, `The workflow file is too large (limit ${DEFAULT_MAX_WORKFLOW_BYTES} bytes)`);
    }
    throw new HttpError(400, 'The upload could not be read as a form.');
  }
  return upload;
}
