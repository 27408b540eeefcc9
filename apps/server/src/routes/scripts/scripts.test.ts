import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  SCRIPT_MESSAGES,
  type ImportResult,
  type Movie,
  type ScriptPreview,
  type Shot,
} from '@cinegraph/contracts';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characters, generations, movies, nodes, scenes, shots } from '../../db/schema';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { storyboardClient, type StoryboardClient } from '../storyboard/storyboard-test-client';

let t: TestApp;
let ann: SignedInUser;
let api: StoryboardClient;

beforeAll(async () => {
  t = await createTestApp();
  api = storyboardClient(t);
  ann = await signIn(t, 'ann@example.com');
});
afterAll(async () => t.close());

const fixtures = path.join(import.meta.dirname, '../../services/scripts/fixtures');
const file = (name: string) => ({
  filename: name,
  data: readFileSync(path.join(fixtures, name)).toString('base64'),
});

const preview = (movieId: string, body: object) =>
  api.ok<ScriptPreview>(ann, 'POST', `/scripts/preview/movie/${movieId}`, body);
const apply = (movieId: string, body: object) =>
  api.call(ann, 'POST', `/scripts/import/movie/${movieId}`, body);

/** Rows of the storyboard tables, to show a refused or previewed import wrote nothing. */
async function rowCounts() {
  const of = async (table: typeof scenes | typeof shots | typeof characters | typeof movies) =>
    (await t.db.select({ n: count() }).from(table))[0]!.n;
  return [await of(movies), await of(scenes), await of(shots), await of(characters)];
}

async function shotsOf(movieId: string): Promise<Shot[]> {
  const list = await api.scenes(ann, movieId);
  return (await Promise.all(list.map((scene) => api.shots(ann, scene._id)))).flat();
}

describe('importing a script into a movie', () => {
  it('previews without writing, then applies the scenes, shots and characters in script order', async () => {
    const movie = await api.newMovie(ann);
    const before = await rowCounts();
    const plan = await preview(movie._id, file('bohemia.fountain'));
    expect(await rowCounts()).toEqual(before);
    expect(plan.scenes.map((s) => [s.heading, s.int_ext, s.location, s.time_of_day, s.shots.length])).toEqual(
      [
        ['EXT. BAKER STREET - NIGHT', 'EXT', 'BAKER STREET', 'NIGHT', 1],
        [
          'INT. 221B BAKER STREET - SITTING ROOM - NIGHT',
          'INT',
          '221B BAKER STREET - SITTING ROOM',
          'NIGHT',
          5,
        ],
        [
          'INT. 221B BAKER STREET - SITTING ROOM - LATER',
          'INT',
          '221B BAKER STREET - SITTING ROOM',
          'LATER',
          3,
        ],
        ['EXT. BRIONY LODGE - EVENING', 'EXT', 'BRIONY LODGE', 'EVENING', 1],
      ],
    );

    const response = await apply(movie._id, { ...file('bohemia.fountain'), fingerprint: plan.fingerprint });
    expect(response.json<ImportResult>()).toEqual({
      movie_id: movie._id,
      added: 18,
      changed: 0,
      kept: 0,
      removed: 0,
    });
    const list = await api.scenes(ann, movie._id);
    expect(list.map((s) => [s.title, s.location, s.index])).toEqual(
      plan.scenes.map((s, i) => [s.heading, s.location, i]),
    );
    expect((await shotsOf(movie._id)).map((s) => [s.description, s.dialogue])).toEqual(
      plan.scenes.flatMap((s) => s.shots.map((shot) => [shot.description, shot.dialogue])),
    );
    expect((await api.characters(ann, movie._id)).map((c) => c.name)).toEqual([
      'Holmes',
      'Watson',
      'King',
      'Irene',
    ]);
    expect((await api.ok<Movie>(ann, 'GET', `/movies/${movie._id}`)).title).toBe('A Scandal in Bohemia');
  });

  it('merges a re-import of the edited script: ids, inputs and takes kept; removals only when ticked', async () => {
    const movie = await api.starterMovie(ann);
    const first = await preview(movie._id, file('bohemia.fountain'));
    // The template's own scene and character are not in the script: listed, kept unless ticked.
    expect(first.removable.map((r) => [r.level, r.title])).toEqual([
      ['scene', 'Harbour at Dawn'],
      ['character', 'Mara'],
    ]);
    await apply(movie._id, { ...file('bohemia.fountain'), fingerprint: first.fingerprint });
    const [workflow] = await t.db.select().from(nodes).where(eq(nodes.movieId, movie._id));
    const imported = await shotsOf(movie._id);
    const take = async (shot: Shot) =>
      (
        await t.db
          .insert(generations)
          .values({
            movieId: movie._id,
            workflowNodeId: workflow!.id,
            shotId: shot._id,
            userId: ann.userId,
            level: 'shot',
          })
          .returning()
      )[0]!;
    const rain = imported.find((s) => s.description.startsWith('Rain.'))!;
    const seven = imported.find((s) => s.description === 'Watson: Seven!')!;
    const [rainTake, sevenTake] = [await take(rain), await take(seven)];
    await api.updateShot(ann, rain, {
      inputs: rain.inputs.map((input) =>
        input.name === 'Camera Angle' ? { ...input, value: 'Crane down' } : input,
      ),
    });

    const edited = await preview(movie._id, file('bohemia-edited.fountain'));
    expect(edited.scenes[0]!.shots[0]).toMatchObject({ shot_id: rain._id, change: 'change', takes: 1 });
    const stale = await apply(movie._id, {
      ...file('bohemia-edited.fountain'),
      fingerprint: first.fingerprint,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: SCRIPT_MESSAGES.stale });

    const kept = await apply(movie._id, {
      ...file('bohemia-edited.fountain'),
      fingerprint: edited.fingerprint,
    });
    expect(kept.json<ImportResult>()).toMatchObject({ added: 4, changed: 2, removed: 0 });
    const after = await shotsOf(movie._id);
    const rainAfter = after.find((s) => s._id === rain._id)!;
    expect(rainAfter.description).toBe('Rain. WATSON stops beneath a lit window of 221B and looks up at it.');
    expect(rainAfter.inputs.find((i) => i.name === 'Camera Angle')?.value).toBe('Crane down');
    expect(rainAfter.inputs.find((i) => i.name === 'Description')?.value).toBe(rainAfter.description);
    expect(after.map((s) => s._id)).toContain(seven._id);
    expect((await api.scenes(ann, movie._id)).map((s) => s.title)).toContain('EXT. BRIONY LODGE - EVENING');

    const again = await preview(movie._id, file('bohemia-edited.fountain'));
    const seventh = again.removable.find((r) => r.id === seven._id)!;
    expect(seventh).toMatchObject({ level: 'shot', takes: 1 });
    const ticked = await apply(movie._id, {
      ...file('bohemia-edited.fountain'),
      fingerprint: again.fingerprint,
      remove: [seven._id],
    });
    expect(ticked.json<ImportResult>()).toMatchObject({ added: 0, changed: 0, removed: 1 });
    const takes = await t.db
      .select({ id: generations.id })
      .from(generations)
      .where(eq(generations.movieId, movie._id));
    expect(takes.map((g) => g.id)).toEqual([rainTake.id]);
    expect(sevenTake.shotId).toBe(seven._id);
    const order = await api.scenes(ann, movie._id);
    expect(order.map((s) => s.index)).toEqual(order.map((_, i) => i));
  });

  it('imports a preview applied twice at once (two tabs) only once', async () => {
    const movie = await api.newMovie(ann);
    const plan = await preview(movie._id, file('bohemia.fountain'));
    const body = { ...file('bohemia.fountain'), fingerprint: plan.fingerprint };
    const answers = await Promise.all([apply(movie._id, body), apply(movie._id, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await api.scenes(ann, movie._id)).toHaveLength(4);
    expect(await shotsOf(movie._id)).toHaveLength(10);
  });

  it('refuses to remove what the script still holds, and bad scripts, writing nothing', async () => {
    const movie = await api.starterMovie(ann);
    const plan = await preview(movie._id, file('bohemia.fountain'));
    const [scene] = await api.scenes(ann, movie._id);
    const before = await rowCounts();
    const wrongRemoval = await apply(movie._id, {
      ...file('bohemia.fountain'),
      fingerprint: plan.fingerprint,
      remove: [movie._id],
    });
    expect([wrongRemoval.statusCode, wrongRemoval.json()]).toEqual([
      400,
      { detail: SCRIPT_MESSAGES.notRemovable },
    ]);
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex').toString('base64');
    const refusals: [object, string][] = [
      [{ filename: 'still.fountain', data: png }, SCRIPT_MESSAGES.binary],
      [{ filename: 'blank.fountain', data: '' }, SCRIPT_MESSAGES.empty],
      [
        { filename: 'big.txt', text: 'x'.repeat(6 * 1024 * 1024) },
        'The script is 6.0 MB; a script may be at most 5 MB.',
      ],
      [{ filename: 'logo.fdx', text: '<?xml version="1.0"?><svg/>' }, SCRIPT_MESSAGES.notFdx('svg')],
    ];
    for (const [body, detail] of refusals) {
      for (const url of [
        `/scripts/preview/movie/${movie._id}`,
        `/scripts/import/movie/${movie._id}`,
        '/scripts/import',
      ]) {
        const response = await api.call(ann, 'POST', url, { ...body, fingerprint: plan.fingerprint });
        expect([response.statusCode, response.json()]).toEqual([400, { detail }]);
      }
    }
    const fifty = await api.call(ann, 'POST', '/scripts/preview', {
      filename: 'huge.txt',
      text: 'x'.repeat(50 * 1024 * 1024),
    });
    expect(fifty.statusCode).toBe(413);
    expect(fifty.json<{ detail: string }>().detail).toMatch(/too large/);
    expect(await rowCounts()).toEqual(before);
    expect(scene!.title).toBe('Harbour at Dawn');
  });
});

describe('a new movie from a script', () => {
  it("makes the movie on the lip-sync template's graph, its shots' Dialogue input holding each line", async () => {
    const plan = await api.ok<ScriptPreview>(ann, 'POST', '/scripts/preview', file('bohemia.fdx'));
    expect(plan.characters.map((c) => [c.name, c.lines, c.change])).toEqual([
      ['Holmes', 4, 'add'],
      ['Watson', 3, 'add'],
      ['King', 2, 'add'],
      ['Irene', 1, 'add'],
    ]);
    const movie = await api.ok<Movie>(ann, 'POST', '/scripts/import', {
      ...file('bohemia.fdx'),
      template: 'lip-sync',
    });
    expect(movie.title).toBe('A Scandal in Bohemia');
    expect((await api.nodes(ann, movie._id)).map((n) => n.name)).toContain('Lip Sync');
    const list = await api.scenes(ann, movie._id);
    expect(list.map((s) => s.title)).toEqual(plan.scenes.map((s) => s.heading));
    const all = await shotsOf(movie._id);
    const fire = all[1]!;
    expect(fire.camera_angle).toBe('CLOSE ON THE FIRE');
    expect(fire.inputs.find((i) => i.name === 'Dialogue')?.value).toBe(
      'Wedlock suits you. I think, Watson, that you have put on seven and a half pounds since I saw you.',
    );
    expect(all.every((s) => s.inputs.find((i) => i.name === 'Dialogue')?.value === s.dialogue)).toBe(true);
    expect((await api.characters(ann, movie._id)).map((c) => c.name)).toEqual([
      'Holmes',
      'Watson',
      'King',
      'Irene',
    ]);
  });
});
