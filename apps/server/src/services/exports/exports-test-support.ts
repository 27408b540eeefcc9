import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { generations, nodes } from '../../db/schema';
import { connect } from '../editor/connections';
import { storedFileUrl } from '../assets/stored-files';
import { generationStoragePrefix } from '../generations/update';
import type { GenerationMovie } from '../../engine/engine-test-support';
import type { TestApp } from '../../test/test-app';

/** A real media file made by ffmpeg (lavfi sources), so ffprobe reads its true length. */
export function makeMedia(kind: 'video' | 'audio', seconds: number): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'take-'));
  const file = path.join(dir, kind === 'video' ? 'take.webm' : 'take.wav');
  const source = kind === 'video' ? `color=c=navy:s=64x36:r=24:d=${seconds}` : `sine=f=440:d=${seconds}`;
  const codec = kind === 'video' ? ['-c:v', 'libvpx', '-b:v', '50k'] : [];
  execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-f', 'lavfi', '-i', source, ...codec, file]);
  const bytes = fs.readFileSync(file);
  fs.rmSync(dir, { recursive: true, force: true });
  return bytes;
}

/** A PNG of one pixel: a still take. */
export const STILL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export interface TakeSpec {
  shotId: string;
  type: 'image' | 'video' | 'audio';
  bytes: Buffer;
  ext: string;
  useAsInput?: boolean;
  downloaded?: boolean;
  nodeId?: string;
  /** A seed input, as a number or as the text a primitive node gives. */
  seed?: number | string;
}

/** A finished take as the engine leaves one: its file in storage under the generation's folder, status success. */
export async function addTake(t: TestApp, m: GenerationMovie, spec: TakeSpec): Promise<string> {
  const nodeId = spec.nodeId ?? m.nodeId;
  const existing = await t.db
    .select({ id: generations.id })
    .from(generations)
    .where(and(eq(generations.shotId, spec.shotId), eq(generations.workflowNodeId, nodeId)));
  const [row] = await t.db
    .insert(generations)
    .values({
      movieId: m.movieId,
      workflowNodeId: nodeId,
      shotId: spec.shotId,
      level: 'shot',
      status: 'success',
      index: existing.length,
      useAsInput: spec.useAsInput ?? false,
      downloaded: spec.downloaded ?? false,
      workflowInputs: {
        'input-1': { type: 'text', name: 'Prompt', value: 'a harbour at dawn' },
        ...(spec.seed !== undefined && { 'input-9': { type: 'number', name: 'Seed', value: spec.seed } }),
      },
    })
    .returning();
  const key = `${generationStoragePrefix(m.movieId, row!.id)}output.${spec.ext}`;
  const contentType = { image: 'image/png', video: 'video/webm', audio: 'audio/wav' }[spec.type];
  await t.storage.put(key, spec.bytes, contentType);
  const output = { type: spec.type, url: storedFileUrl(t.config.publicUrl, key), display_image: null };
  await t.db.update(generations).set({ output }).where(eq(generations.id, row!.id));
  return row!.id;
}

/** The template's Download node, connected to the movie's workflow node (whose handles the test workflow changed). */
export async function connectedDownloadNode(t: TestApp, m: GenerationMovie): Promise<string> {
  const rows = await t.db.select().from(nodes).where(eq(nodes.movieId, m.movieId));
  const download = rows.find((n) => n.utilityKind === 'download')!;
  const workflow = rows.find((n) => n.id === m.nodeId)!;
  await connect(t.db, m.movieId, {
    source_node_id: workflow.id,
    source_handle_id: workflow.outputHandles[0]!.id,
    target_node_id: download.id,
    target_handle_id: 'media',
  });
  return download.id;
}

/** The entries of a zip as Debian's unzip lists them (an independent reader of what yazl wrote). */
export function unzipList(zip: Buffer): string[] {
  return withZip(zip, (file) =>
    execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n'),
  );
}

/** One entry of a zip, read by unzip. */
export function unzipEntry(zip: Buffer, name: string): Buffer {
  return withZip(zip, (file) => execFileSync('unzip', ['-p', file, name], { maxBuffer: 64 * 1024 * 1024 }));
}

/** Unpacks a zip with Debian's unzip into a new folder, as a user unpacks an export anywhere. */
export function unzipToFolder(zip: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unpacked-'));
  withZip(zip, (file) => execFileSync('unzip', ['-q', file, '-d', dir]));
  return dir;
}

function withZip<T>(zip: Buffer, use: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-'));
  const file = path.join(dir, 'download.zip');
  fs.writeFileSync(file, zip);
  try {
    return use(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
