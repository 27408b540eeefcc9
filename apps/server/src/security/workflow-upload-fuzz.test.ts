import fs from 'node:fs';
import path from 'node:path';
import type { EditorNode } from '@cinegraph/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileField, uploadWorkflow } from '../routes/workflows/workflow-test-support';
import { signIn, type SignedInUser } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Workflow upload over mutated fixtures: cut short, bytes flipped, NUL characters, nesting thousands deep,
 * huge arrays. Every answer must be the upload's own (2xx or 4xx with a detail), never a 5xx, and each
 * upload must finish (the test's timeout bounds it).
 */
const FIXTURES = path.resolve(import.meta.dirname, '../../../../../shared/fixtures/comfyui-workflows');
const fixtures = fs
  .readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.json'))
  .sort();

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

function mutations(text: string, seed: number): [string, string][] {
  const next = random(seed);
  const at = (fraction: number) => Math.floor(text.length * fraction);
  const flipped = [...text];
  for (let i = 0; i < 5; i++)
    flipped[Math.floor(next() * flipped.length)] = String.fromCharCode(Math.floor(next() * 128));
  const firstString = text.indexOf('"', text.indexOf(':') + 1);
  return [
    ['cut in half', text.slice(0, at(0.5))],
    ['bytes flipped', flipped.join('')],
    ['a raw NUL', `${text.slice(0, firstString + 1)}\u0000${text.slice(firstString + 1)}`],
    ['an escaped NUL', `${text.slice(0, firstString + 1)}\\u0000${text.slice(firstString + 1)}`],
    ['nested 5,000 deep', `${'['.repeat(5000)}${text}${']'.repeat(5000)}`],
    ['huge links', text.replace(/"links"\s*:\s*\[/, `"links":[${'[1,2,0,3,0,"IMAGE"],'.repeat(5_000)}`)],
  ];
}

let t: TestApp;
let user: SignedInUser;
let node: EditorNode;

beforeAll(async () => {
  t = await createTestApp();
  user = await signIn(t, 'fuzz@example.com');
  const movie = await t.app.inject({
    method: 'POST',
    url: `/api/v1/movies?user_id=${user.userId}&title=Fuzz`,
    headers: { cookie: user.cookie },
  });
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/v1/editor/node/${movie.json<{ _id: string }>()._id}`,
    headers: { cookie: user.cookie },
    payload: { type: 'workflow', level: 'movie', name: 'Fuzzed', position: { x: 0, y: 0 } },
  });
  expect(created.statusCode, created.body).toBe(200);
  node = created.json<EditorNode>();
}, 60_000);
afterAll(() => t?.close());

describe('workflow upload over mutated fixtures', () => {
  it.each(fixtures.map((name, index) => [name, index] as const))(
    '%s: every mutation is answered without a server error',
    async (name, index) => {
      const text = fs.readFileSync(path.join(FIXTURES, name), 'utf8');
      for (const [mutation, body] of mutations(text, index + 1)) {
        const response = await uploadWorkflow(t, user, node, [fileField(name, body)]);
        expect(response.statusCode, `${mutation}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.json<{ detail: string }>().detail).toBeTruthy();
      }
    },
    60_000,
  );

  it('answers workflows that are only huge or deep without a server error', async () => {
    for (const body of [
      `{"nodes":${'['.repeat(5000)}${']'.repeat(5000)},"links":[]}`,
      `{"nodes":[${'{},'.repeat(100_000)}{}],"links":[]}`,
      `{${'"k":{'.repeat(5000)}${'}'.repeat(5001)}`,
    ]) {
      const response = await uploadWorkflow(t, user, node, [fileField('huge.json', body)]);
      expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
    }
  }, 60_000);
});
