import fs from 'node:fs';
import path from 'node:path';
import type { EditorNode } from '@cinegraph/contracts';
import type { SignedInUser } from '../../test/sign-in';
import type { TestApp } from '../../test/test-app';

/** The shared fixtures folder beside the repository (the same layout locally and in CI). */
const FIXTURES = path.resolve(import.meta.dirname, '../../../../../../shared/fixtures/comfyui-workflows');

export function fixture(name: string): string {
  return fs.readFileSync(path.join(FIXTURES, name), 'utf8');
}

export const COMFY_DEPLOY_I2V = 'comfyui-deploy__examples__wan-21-i2v-480p.ui.json';
export const COMFY_DEPLOY_FLUX = 'comfyui-deploy__examples__flux-dev.ui.json';
export const CPACK_UI = 'comfy-pack__examples__simple-pixel-art-generation.cpack.zip__workflow.ui.json';
export const CPACK_API = 'comfy-pack__examples__simple-pixel-art-generation.cpack.zip__workflow_api.api.json';
/** A ComfyDeploy example without any output node. */
export const NO_OUTPUT = 'comfyui-deploy__example_workflows__masks.ui.json';

interface FormPart {
  name: string;
  value: string;
  filename?: string;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export function formData(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----cinegraph${Math.random().toString(16).slice(2)}`;
  const chunks = parts.map((part) => {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename ? 'Content-Type: application/json\r\n' : '';
    return `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n${part.value}\r\n`;
  });
  return {
    payload: Buffer.from(`${chunks.join('')}--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Calls set_inputs_from_workflow with the given form parts. */
export function uploadWorkflow(t: TestApp, user: SignedInUser, node: EditorNode, parts: FormPart[]) {
  const form = formData(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/editor/set_inputs_from_workflow/node/${node._id}/movie/${node.movie_id}`,
    payload: form.payload,
    headers: { ...form.headers, cookie: user.cookie },
  });
}

export const fileField = (name: string, content: string): FormPart => ({
  name: 'file',
  value: content,
  filename: name,
});

/** The handles of a node as [id, name, type] rows. */
export const handleRows = (handles: EditorNode['input_handles']) =>
  handles.map((h) => [h.id, h.name, h.type]);
