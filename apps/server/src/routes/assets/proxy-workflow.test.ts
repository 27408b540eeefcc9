import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EditorNode } from '@cinegraph/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workers } from '../../db/schema';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { editorClient, workflowBody } from '../editor/editor-test-client';
import { COMFY_DEPLOY_FLUX, fileField, fixture, uploadWorkflow } from '../workflows/workflow-test-support';
import { assetClient } from './asset-test-client';

let t: TestApp;
let ann: SignedInUser;
let bob: SignedInUser;
let node: EditorNode;

beforeAll(async () => {
  t = await createTestApp();
  ann = await signIn(t, 'ann@example.com');
  bob = await signIn(t, 'bob@example.com');
  const editor = editorClient(t);
  const movie = await editor.newMovie(ann);
  const empty = await editor.addNode(ann, movie._id, workflowBody('Flux', [], []));
  node = (await uploadWorkflow(t, ann, empty, [fileField('flux.json', fixture(COMFY_DEPLOY_FLUX))])).json();
});
afterAll(() => t.close());

const proxy = (user: SignedInUser, url: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/utils/proxy-workflow?url=${encodeURIComponent(url)}`,
    headers: { cookie: user.cookie },
  });

describe('the workflow proxy', () => {
  it("returns a workflow node's stored workflow to a member of the movie", async () => {
    const response = await proxy(ann, node.workflow!.link!);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(JSON.parse(fixture(COMFY_DEPLOY_FLUX)));
  });

  it("refuses a movie's workflow to someone who is not a member with 403", async () => {
    expect((await proxy(bob, node.workflow!.link!)).statusCode).toBe(403);
  });

  it('returns the user’s own uploaded workflow asset and refuses it to others', async () => {
    const asset = await assetClient(t).upload(
      ann,
      'workflow',
      'flux.json',
      Buffer.from(fixture(COMFY_DEPLOY_FLUX)),
    );
    expect((await proxy(ann, asset.url)).json()).toEqual(JSON.parse(fixture(COMFY_DEPLOY_FLUX)));
    expect((await proxy(bob, asset.url)).statusCode).toBe(403);
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'https://example.com/api/v1/utils/file?key=users/x/assets/y/z.json',
    'http://localhost:3000/storage/movies/x',
    'file:///etc/passwd',
    'http://localhost:3000.evil.example/api/v1/utils/file?key=x',
    'not a url at all',
  ])('refuses %s without fetching it', async (url) => {
    const response = await proxy(ann, url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Only workflow files stored in this studio can be opened.' });
  });

  it('refuses a storage key outside the readable areas with 403', async () => {
    await t.storage.put('secrets/config.json', Buffer.from('{"a":1}'), 'application/json');
    const url = `http://localhost:3000/api/v1/utils/file?key=${encodeURIComponent('secrets/config.json')}`;
    expect((await proxy(ann, url)).statusCode).toBe(403);
  });

  it("never fetches from a ComfyUI worker: not another user's, not the shared pool's, not the user's own", async () => {
    const hits: string[] = [];
    const worker = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' }).end(fixture(COMFY_DEPLOY_FLUX));
    });
    await new Promise<void>((resolve) => worker.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(worker.address() as AddressInfo).port}`;
    try {
      await t.db.insert(workers).values([
        { url: `${base}/ann`, label: "Ann's GPU", userId: ann.userId, healthy: true },
        { url: `${base}/shared`, label: 'Shared', userId: null, healthy: true },
      ]);
      for (const [user, url] of [
        [bob, `${base}/ann/view?filename=flux.json&type=output`],
        [ann, `${base}/ann/view?filename=flux.json&type=output`],
        [bob, `${base}/shared/view?filename=flux.json&type=output`],
      ] as const) {
        const response = await proxy(user, url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toEqual({
          detail: 'Only workflow files stored in this studio can be opened.',
        });
      }
      expect(hits).toEqual([]);
    } finally {
      await new Promise((resolve) => worker.close(resolve));
    }
  });
});
