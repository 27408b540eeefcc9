import type { Generation, ShotValidation } from '@cinegraph/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generations, nodes, workers } from '../../db/schema';
import { generate, generationMovie, type GenerationMovie } from '../../engine/engine-test-support';
import { upsertSharedWorker } from '../../engine/worker-pool';
import { storedFileUrl } from '../../services/assets/stored-files';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let m: GenerationMovie;
let stranger: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  m = await generationMovie(t);
  stranger = await signIn(t, 'stranger@example.com');
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  user: SignedInUser = m.user,
) => t.app.inject({ method, url: `/api/v1${url}`, payload, headers: { cookie: user.cookie } });
const generateUrl = (nodeId = m.nodeId, userId = m.user.userId) =>
  `/generations/generate/workflow_node_id/${nodeId}/movie_id/${m.movieId}/user_id/${userId}`;

describe('validate_shot_inputs', () => {
  it('lists every shot in order with its validity, index and description', async () => {
    const response = await call('GET', `/utils/validate_shot_inputs/${m.nodeId}/movie/${m.movieId}`);
    expect(response.statusCode).toBe(200);
    const shots = response.json<ShotValidation[]>();
    expect(shots.map((s) => [s.shot_id, s.valid, s.index])).toEqual([
      [m.shotIds[0], true, 0],
      [m.shotIds[1], true, 1],
    ]);
    expect(shots[0]!.description).toBe('Mara walks along the pier, looking at the fishing boats.');
  });

  it('marks every shot invalid while a non-lora input resolves to nothing', async () => {
    const other = await generationMovie(t, 'second@example.com');
    const rows = await t.db.select().from(nodes).where(eq(nodes.movieId, other.movieId));
    const untouched = rows.find((n) => n.name === 'Text to Video')!;
    // An image input nothing feeds: no shot has a value for it.
    const inputHandles = [...untouched.inputHandles, { id: 'face', name: 'Face', type: 'image' as const }];
    await t.db.update(nodes).set({ inputHandles }).where(eq(nodes.id, untouched.id));
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/utils/validate_shot_inputs/${untouched.id}/movie/${other.movieId}`,
      headers: { cookie: other.user.cookie },
    });
    const entries = response.json<ShotValidation[]>();
    expect(entries.map((s) => [s.valid, s.missing])).toEqual([
      [false, ['Face (not connected)']],
      [false, ['Face (not connected)']],
    ]);
  });

  it("refuses another user's movie with 403", async () => {
    const response = await call(
      'GET',
      `/utils/validate_shot_inputs/${m.nodeId}/movie/${m.movieId}`,
      undefined,
      stranger,
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('generate', () => {
  it('queues num_jobs pending generations per shot with their resolved inputs', async () => {
    const ids = await generate(t, m, m.shotIds, 2);
    expect(ids).toHaveLength(4);
    const list = await call('GET', `/generations/shot/${m.shotIds[0]}?workflow_node_id=${m.nodeId}`);
    const takes = list.json<Generation[]>();
    expect(takes.map((g) => [g.status, g.index, g.level])).toEqual([
      ['pending', 0, 'scene'],
      ['pending', 1, 'scene'],
    ]);
    expect(takes[0]!.workflow_inputs).toEqual({
      'input-1': {
        type: 'text',
        name: 'Prompt',
        value:
          'Wide shot. Mara walks along the pier, looking at the fishing boats. cinematic, 35mm film, soft light. An empty harbour at dawn, mist over the water.',
      },
      'input-2': { type: 'vector2', name: 'Size', value: [48, 32] },
    });
    const status = await call('GET', `/generations/status/${m.nodeId}`);
    expect(status.json()).toEqual({ pending: 4, queued: 0, running: 0, assigned: 0, success: 0, failed: 0 });
  });

  it('refuses a node without a workflow, bad job counts and shots of another movie', async () => {
    const rows = await t.db.select().from(nodes).where(eq(nodes.movieId, m.movieId));
    const download = rows.find((n) => n.name === 'Download')!;
    const notWorkflow = await call('POST', generateUrl(download.id), { shot_ids: m.shotIds, num_jobs: 1 });
    expect(notWorkflow.statusCode).toBe(400);
    const other = await generationMovie(t, 'third@example.com');
    const bare = (await t.db.select().from(nodes).where(eq(nodes.movieId, other.movieId))).find(
      (n) => n.name === 'Text to Video',
    )!;
    await t.db.update(nodes).set({ workflowApiLink: null, workflowLink: null }).where(eq(nodes.id, bare.id));
    const noWorkflow = await t.app.inject({
      method: 'POST',
      url: `/api/v1/generations/generate/workflow_node_id/${bare.id}/movie_id/${other.movieId}/user_id/${other.user.userId}`,
      headers: { cookie: other.user.cookie },
      payload: { shot_ids: other.shotIds, num_jobs: 1 },
    });
    expect(noWorkflow.statusCode).toBe(400);
    expect(noWorkflow.json().detail).toMatch(/no workflow yet/);

    expect((await call('POST', generateUrl(), { shot_ids: m.shotIds, num_jobs: 11 })).statusCode).toBe(400);
    expect((await call('POST', generateUrl(), { shot_ids: m.shotIds, num_jobs: 0 })).statusCode).toBe(400);
    const foreign = await call('POST', generateUrl(), { shot_ids: other.shotIds, num_jobs: 1 });
    expect(foreign.statusCode).toBe(400);
    expect(
      (await call('POST', generateUrl(m.nodeId, stranger.userId), { shot_ids: m.shotIds })).statusCode,
    ).toBe(403);
  });
});

describe('a shot’s generations', () => {
  it('updates flags, hides, refuses use-as-input before success, and deletes (cancelling first)', async () => {
    const [id] = await generate(t, m, [m.shotIds[1]!], 1);
    expect((await call('POST', `/generations/update/${id}`, { use_as_input: true })).statusCode).toBe(400);
    const hidden = await call('POST', `/generations/update/${id}`, { hidden: true });
    expect(hidden.json<Generation>().hidden).toBe(true);
    const visible = await call('GET', `/generations/shot/${m.shotIds[1]}?show_hidden=false`);
    expect(visible.json<Generation[]>().some((g) => g._id === id)).toBe(false);

    await t.db
      .update(generations)
      .set({ status: 'success', output: { type: 'image', url: '/x.png', display_image: null } })
      .where(eq(generations.id, id!));
    const used = await call('POST', `/generations/update/${id}`, { use_as_input: true });
    expect(used.json<Generation>().use_as_input).toBe(true);

    const [pending] = await generate(t, m, [m.shotIds[1]!], 1);
    expect((await call('DELETE', `/generations/${pending}`)).statusCode).toBe(200);
    expect((await call('GET', `/generations/${pending}`)).statusCode).toBe(404);
    expect((await call('GET', `/generations/${id}`, undefined, stranger)).statusCode).toBe(403);
  });

  it("deletes a take's files, in its folder (takes stored before) or named after it, and no other take's", async () => {
    const [kept, flat, inFolder] = await generate(t, m, [m.shotIds[1]!], 3);
    const keys = {
      kept: [`movies/${m.movieId}/generations/${kept}-out.png`],
      flat: [
        `movies/${m.movieId}/generations/${flat}-out.png`,
        `movies/${m.movieId}/generations/${flat}-display.webp`,
      ],
      inFolder: [`movies/${m.movieId}/generations/${inFolder}/out.png`],
    };
    for (const key of Object.values(keys).flat()) await t.storage.put(key, Buffer.from('take'), 'image/png');
    // A take's files are found by what its row records (services/generations/delete-generation.test.ts).
    const url = (key: string) => storedFileUrl(t.config.publicUrl, key);
    for (const [id, [output, display]] of [
      [flat!, keys.flat],
      [inFolder!, [...keys.inFolder, null]],
    ] as const) {
      await t.db
        .update(generations)
        .set({
          status: 'success',
          output: { type: 'image', url: url(output!), display_image: display ? url(display) : null },
        })
        .where(eq(generations.id, id));
    }
    for (const id of [flat, inFolder]) {
      expect((await call('DELETE', `/generations/${id}`)).statusCode).toBe(200);
    }
    const left = async (list: string[]) =>
      Promise.all(list.map(async (key) => (await t.storage.head(key)) !== null));
    expect(await left([...keys.flat, ...keys.inFolder])).toEqual([false, false, false]);
    expect(await left(keys.kept)).toEqual([true]);
  });

  it('cancels one generation and every unfinished one of a node', async () => {
    const [one, two] = await generate(t, m, [m.shotIds[0]!], 2);
    const cancelled = await call('POST', `/generations/cancel_generation/${one}`);
    expect(cancelled.json<Generation>().status).toBe('cancelled');
    const all = await call('POST', `/generations/cancel/${m.nodeId}`);
    expect(all.json<{ cancelled: number }>().cancelled).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `/generations/${two}`)).json<Generation>().status).toBe('cancelled');
    const status = await call('GET', `/generations/status/${m.nodeId}`);
    expect(status.json()).toMatchObject({ pending: 0, queued: 0, running: 0, assigned: 0 });
  });
});

describe('tunnel-status', () => {
  it('lists only healthy workers that serve the ComfyUI editor', async () => {
    const none = await call('GET', '/worker/tunnel-status');
    expect(none.json()).toEqual({ has_tunneled_worker: false, tunneled_workers: [] });
    const comfy = await upsertSharedWorker(t.db, { url: 'http://gpu.example:8188', label: 'gpu' });
    await upsertSharedWorker(t.db, { url: 'http://127.0.0.1:1', label: 'preview', servesEditor: false });
    await t.db.update(workers).set({ healthy: true });
    const some = await call('GET', '/worker/tunnel-status');
    expect(some.json()).toEqual({ has_tunneled_worker: true, tunneled_workers: [{ tunnel_url: comfy.url }] });
  });
});
