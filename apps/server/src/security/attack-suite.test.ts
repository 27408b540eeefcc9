import { randomBytes, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { endpoints, fillPath, type Endpoint } from '@cinegraph/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assets,
  characters,
  descriptions,
  generations,
  movies,
  nodes,
  scenes,
  sharedWorkflows,
  shots,
  workers,
} from '../db/schema';
import { storedFileUrl } from '../services/assets/stored-files';
import { signIn, type SignedInUser } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';
import { sampleInput } from './sample-input';

/**
 * The project's own attack suite. It walks every endpoint of the contracts, so a route is attacked the
 * day it is declared: without a session, as another user against the owner's items of every kind, and
 * as another user naming the owner's id. Every answer must be 401, 403 or 404, and the owner's data must
 * be unchanged afterwards. Public endpoints say so in their declaration (`auth: false`), and calls that
 * may rightly touch another user's item say why (`othersItems`).
 */

let t: TestApp;
let owner: SignedInUser;
let intruder: SignedInUser;
/** The owner's items by the names paths and bodies give their ids. */
let items: Record<string, unknown>;
let before: string;

const REFUSED = [401, 403, 404];
/** Rows that change whenever anyone signs in or is refused; they hold no user data. */
const SESSION_TABLES = new Set(['sessions', 'magic_links', '__drizzle_migrations']);

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t, 'owner@example.com');
  intruder = await signIn(t, 'intruder@example.com');
  items = await seedOwnersItems();
  before = await snapshot();
}, 120_000);
afterAll(() => t?.close());

const all = Object.entries(endpoints) as [string, Endpoint][];
const guarded = all.filter(([, ep]) => ep.auth);

describe('without a session', () => {
  it.each(guarded)('%s is refused', async (_name, ep) => {
    const response = await call(ep, null, intruder.userId);
    expect(REFUSED, `${response.statusCode} ${response.body}`).toContain(response.statusCode);
  });
});

describe("another user against the owner's items", () => {
  // Calls that name none of the owner's items act on the caller's own (their list, a new movie).
  const aimed = guarded.filter(([, ep]) => !ep.othersItems && namesAnItem(ep));
  it.each(aimed)('%s is refused', async (_name, ep) => {
    const response = await call(ep, intruder, intruder.userId);
    expect(REFUSED, `${response.statusCode} ${response.body}`).toContain(response.statusCode);
  });
});

describe("another user naming the owner's user id", () => {
  const naming = guarded.filter(([, ep]) => takesUserId(ep));
  it.each(naming)('%s is refused', async (_name, ep) => {
    const response = await call(ep, intruder, owner.userId);
    expect(REFUSED, `${response.statusCode} ${response.body}`).toContain(response.statusCode);
  });
});

describe("the owner's data", () => {
  it('is unchanged after every attack, and the owner still reads it', async () => {
    expect(await snapshot()).toBe(before);
    const movie = await t.app.inject({
      method: 'GET',
      url: `/api/v1/movies/${String(items.movieId)}`,
      headers: { cookie: owner.cookie },
    });
    expect(movie.statusCode).toBe(200);
  });
});

/** Calls `ep` as `user` (null: no session), every id filled with the owner's items and `userId`. */
async function call(ep: Endpoint, user: SignedInUser | null, userId: string) {
  const pick = (name: string) => valueFor(ep, name, userId);
  const params = ep.params ? (sampleInput(ep.params, pick) as Record<string, unknown>) : {};
  const query = ep.query ? (sampleInput(ep.query, pick) as Record<string, unknown>) : undefined;
  const body = ep.body ? sampleInput(ep.body, pick) : undefined;
  const search = query ? `?${new URLSearchParams(stringValues(query)).toString()}` : '';
  return t.app.inject({
    method: ep.method,
    url: `/api/v1${fillPath(ep.path, stringValues(params))}${search}`,
    headers: user ? { cookie: user.cookie } : {},
    ...(body !== undefined && { payload: body as object }),
  });
}

const USER_FIELDS = ['userId', 'user_id'];

function takesUserId(ep: Endpoint): boolean {
  return USER_FIELDS.some((field) => fieldsOf(ep).includes(field));
}

/** Fields that name one of the owner's items (the keys of `seedOwnersItems`' answer, and `id`). */
const ITEM_FIELDS = new Set([
  'id',
  'movieId',
  'movie_id',
  'source_movie',
  'nodeId',
  'node_id',
  'workflowNodeId',
  'workflow_node_id',
  'source_node_id',
  'target_node_id',
  'node_ids',
  'sceneId',
  'scene_id',
  'parentId',
  'shotId',
  'shot_id',
  'shot_ids',
  'characterId',
  'character_id',
  'generationId',
  'generation_id',
  'assetId',
  'asset_id',
  'key',
  's3_key',
  'workerId',
  'worker_id',
  'workflow_id',
  'shared_workflow_id',
  'postId',
  'post_id',
]);

function namesAnItem(ep: Endpoint): boolean {
  const fields = fieldsOf(ep);
  // A read by address (`url`) aims at the owner's file; a `url` sent to be saved is the caller's own.
  return fields.some((field) => ITEM_FIELDS.has(field)) || (ep.method === 'GET' && fields.includes('url'));
}

function fieldsOf(ep: Endpoint): string[] {
  const keysOf = (schema: Endpoint['body']) => {
    const json = schema ? (JSON.stringify(sampleInput(schema, () => undefined)) ?? '') : '';
    return [...json.matchAll(/"([A-Za-z_]+)":/g)].map((m) => m[1]!);
  };
  const pathNames = [...ep.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  return [...pathNames, ...keysOf(ep.query), ...keysOf(ep.body)];
}

function valueFor(ep: Endpoint, name: string, userId: string): unknown {
  if (USER_FIELDS.includes(name)) return userId;
  return itemFor(ep, name);
}

/** The owner's item a field names; `id` means the item of the path's first segment. */
function itemFor(ep: Endpoint, name: string): unknown {
  if (name === 'id') {
    const area = ep.path.split('/')[1] ?? '';
    const byArea: Record<string, unknown> = {
      movies: items.movieId,
      scenes: items.sceneId,
      shots: items.shotId,
      characters: items.characterId,
      generations: items.generationId,
      cinegraph_descriptions: items.descriptionId,
      worker: items.sharedWorkflowId,
      utils: items.shotId, // latest_display_image/:level/:id with level "shot"
    };
    return byArea[area];
  }
  return items[name];
}

function stringValues(record: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, String(v)]));
}

/** A movie with its graph, scenes, shots, characters, descriptions and a take; an asset; a worker; a post. */
async function seedOwnersItems(): Promise<Record<string, unknown>> {
  const as = (user: SignedInUser) => ({ cookie: user.cookie });
  const [template] = await t.db.select().from(movies).where(eq(movies.templateKey, 'text-to-video'));
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/v1/movies/insert_with_editor_state/user/${owner.userId}/source_movie/${template!.id}`,
    headers: as(owner),
  });
  const movieId = created.json<{ _id: string }>()._id;
  const movieNodes = await t.db.select().from(nodes).where(eq(nodes.movieId, movieId));
  const workflowNode = movieNodes.find((n) => n.type === 'workflow') ?? movieNodes[0]!;
  const otherNode = movieNodes.find((n) => n.id !== workflowNode.id)!;
  const [scene] = await t.db.select().from(scenes).where(eq(scenes.movieId, movieId));
  const [shot] = await t.db.select().from(shots).where(eq(shots.movieId, movieId));
  const [character] = await t.db.select().from(characters).where(eq(characters.movieId, movieId));
  await t.app.inject({
    method: 'GET',
    url: `/api/v1/cinegraph_descriptions/movie/${movieId}`,
    headers: as(owner),
  });
  const [description] = await t.db.select().from(descriptions).where(eq(descriptions.movieId, movieId));
  const [generation] = await t.db
    .insert(generations)
    .values({
      movieId,
      workflowNodeId: workflowNode.id,
      shotId: shot!.id,
      userId: owner.userId,
      level: 'shot',
    })
    .returning();

  const key = `users/${owner.userId}/assets/${randomUUID()}/secret.png`;
  await t.storage.put(key, Buffer.from('\x89PNG owner'), 'image/png');
  const url = storedFileUrl(t.config.publicUrl, key);
  const [asset] = await t.db
    .insert(assets)
    .values({
      userId: owner.userId,
      filename: 'secret.png',
      s3Key: key,
      url,
      fileType: 'image',
      fileSize: 10,
      contentType: 'image/png',
    })
    .returning();
  const [worker] = await t.db
    .insert(workers)
    .values({ url: 'http://203.0.113.9:8188', label: "owner's GPU", userId: owner.userId })
    .returning();
  const [shared] = await t.db
    .insert(sharedWorkflows)
    .values({ userId: owner.userId, nodeId: workflowNode.id, title: "Owner's workflow" })
    .returning();
  const post = await t.app.inject({
    method: 'POST',
    url: `/api/v1/forum/post`,
    headers: as(owner),
    payload: { title: "Owner's post", user_id: owner.userId, user_nickname: 'owner', content_blocks: [] },
  });
  const postId = post.statusCode === 200 ? post.json<{ post_id: string }>().post_id : undefined;
  if (postId) {
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/forum/post/${postId}/comment`,
      headers: as(owner),
      payload: { user_id: owner.userId, user_nickname: 'owner', text: 'mine' },
    });
  }

  return {
    movieId,
    movie_id: movieId,
    source_movie: movieId,
    nodeId: workflowNode.id,
    node_id: workflowNode.id,
    workflowNodeId: workflowNode.id,
    workflow_node_id: workflowNode.id,
    source_node_id: otherNode.id,
    target_node_id: workflowNode.id,
    node_ids: [workflowNode.id],
    sceneId: scene!.id,
    scene_id: scene!.id,
    shotId: shot!.id,
    shot_id: shot!.id,
    shot_ids: [shot!.id],
    characterId: character!.id,
    character_id: character!.id,
    descriptionId: description?.id,
    generationId: generation!.id,
    generation_id: generation!.id,
    assetId: asset!.id,
    asset_id: asset!.id,
    key,
    s3_key: key,
    url,
    workerId: worker!.id,
    worker_id: worker!.id,
    sharedWorkflowId: shared!.id,
    workflow_id: shared!.id,
    shared_workflow_id: shared!.id,
    bucket: t.storage.bucket,
    postId,
    post_id: postId,
    commentIndex: 0,
    level: 'shot',
    // latest_display_images/:level/:parentId: the scene of the shots with level "shot".
    parentId: scene!.id,
    token: randomBytes(16).toString('hex'),
  };
}

/** Every user-data table, row by row, and every stored object: what no attack may change. */
async function snapshot(): Promise<string> {
  const rowsOf = async (query: ReturnType<typeof sql.raw>) =>
    ((await t.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const names = await rowsOf(
    sql.raw(`select table_name from information_schema.tables where table_schema = 'public'`),
  );
  const tables: Record<string, string[]> = {};
  for (const name of names.map((row) => String(row.table_name)).sort()) {
    if (SESSION_TABLES.has(name)) continue;
    const rows = await rowsOf(sql.raw(`select * from "${name}"`));
    tables[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  const objects = await readdir(path.join(t.dataDir, 'storage', 'objects'), { recursive: true }).catch(
    () => [],
  );
  return JSON.stringify({ tables, objects: objects.sort() });
}
