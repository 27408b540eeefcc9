import { execFileSync, spawnSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shots } from '../../db/schema';
import { generationMovie, type GenerationMovie } from '../../engine/engine-test-support';
import { addTake, makeMedia, STILL_PNG } from '../../services/exports/exports-test-support';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

const hasPdftotext = spawnSync('pdftotext', ['-v'], { stdio: 'ignore' }).status === 0;
let t: TestApp;
let m: GenerationMovie;
let stranger: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  m = await generationMovie(t);
  stranger = await signIn(t, 'stranger@example.com');
  const [shot1, shot2] = m.shotIds as [string, string];
  await t.db
    .update(shots)
    .set({
      fields: { dialogue: 'Mara: "Wait, not yet."', camera_angle: '=HYPERLINK("x")' },
      durationSeconds: 4.5,
    })
    .where(eq(shots.id, shot1));
  await addTake(t, m, { shotId: shot1, type: 'image', bytes: STILL_PNG, ext: 'png', useAsInput: true });
  await addTake(t, m, { shotId: shot2, type: 'audio', bytes: makeMedia('audio', 1), ext: 'wav' });
});

/** Shot 2 also gets a still from another workflow (the newest take) and its camera angle as an input. */
async function addOtherWorkflowStill(): Promise<string> {
  const nodes = await get(`/editor/nodes/${m.movieId}`);
  const other = nodes.json<{ _id: string; name: string }[]>().find((n) => n.name === 'Cinegraph Prompt')!;
  const shot2 = m.shotIds[1]!;
  const input = { node_id: other._id, name: 'Camera angle', type: 'text', value: 'Low angle' };
  await t.db
    .update(shots)
    .set({ inputs: [input] })
    .where(eq(shots.id, shot2));
  await addTake(t, m, { shotId: shot2, type: 'image', bytes: STILL_PNG, ext: 'png', nodeId: other._id });
  return other._id;
}
afterAll(() => t.close());

const get = (url: string, user: SignedInUser = m.user) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie: user.cookie } });

describe('shot list and storyboard exports', () => {
  it('lists every shot as CSV with its texts, duration and chosen take, quoted and safe for spreadsheets', async () => {
    const response = await get(`/export/movie/${m.movieId}/shot_list`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('shot list.csv');
    expect(response.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Scene,Scene title,Shot,Description,Dialogue,Camera angle,Duration (s),Take,Take type,Sound take',
      '1,Harbour at Dawn,1,"Mara walks along the pier, looking at the fishing boats.","Mara: ""Wait, not yet.""","\'=HYPERLINK(""x"")",4.5,"1-1-Mara walks along the pier, looking at-1.png",image,',
      // The template gives shot 2 its camera angle as an input of the shot.
      '1,Harbour at Dawn,2,Close-up of Mara smiling as the sun rises behind her.,,Close-up,3,,,1-2-Close-up of Mara smiling as the sun-1.wav',
      '',
    ]);
  });

  it('prints the storyboard as a PDF with the take pictures', async () => {
    const response = await get(`/export/movie/${m.movieId}/storyboard`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(response.headers['content-length'])).toBe(pdf.length);
    // The still take is drawn: one image XObject.
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
  });

  it('lists the same takes as the export: picture and sound, "Takes from" one workflow, the camera angle input', async () => {
    await addOtherWorkflowStill();
    const csv = async (query: string) => {
      const response = await get(`/export/movie/${m.movieId}/shot_list${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.body.replace(/^\uFEFF/, '').split('\r\n')[2];
    };
    // Every workflow's takes: shot 2's newest picture is the other workflow's still, its sound beside it.
    expect(await csv('')).toBe(
      '1,Harbour at Dawn,2,Close-up of Mara smiling as the sun rises behind her.,,Low angle,3,1-2-Close-up of Mara smiling as the sun-1.png,image,1-2-Close-up of Mara smiling as the sun-1.wav',
    );
    // Takes from the video workflow, as the export dialog's choice: only its sound take.
    expect(await csv(`?workflow_node_id=${m.nodeId}`)).toBe(
      '1,Harbour at Dawn,2,Close-up of Mara smiling as the sun rises behind her.,,Low angle,3,,,1-2-Close-up of Mara smiling as the sun-1.wav',
    );
    const link = await get(`/export/movie/${m.movieId}/link?format=edl&workflow_node_id=${m.nodeId}`);
    expect(link.json().count).toBe(2); // the timeline holds the same two: shot 1's still, shot 2's sound

    const pdf = await get(`/export/movie/${m.movieId}/storyboard?workflow_node_id=${m.nodeId}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    if (hasPdftotext) {
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], {
        input: pdf.rawPayload,
        encoding: 'utf8',
      });
      expect(text).toContain('Sound: 1-2-Close-up of Mara smiling as the sun-1.wav');
      expect(text).toContain('Camera: Low angle');
    }
  });

  it("refuses another user's movie with 403", async () => {
    expect((await get(`/export/movie/${m.movieId}/shot_list`, stranger)).statusCode).toBe(403);
    expect((await get(`/export/movie/${m.movieId}/storyboard`, stranger)).statusCode).toBe(403);
  });
});
