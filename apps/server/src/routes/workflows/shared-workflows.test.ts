import type { EditorNode, Movie, SharedWorkflow } from '@cinegraph/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { editorClient, workflowBody } from '../editor/editor-test-client';
import {
  COMFY_DEPLOY_I2V,
  CPACK_API,
  CPACK_UI,
  fileField,
  fixture,
  handleRows,
  uploadWorkflow,
} from './workflow-test-support';

let t: TestApp;
let api: ReturnType<typeof editorClient>;
let ann: SignedInUser;
let bob: SignedInUser;
let annMovie: Movie;
let annNode: EditorNode;

type Listing = { workflows: SharedWorkflow[]; has_more: boolean };

beforeAll(async () => {
  t = await createTestApp();
  api = editorClient(t);
  ann = await signIn(t, 'ann@example.com');
  bob = await signIn(t, 'bob@example.com');
  annMovie = await api.newMovie(ann);
  annNode = await api.addNode(ann, annMovie._id, workflowBody('Pixel art', [], []));
  const uploaded = await uploadWorkflow(t, ann, annNode, [
    fileField('workflow.json', fixture(CPACK_UI)),
    { name: 'api_link', value: fixture(CPACK_API) },
  ]);
  annNode = uploaded.json<EditorNode>();
});
afterAll(() => t.close());

const share = (user: SignedInUser, nodeId: string, title: string, description = '') =>
  api.call(user, 'POST', '/worker/share-workflow', {
    user_id: user.userId,
    node_id: nodeId,
    title,
    description,
  });
const list = (user: SignedInUser, query = '') =>
  api.ok<Listing>(user, 'GET', `/worker/shared-workflows${query}`);
const like = (user: SignedInUser, workflowId: string, action: 'like' | 'dislike') =>
  api.ok<{ like_count: number; dislike_count: number; user_action: string | null }>(
    user,
    'POST',
    '/worker/like-workflow',
    {
      user_id: user.userId,
      workflow_id: workflowId,
      action,
    },
  );

describe('sharing a workflow', () => {
  let shared: SharedWorkflow;

  it('publishes a copy of the node’s files under its own keys', async () => {
    const response = await share(ann, annNode._id, '  Pixel art  ', ' Small sprites ');
    expect(response.statusCode, response.body).toBe(200);
    shared = response.json<SharedWorkflow>();
    expect(shared).toMatchObject({
      title: 'Pixel art',
      description: 'Small sprites',
      user_id: ann.userId,
      like_count: 0,
      dislike_count: 0,
      user_like_status: null,
      likes: [],
    });
    expect(shared.workflow.link).toContain(encodeURIComponent(`shared-workflows/${shared._id}/`));
    expect(shared.workflow.api_link).toContain(encodeURIComponent(`shared-workflows/${shared._id}/`));
  });

  it("asks for a title and refuses a node of someone else's movie", async () => {
    const blank = await share(ann, annNode._id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ detail: 'Please enter a title' });
    expect((await share(bob, annNode._id, 'Mine now')).statusCode).toBe(403);
    const empty = await api.addNode(ann, annMovie._id, workflowBody('Empty', [], []));
    expect((await share(ann, empty._id, 'Nothing')).json()).toEqual({
      detail: 'This node has no workflow to share.',
    });
  });

  it('lets another user load it into their own node, with the handles derived', async () => {
    const bobMovie = await api.newMovie(bob);
    const bobNode = await api.addNode(bob, bobMovie._id, workflowBody('Borrowed', [], []));
    const loaded = await api.ok<EditorNode>(
      bob,
      'POST',
      `/editor/load_shared_workflow/node/${bobNode._id}/movie/${bobMovie._id}`,
      {
        workflow_id: shared._id,
      },
    );
    expect(handleRows(loaded.input_handles)).toEqual(handleRows(annNode.input_handles));
    expect(loaded.workflow?.link).toContain(
      encodeURIComponent(`movies/${bobMovie._id}/nodes/${bobNode._id}/`),
    );
    expect(loaded.workflow?.api_link).toBeTruthy();
    const intoAnnsMovie = await api.call(
      bob,
      'POST',
      `/editor/load_shared_workflow/node/${annNode._id}/movie/${annMovie._id}`,
      {
        workflow_id: shared._id,
      },
    );
    expect(intoAnnsMovie.statusCode).toBe(403);
  });

  it('updates title, description and files for the owner only', async () => {
    const body = { workflow_id: shared._id, title: 'Pixel art v2', description: 'Now better' };
    const foreign = await api.call(bob, 'POST', '/worker/update-shared-workflow', {
      ...body,
      user_id: bob.userId,
    });
    expect(foreign.statusCode).toBe(403);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/worker/update-shared-workflow',
      payload: { ...body, user_id: ann.userId, node_id: annNode._id },
      headers: { cookie: ann.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<SharedWorkflow>();
    expect(updated).toMatchObject({ title: 'Pixel art v2', description: 'Now better' });
    const blank = await api.call(ann, 'POST', '/worker/update-shared-workflow', {
      ...body,
      title: '',
      user_id: ann.userId,
    });
    expect(blank.json()).toEqual({ detail: 'Please enter a title' });
  });

  it('deletes for the owner only, with its files', async () => {
    const extra = (await share(ann, annNode._id, 'To delete')).json<SharedWorkflow>();
    const key = new URL(extra.workflow.link!, 'http://studio').searchParams.get('key')!;
    expect(
      (await api.call(bob, 'DELETE', `/worker/shared-workflow/${extra._id}?user_id=${bob.userId}`))
        .statusCode,
    ).toBe(403);
    expect(
      (await api.call(ann, 'DELETE', `/worker/shared-workflow/${extra._id}?user_id=${ann.userId}`))
        .statusCode,
    ).toBe(200);
    expect(await t.storage.head(key)).toBeNull();
    expect((await list(ann)).workflows.map((w) => w._id)).not.toContain(extra._id);
  });
});

describe('likes, sorting and pages', () => {
  let ids: string[];
  beforeAll(async () => {
    const movie = await api.newMovie(ann);
    const node = await api.addNode(ann, movie._id, workflowBody('Wan', [], []));
    await uploadWorkflow(t, ann, node, [fileField('wan.json', fixture(COMFY_DEPLOY_I2V))]);
    ids = [];
    for (let i = 0; i < 22; i++)
      ids.push((await share(ann, node._id, `Wan ${i}`)).json<SharedWorkflow>()._id);
  });

  it('toggles a like, switches to a dislike and takes it back', async () => {
    const id = ids[5]!;
    expect(await like(bob, id, 'like')).toEqual({ like_count: 1, dislike_count: 0, user_action: 'like' });
    expect(await like(bob, id, 'like')).toEqual({ like_count: 0, dislike_count: 0, user_action: null });
    await like(bob, id, 'like');
    expect(await like(bob, id, 'dislike')).toEqual({
      like_count: 0,
      dislike_count: 1,
      user_action: 'dislike',
    });
    expect(await like(bob, id, 'dislike')).toEqual({ like_count: 0, dislike_count: 0, user_action: null });
    const asAnn = await api.call(bob, 'POST', '/worker/like-workflow', {
      user_id: ann.userId,
      workflow_id: id,
      action: 'like',
    });
    expect(asAnn.statusCode).toBe(403);
  });

  it('sorts by likes, shows the viewer’s vote, and pages by 20 with has_more', async () => {
    await like(bob, ids[3]!, 'like');
    await like(ann, ids[3]!, 'like');
    await like(bob, ids[7]!, 'like');
    await like(ann, ids[9]!, 'dislike');
    const first = await list(bob, '?limit=20&skip=0&sort_by=likes&sort_order=desc');
    expect(first.workflows).toHaveLength(20);
    expect(first.has_more).toBe(true);
    expect(first.workflows.slice(0, 2).map((w) => w.title)).toEqual(['Wan 3', 'Wan 7']);
    expect(first.workflows[0]).toMatchObject({ like_count: 2, user_like_status: 'like' });
    expect(first.workflows[0]!.likes.sort()).toEqual([ann.userId, bob.userId].sort());
    const disliked = first.workflows.find((w) => w.title === 'Wan 9');
    expect(disliked).toMatchObject({ dislike_count: 1, dislikes: [ann.userId], user_like_status: null });
    const second = await list(bob, '?limit=20&skip=20&sort_by=likes&sort_order=desc');
    expect(second.has_more).toBe(false);
    const all = [...first.workflows, ...second.workflows].map((w) => w._id);
    expect(new Set(all).size).toBe(all.length);
  });

  it('searches titles and lists only the named user’s own for the share dialog', async () => {
    const found = await list(bob, '?search=wan%2012');
    expect(found.workflows.map((w) => w.title)).toEqual(['Wan 12']);
    expect((await list(bob, `?user_id=${bob.userId}&limit=100`)).workflows).toEqual([]);
    expect((await api.call(bob, 'GET', `/worker/shared-workflows?user_id=${ann.userId}`)).statusCode).toBe(
      403,
    );
    const own = await list(ann, `?user_id=${ann.userId}&limit=100`);
    expect(own.workflows.length).toBeGreaterThanOrEqual(22);
  });
});
