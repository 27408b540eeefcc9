import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// In a process of its own: whether libvips (sharp's native library) is mapped into its memory.
const probe = `
  import { readFileSync } from 'node:fs';
  import { startDevWorker } from './src/dev-worker.ts';
  import { renderPreviewPng } from './src/preview-image.ts';
  const vips = () => readFileSync('/proc/self/maps', 'utf8').includes('vips');
  const worker = await startDevWorker({ port: 0 });
  const started = vips();
  await renderPreviewPng({ texts: ['a'], inputs: [], width: 64, height: 64, frames: 1, images: [] });
  console.log(JSON.stringify({ started, rendered: vips() }));
  await worker.close();
`;

describe.skipIf(!existsSync('/proc/self/maps'))('the preview worker', () => {
  it('loads sharp (libvips, ~20 MB resident) with its first picture, not when it starts', () => {
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], {
      cwd: path.resolve(import.meta.dirname, '..'),
      encoding: 'utf8',
    });
    expect(JSON.parse(output.trim().split('\n').at(-1)!)).toEqual({ started: false, rendered: true });
  });
});
