import { readFileSync } from 'node:fs';
import { convertUiToApi, parseWorkflow } from '@cinegraph/comfy';
import type { Generation, ShotValidation } from '@cinegraph/contracts';
import { buildNodeCatalog } from '@cinegraph/dev-worker';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movies, nodes, shots } from '../../db/schema';
import { startWorkers, testDispatcher, waitForStatus } from '../../engine/engine-test-support';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { startListeningTestApp } from '../../routes/assets/listening-test-app';
import type { TestApp } from '../../test/test-app';
import { storedFileKey } from '../assets/stored-files';
import { seedTemplateMovies } from './templates';

let t: TestApp;
let ann: SignedInUser;

beforeAll(async () => {
  // Listening, so ffmpeg can read a take's video over its storage link and make the poster frame.
  t = await startListeningTestApp();
  ann = await signIn(t, 'first-run@example.com');
});
afterAll(async () => t.close());

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  const response = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: ann.cookie },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

async function templateId(key: 'text-to-video' | 'lip-sync') {
  const [row] = await t.db.select({ id: movies.id }).from(movies).where(eq(movies.templateKey, key));
  return row!.id;
}

async function newMovieFrom(key: 'text-to-video' | 'lip-sync'): Promise<string> {
  const source = await templateId(key);
  const created = await call(
    'POST',
    `/movies/insert_with_editor_state/user/${ann.userId}/source_movie/${source}`,
  );
  return created.json<{ _id: string }>()._id;
}

const workflowNodes = (movieId: string) =>
  t.db.select().from(nodes).where(eq(nodes.movieId, movieId)).orderBy(asc(nodes.createdAt));

describe('the template movies generate out of the box', () => {
  it('ship workflow files whose UI format converts to their API format with the worker definitions', () => {
    const catalog = buildNodeCatalog();
    for (const key of ['text-to-video', 'lip-sync']) {
      const read = (name: string) =>
        readFileSync(new URL(`./template-files/${key}/${name}`, import.meta.url), 'utf8');
      const ui = parseWorkflow(read('workflow.json'));
      const api = parseWorkflow(read('workflow_api.json'));
      if (ui.format !== 'ui' || api.format !== 'api') throw new Error(`${key}: wrong formats`);
      expect(convertUiToApi(ui.workflow, catalog)).toEqual(api.prompt);
    }
  });

  it('a new movie of each template has every shot valid on every workflow node, and its files readable', async () => {
    for (const key of ['text-to-video', 'lip-sync'] as const) {
      const movieId = await newMovieFrom(key);
      const workflows = (await workflowNodes(movieId)).filter((n) => n.type === 'workflow');
      expect(workflows.length).toBeGreaterThan(0);
      for (const node of workflows) {
        const entries = (await call('GET', `/utils/validate_shot_inputs/${node.id}/movie/${movieId}`)).json<
          ShotValidation[]
        >();
        expect(entries.length).toBeGreaterThan(0);
        expect(entries.map((e) => [e.valid, e.missing])).toEqual(entries.map(() => [true, []]));
        for (const link of [node.workflowLink, node.workflowApiLink]) {
          const key = storedFileKey(t.config.publicUrl, link!);
          const file = await t.app.inject({
            method: 'GET',
            url: `/api/v1/utils/file?key=${encodeURIComponent(key!)}`,
            headers: { cookie: ann.cookie },
          });
          expect(file.statusCode, file.body).toBeLessThan(400);
        }
      }
    }
  });

  it('names what is missing once the character loses its reference image', async () => {
    const movieId = await newMovieFrom('text-to-video');
    const [video] = (await workflowNodes(movieId)).filter((n) => n.type === 'workflow');
    const characters = (await call('GET', `/characters/movie/${movieId}`)).json<{ _id: string }[]>();
    const mara = characters[0]!;
    const rows = await workflowNodes(movieId);
    const reference = rows.find((n) => n.name === 'Reference Image')!;
    await call('POST', `/characters/update/${mara._id}`, {
      inputs: [{ node_id: reference.id, name: 'Reference Image', type: 'image', value: '' }],
    });
    const entries = (await call('GET', `/utils/validate_shot_inputs/${video!.id}/movie/${movieId}`)).json<
      ShotValidation[]
    >();
    expect(entries.map((e) => [e.valid, e.missing])).toEqual([
      [false, ['Reference Image (character Mara)']],
      [false, ['Reference Image (character Mara)']],
    ]);
  });

  it('Generate on every template workflow node with all shots selected gives takes on the preview worker', async () => {
    const started = await startWorkers(t, 1);
    const dispatcher = testDispatcher(t);
    dispatcher.start();
    try {
      for (const key of ['text-to-video', 'lip-sync'] as const) {
        const movieId = await newMovieFrom(key);
        const workflows = (await workflowNodes(movieId)).filter((n) => n.type === 'workflow');
        const shotIds = (
          await t.db.select({ id: shots.id }).from(shots).where(eq(shots.movieId, movieId))
        ).map((s) => s.id);
        const ids: string[] = [];
        for (const node of workflows) {
          const queued = await call(
            'POST',
            `/generations/generate/workflow_node_id/${node.id}/movie_id/${movieId}/user_id/${ann.userId}`,
            { shot_ids: shotIds, num_jobs: 2 },
          );
          ids.push(...queued.json<{ generation_ids: string[] }>().generation_ids);
        }
        await waitForStatus(t, ids, ['success', 'failed'], 60_000);
        for (const id of ids) {
          const generation = (await call('GET', `/generations/${id}`)).json<Generation>();
          expect([generation.status, generation.inference.error_message]).toEqual(['success', null]);
          expect(generation.output?.type).toBe('video');
        }
        const display = (await call('GET', `/utils/latest_display_image/movie/${movieId}`)).json<{
          display_image: string | null;
        }>();
        expect(display.display_image).toBeTruthy();

        // Deleting a shot's newest take moves its tile to the take before it, then to nothing.
        const shotId = shotIds[0]!;
        const takes = (await call('GET', `/generations/shot/${shotId}`)).json<Generation[]>();
        const ordered = takes
          .filter((g) => g.workflow_node_id === workflows[0]!.id)
          .sort((a, b) => b.updated_at.localeCompare(a.updated_at));
        const tile = async () =>
          (await t.db.select({ image: shots.displayImage }).from(shots).where(eq(shots.id, shotId)))[0]!
            .image;
        expect(await tile()).toBe(ordered[0]!.output!.display_image);
        await call('DELETE', `/generations/${ordered[0]!._id}`);
        expect(await tile()).toBe(ordered[1]!.output!.display_image);
        await call('DELETE', `/generations/${ordered[1]!._id}`);
        expect(await tile()).toBeNull();
      }
    } finally {
      await dispatcher.stop();
      await started.pool.stop();
      for (const w of started.workers) await w.close();
    }
  }, 120_000);

  it('seeds a template again when an older seed left its workflow nodes without workflows', async () => {
    const source = await templateId('text-to-video');
    await t.db
      .update(nodes)
      .set({ workflowLink: null, workflowApiLink: null })
      .where(eq(nodes.movieId, source));
    await seedTemplateMovies(t.db, t.storage);
    const workflows = (await workflowNodes(source)).filter((n) => n.type === 'workflow');
    expect(workflows.map((n) => Boolean(n.workflowApiLink && n.workflowLink))).toEqual([true]);
    const before = (await workflowNodes(source)).map((n) => n.id);
    await seedTemplateMovies(t.db, t.storage);
    expect((await workflowNodes(source)).map((n) => n.id)).toEqual(before);
  });
});
