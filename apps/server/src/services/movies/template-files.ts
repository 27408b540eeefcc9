import { readdirSync, readFileSync } from 'node:fs';
import type { TemplateKey } from '@cinegraph/contracts';
import type { Storage } from '../../storage/storage';
import { storedFilePath } from '../assets/stored-files';
import { readWorkflow, type ReadWorkflow } from '../workflows/workflow-handles';

const FOLDER = new URL('./template-files/', import.meta.url);

const CONTENT_TYPES: Record<string, string> = {
  json: 'application/json',
  png: 'image/png',
  mp3: 'audio/mpeg',
};

/** Where a template's shipped file lives in storage: beside the template movie, readable by everyone. */
export function templateFileKey(movieId: string, name: string): string {
  return `movies/${movieId}/template/${name}`;
}

/** The stable address a template file is given by in node values and item inputs (this deployment's). */
export function templateFileUrl(movieId: string, name: string): string {
  return storedFilePath(templateFileKey(movieId, name));
}

/**
 * Puts every file the template ships with (its workflow files, reference images, voices) into storage
 * under the template movie. Overwriting is harmless, so a storage folder that was wiped gets them back.
 */
export async function storeTemplateFiles(storage: Storage, key: TemplateKey, movieId: string): Promise<void> {
  const folder = new URL(`${key}/`, FOLDER);
  for (const name of readdirSync(folder)) {
    const type = CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
    await storage.put(templateFileKey(movieId, name), readFileSync(new URL(name, folder)), type);
  }
}

/** The template's workflow as an upload would read it: its handles come from the API file. */
export function readTemplateWorkflow(key: TemplateKey): ReadWorkflow {
  return readWorkflow(readFileSync(new URL(`${key}/workflow_api.json`, FOLDER), 'utf8'));
}
