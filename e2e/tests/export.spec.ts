import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readOtioClips } from '@cinegraph/timeline';
import { assertWellFormed, count as xmlCount, xpath } from '@cinegraph/timeline/xmllint';
import { expect, test, type Download, type Page } from '@playwright/test';
import { dragConnect, nodeNamed, openNewMovieEditor } from './editor-canvas';
import { signInThroughLandingPage } from './sign-in';

/** A prompt and a size in, a short WebM out (the preview worker renders VHS_VideoCombine as a video). */
const CLIP_WORKFLOW = {
  '1': { class_type: 'CinegraphInputText', inputs: { name: 'Prompt', default: '' } },
  '2': { class_type: 'CinegraphInputVector2', inputs: { name: 'Size', default: '64,64' } },
  '3': { class_type: 'EmptyImage', inputs: { width: ['2', 0], height: ['2', 1], batch_size: 8, color: 0 } },
  '4': {
    class_type: 'VHS_VideoCombine',
    inputs: {
      images: ['3', 0],
      frame_rate: 8,
      loop_count: 0,
      filename_prefix: 'clip',
      format: 'video/webm',
      pingpong: false,
      save_output: true,
    },
  },
};

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'export-journey-'));
test.afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/**
 * The export paths the studio was asked for: the page's own requests, and the browser's downloads
 * (which Chromium fetches outside the page, so they raise no request event); an in-page file (blob:)
 * is no request to the studio.
 */
const exportRequests: string[] = [];
const countExportRequest = (url: string) => {
  const { protocol, pathname } = new URL(url);
  if (protocol.startsWith('http') && pathname.startsWith('/api/v1/export/')) exportRequests.push(pathname);
};

async function saved(page: Page, action: () => Promise<unknown>): Promise<{ file: string; name: string }> {
  const [download] = (await Promise.all([page.waitForEvent('download'), action()])) as [Download, unknown];
  countExportRequest(download.url());
  const file = path.join(work, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return { file, name: download.suggestedFilename() };
}

const unzipList = (zip: string) =>
  execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).trim().split('\n');
const unzipText = (zip: string, entry: string) =>
  execFileSync('unzip', ['-p', zip, entry], { encoding: 'utf8' });
const decoded = (url: string) => url.split('/').map(decodeURIComponent).join('/');

async function api<T>(page: Page, url: string, init?: Parameters<Page['request']['post']>[1]): Promise<T> {
  const response = init ? await page.request.post(url, init) : await page.request.get(url);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

test('generates takes, downloads the use-as-input ones and exports the movie in four formats', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  await signInThroughLandingPage(page, 'export@example.com');
  const editor = await openNewMovieEditor(page, context);
  const movieId = editor.url().split('/').at(-2)!;
  const video = nodeNamed(editor, 'Text to Video');
  const nodeId = (await video.getAttribute('data-node-id'))!;
  const nodes = await api<{ _id: string; name: string }[]>(editor, `/api/v1/editor/nodes/${movieId}`);
  const idOf = (name: string) => nodes.find((n) => n.name === name)!._id;

  // The workflow and its inputs through the API (the generation journey does these by hand).
  await api(editor, `/api/v1/editor/set_inputs_from_workflow/node/${nodeId}/movie/${movieId}`, {
    headers: { 'X-Requested-With': 'cinegraph' },
    multipart: {
      file: {
        name: 'clip.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(CLIP_WORKFLOW)),
      },
    },
  });
  // Inputs whose names match the template's keep its connections (409 "already exists" is fine).
  const connect = async (source: string, sourceHandle: string, targetHandle: string) => {
    const response = await editor.request.post(`/api/v1/editor/connect/${movieId}`, {
      data: {
        source_node_id: source,
        source_handle_id: sourceHandle,
        target_node_id: nodeId,
        target_handle_id: targetHandle,
      },
    });
    expect([200, 409], await response.text()).toContain(response.status());
  };
  await connect(idOf('Cinegraph Prompt'), 'enhanced_prompt', 'input-1');
  await connect(idOf('Resolution'), 'output', 'input-2');
  await editor.reload();

  // The Download node takes the workflow's output, by hand on the canvas.
  const download = nodeNamed(editor, 'Download');
  await dragConnect(
    editor,
    video.locator('.react-flow__handle.source').first(),
    download.getByLabel('Media input'),
  );
  await expect(download.getByRole('switch', { name: 'Download New' })).toBeVisible();

  // Two takes per shot on the preview worker.
  await video.getByRole('button', { name: 'Generate' }).click();
  const dialog = editor.getByRole('dialog', { name: 'Generate Content' });
  await dialog.getByRole('spinbutton', { name: 'Jobs per shot' }).fill('2');
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(video.getByTestId('count-success')).toHaveText('4', { timeout: 120_000 });

  // Nothing is marked use-as-input yet: the Download node says what to do.
  await download.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(
    editor.getByText('No takes to download: mark the takes you want as "Use as input" first.'),
  ).toBeVisible();

  // Mark take 2 of shot 1 and take 1 of shot 2 as input, on the generations screen.
  const scenes = await api<{ _id: string }[]>(editor, `/api/v1/scenes/movie/${movieId}`);
  const sceneId = scenes[0]!._id;
  const shots = await api<{ _id: string }[]>(editor, `/api/v1/shots/scene/${sceneId}`);
  const screen = await context.newPage();
  const tilesOf = async (shotId: string) => {
    await screen.goto(`/scenes/${movieId}/shots/${sceneId}/shots/${shotId}/workflow/all_workflows`);
    const tiles = screen.getByRole('region', { name: 'Text to Video' }).getByRole('option');
    await expect(tiles).toHaveCount(2);
    await expect(screen.locator('[data-status="success"]')).toHaveCount(2, { timeout: 30_000 });
    return tiles;
  };
  let tiles = await tilesOf(shots[0]!._id);
  await tiles.nth(1).getByRole('checkbox', { name: 'Use as input' }).click();
  await expect(tiles.nth(1).getByRole('checkbox', { name: 'Use as input' })).toBeChecked();
  // Every take has its own download button: the file under its export name.
  await tiles.first().hover();
  await screen.screenshot({ path: 'artifacts/export-take-download.png' });
  const single = await saved(screen, () =>
    tiles.first().getByRole('link', { name: 'Download take' }).click(),
  );
  expect(single.name).toBe('1-1-Mara walks along the pier, looking at-1.webm');
  expect(fs.readFileSync(single.file).subarray(0, 4).toString('hex')).toBe('1a45dfa3');
  tiles = await tilesOf(shots[1]!._id);
  await tiles.first().getByRole('checkbox', { name: 'Use as input' }).click();
  await expect(tiles.first().getByRole('checkbox', { name: 'Use as input' })).toBeChecked();

  // Download New: the two use-as-input takes and the manifest.
  await editor.bringToFront();
  await editor.screenshot({ path: 'artifacts/export-download-node.png' });
  const zip = await saved(editor, () =>
    download.getByRole('button', { name: 'Download', exact: true }).click(),
  );
  expect(unzipList(zip.file)).toEqual([
    '1-1-Mara walks along the pier, looking at-2.webm',
    '1-2-Close-up of Mara smiling as the sun-1.webm',
    'manifest.json',
  ]);
  const manifest = JSON.parse(unzipText(zip.file, 'manifest.json')) as {
    takes: { file: string; take: number; status: string; shot: { index: number }; workflow_inputs: object }[];
  };
  expect(manifest.takes.map((t) => [t.shot.index, t.take, t.status])).toEqual([
    [1, 2, 'success'],
    [2, 1, 'success'],
  ]);
  expect(manifest.takes[0]!.workflow_inputs).toHaveProperty('input-2');
  // Downloaded: a second Download New has nothing left; Download All hands them out again.
  await download.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(editor.getByText(/No new takes to download/).last()).toBeVisible();
  // The choice is kept on the node: it is still Download All after a reload.
  const choiceSaved = editor.waitForResponse(
    (r) => r.url().includes(`/api/v1/editor/update/movie/${movieId}/node/`) && r.ok(),
  );
  await download.getByRole('switch', { name: 'Download New' }).click();
  await expect(download.getByRole('switch', { name: 'Download All' })).toBeVisible();
  await choiceSaved;
  await editor.reload();
  await expect(download.getByRole('switch', { name: 'Download All' })).toBeVisible();
  const all = await saved(editor, () =>
    download.getByRole('button', { name: 'Download', exact: true }).click(),
  );
  expect(unzipList(all.file)).toHaveLength(3);

  // Export from the editor, in each of the four formats.
  editor.on('request', (request) => countExportRequest(request.url()));
  await editor.getByRole('button', { name: 'Export', exact: true }).click();
  const exportDialog = editor.getByRole('dialog', { name: 'Export Movie' });
  await expect(exportDialog).toBeVisible();
  await exportDialog.getByLabel('Frame rate').selectOption('23.976');
  await exportDialog.getByLabel('Resolution').selectOption('1280x720');
  await exportDialog.getByLabel('Takes from').selectOption({ label: 'Text to Video' });
  await editor.screenshot({ path: 'artifacts/export-dialog.png' });
  const media = [
    'media/1-1-Mara walks along the pier, looking at-2.webm',
    'media/1-2-Close-up of Mara smiling as the sun-1.webm',
  ];
  const exported = async (format: string) => {
    await exportDialog.getByLabel('Format').selectOption(format);
    const before = exportRequests.length;
    const file = await saved(editor, () =>
      exportDialog.getByRole('button', { name: 'Export', exact: true }).click(),
    );
    // The zip is asked for (and prepared by the server) once per export.
    expect(exportRequests.slice(before).filter((p) => p === `/api/v1/export/movie/${movieId}`)).toHaveLength(
      1,
    );
    const names = unzipList(file.file);
    expect(names.filter((n) => n.startsWith('media/')).sort()).toEqual(media);
    const timeline = names.find((n) => !n.startsWith('media/'))!;
    return { names, text: unzipText(file.file, timeline), timeline };
  };

  const fcp7 = await exported('fcp7');
  expect(fcp7.timeline).toBe('Untitled Movie.xml');
  assertWellFormed(fcp7.text);
  expect(xpath(fcp7.text, '/xmeml/sequence/rate/timebase')).toBe('24');
  expect(xpath(fcp7.text, '/xmeml/sequence/rate/ntsc')).toBe('TRUE');
  expect(xpath(fcp7.text, '//format/samplecharacteristics/width')).toBe('1280');
  expect(xmlCount(fcp7.text, '/xmeml/sequence/media/video/track/clipitem')).toBe(2);
  const pathurls = [1, 2].map((i) => decoded(xpath(fcp7.text, `(//clipitem/file/pathurl)[${i}]`)));
  expect(pathurls).toEqual(media);

  const fcpxml = await exported('fcpxml');
  assertWellFormed(fcpxml.text);
  expect(xpath(fcpxml.text, '/fcpxml/@version')).toBe('1.8');
  expect(xpath(fcpxml.text, '/fcpxml/resources/format/@frameDuration')).toBe('1001/24000s');
  expect(xmlCount(fcpxml.text, '//spine/asset-clip')).toBe(2);

  const otio = await exported('otio');
  const clips = readOtioClips(otio.text);
  expect(clips.map((c) => [c.kind, decoded(c.targetUrl!)])).toEqual(media.map((m) => ['Video', m]));
  // The second clip starts where the first ends: the first take's length, read by ffprobe, in frames.
  expect(clips[0]!.duration).toBeGreaterThan(0);
  expect(clips[1]!.start).toBe(clips[0]!.duration);

  const edl = await exported('edl');
  expect(edl.text).toMatch(/^TITLE: Untitled Movie\nFCM: NON-DROP FRAME\n/);
  expect(edl.text.match(/^\d{3} {2}AX {7}V {5}C {8}/gm)).toHaveLength(2);
  expect(edl.text).toContain('* FROM FILE: media/1-2-Close-up of Mara smiling as the sun-1.webm');
  await exportDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(exportDialog).toBeHidden();
  // Its code came at its first opening and it stays mounted since: opened again, the choices are kept.
  await editor.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(exportDialog.getByLabel('Frame rate')).toHaveValue('23.976');
  await expect(exportDialog.getByLabel('Format')).toHaveValue('edl');
  await exportDialog.getByRole('button', { name: 'Cancel' }).click();

  // The scene list has the same dialog, with the shot list and the printable storyboard.
  await editor.goto(`/scenes/${movieId}`);
  await editor.getByRole('button', { name: 'Export', exact: true }).click();
  const sceneExport = editor.getByRole('dialog', { name: 'Export Movie' });
  const beforeFiles = exportRequests.length;
  const csv = await saved(editor, () => sceneExport.getByRole('button', { name: 'Shot list (CSV)' }).click());
  const lines = fs
    .readFileSync(csv.file, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n');
  expect(lines[0]).toBe(
    'Scene,Scene title,Shot,Description,Dialogue,Camera angle,Duration (s),Take,Take type,Sound take',
  );
  expect(lines[2]).toContain('1-2-Close-up of Mara smiling as the sun-1.webm,video');
  const pdf = await saved(editor, () =>
    sceneExport.getByRole('button', { name: 'Storyboard (PDF)' }).click(),
  );
  expect(pdf.name).toBe('Untitled Movie storyboard.pdf');
  // One request each: the shot list and the storyboard are made once.
  expect(exportRequests.slice(beforeFiles)).toEqual([
    `/api/v1/export/movie/${movieId}/shot_list`,
    `/api/v1/export/movie/${movieId}/storyboard`,
  ]);
  expect(fs.readFileSync(pdf.file).subarray(0, 5).toString()).toBe('%PDF-');
});
