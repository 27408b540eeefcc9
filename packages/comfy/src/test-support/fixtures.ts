import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ObjectInfoSchema } from '../object-info';

/** The shared fixtures folder, a sibling of the repository checkout (CI clones the same layout). */
export const FIXTURES_DIR = path.resolve(import.meta.dirname, '../../../../../shared/fixtures');
export const WORKFLOWS_DIR = path.join(FIXTURES_DIR, 'comfyui-workflows');

/** Every workflow file in the fixtures folder. */
export const workflowFiles = (): string[] =>
  readdirSync(WORKFLOWS_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort();

export const readWorkflowText = (name: string): string =>
  readFileSync(path.join(WORKFLOWS_DIR, name), 'utf8');

/** Node definitions recorded from a real ComfyUI 0.8.0. */
export const objectInfo080 = ObjectInfoSchema.parse(
  JSON.parse(readFileSync(path.join(FIXTURES_DIR, 'comfyui-protocol/object_info-0.8.0.json'), 'utf8')),
);
