import type { Generation } from '@cinegraph/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generationMovie, type GenerationMovie } from '../../engine/engine-test-support';
import { addTake, connectedDownloadNode } from '../../services/exports/exports-test-support';
import type { TestApp } from '../../test/test-app';
import { startListeningTestApp } from '../assets/listening-test-app';

let t: TestApp & { baseUrl: string };
let m: GenerationMovie;
let downloadNodeId: string;
let takeId: string;

beforeAll(async () => {
  t = await startListeningTestApp();
  m = await generationMovie(t);
  downloadNodeId = await connectedDownloadNode(t, m);
  // Large enough that the zip cannot sit whole in socket buffers before the reader stops.
  const bytes = Buffer.alloc(64 * 1024 * 1024, 1);
  takeId = await addTake(t, m, {
    shotId: m.shotIds[0]!,
    type: 'video',
    bytes,
    ext: 'webm',
    useAsInput: true,
  });
});
afterAll(() => t.close());

/** The zip at the address the studio hands its page (with the receipt that lets it mark its takes). */
const zipUrl = async () => {
  const path = `/api/v1/utils/download_generations/${downloadNodeId}/movie/${m.movieId}/download_downloaded/false`;
  const response = await fetch(`${t.baseUrl}${path}`, { headers: { cookie: m.user.cookie } });
  return ((await response.json()) as { download_url: string }).download_url;
};

it('leaves the takes of a download cut short not downloaded, and marks them once a zip is read to its end', async () => {
  const cut = await fetch(await zipUrl(), { headers: { cookie: m.user.cookie } });
  expect(cut.status).toBe(200);
  const reader = cut.body!.getReader();
  await reader.read();
  await reader.cancel();
  const isDownloaded = async () => {
    const response = await fetch(`${t.baseUrl}/api/v1/generations/${takeId}`, {
      headers: { cookie: m.user.cookie },
    });
    return ((await response.json()) as Generation).downloaded;
  };
  // The server notices the closed connection and stops; give it a moment, then the take is still new.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(await isDownloaded()).toBe(false);

  const whole = await fetch(await zipUrl(), { headers: { cookie: m.user.cookie } });
  const bytes = Buffer.from(await whole.arrayBuffer());
  expect(bytes.length).toBe(Number(whole.headers.get('content-length')));
  expect(await isDownloaded()).toBe(true);
});
