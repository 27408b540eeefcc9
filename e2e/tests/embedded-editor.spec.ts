import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Frame, type Page } from '@playwright/test';
import { startWorkerProcess, type RunningWorker } from './dev-worker-process';
import { nodeById, openNewMovieEditor } from './editor-canvas';
import { signInThroughLandingPage } from './sign-in';

/**
 * ComfyUI's own legacy web frontend (upstream 3f5939ad), unchanged, beside the repository. The dev worker
 * serves it as its web root with the node pack's web folder, as ComfyUI serves its frontend and
 * custom_nodes; E2E_COMFYUI_URL points the journey at a real ComfyUI with the pack instead.
 */
const LEGACY_FRONTEND = path.resolve(
  import.meta.dirname,
  '../../../shared/peers/comfyui-frontend-legacy/web',
);
const PACK_WEB = path.resolve(import.meta.dirname, '../../comfyui-nodes/web');
const REAL_COMFYUI = process.env.E2E_COMFYUI_URL;

interface WorkflowNodeFiles {
  _id: string;
  type: string;
  workflow: { link: string | null; api_link: string | null } | null;
}

const STUDIO_HEADERS = { 'X-Requested-With': 'cinegraph' };

async function addOwnWorker(request: APIRequestContext, url: string, label: string): Promise<void> {
  const added = await request.post('/api/v1/worker/mine', { data: { url, label }, headers: STUDIO_HEADERS });
  expect(added.status(), await added.text()).toBe(200);
}

async function workflowNode(request: APIRequestContext, movieId: string): Promise<WorkflowNodeFiles> {
  const nodes = (await (await request.get(`/api/v1/editor/nodes/${movieId}`)).json()) as WorkflowNodeFiles[];
  return nodes.find((node) => node.type === 'workflow')!;
}

async function storedJson(request: APIRequestContext, link: string): Promise<string> {
  const answer = await request.get(`/api/v1/utils/proxy-workflow?url=${encodeURIComponent(link)}`);
  expect(answer.status()).toBe(200);
  return JSON.stringify(await answer.json());
}

/** The embedded ComfyUI, once its app has the node's workflow (a Cinegraph input node in its graph). */
async function editorFrame(page: Page): Promise<Frame> {
  let frame: Frame | undefined;
  await expect
    .poll(
      async () => {
        frame = page.frames().find((f) => f.url().includes('/comfy-editor/'));
        if (!frame) return false;
        return frame
          .evaluate(() => {
            const app = (window as unknown as { app?: { graph: { _nodes: { type: string }[] } } }).app;
            return Boolean(app?.graph._nodes.some((node) => node.type.startsWith('CinegraphInput')));
          })
          .catch(() => false);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return frame!;
}

// Dev workers listen on 127.0.0.1: another site than the studio at localhost.
let worker: RunningWorker | null = null;
let bare: RunningWorker | null = null;

test.beforeAll(async () => {
  if (!REAL_COMFYUI && !fs.existsSync(path.join(LEGACY_FRONTEND, 'index.html'))) return;
  if (!REAL_COMFYUI) {
    worker = await startWorkerProcess({
      DEV_WORKER_WEB_ROOT: LEGACY_FRONTEND,
      DEV_WORKER_CINEGRAPH_WEB: PACK_WEB,
    });
  }
  bare = await startWorkerProcess();
});
test.afterAll(async () => {
  await Promise.all([worker?.stop(), bare?.stop()]);
});

test('edits a workflow in the embedded ComfyUI of a worker on another site, and never loses an edit', async ({
  page,
  context,
}) => {
  test.skip(
    !REAL_COMFYUI && !fs.existsSync(path.join(LEGACY_FRONTEND, 'index.html')),
    `No ComfyUI frontend at ${LEGACY_FRONTEND} (and no E2E_COMFYUI_URL): the embedded editor journey needs one`,
  );
  test.setTimeout(150_000);
  const workerUrl = REAL_COMFYUI ?? worker!.url;
  expect(new URL(workerUrl).hostname).toBe('127.0.0.1');
  await signInThroughLandingPage(page, 'embedded-editor@example.com');
  await addOwnWorker(page.request, workerUrl, 'GPU box');
  const editor = await openNewMovieEditor(page, context);
  const movieId = /\/movies\/([0-9a-f-]{36})\/editor$/.exec(editor.url())![1]!;
  const before = await workflowNode(editor.request, movieId);

  // What the frame tells the page (the studio navigates within one document, so this listener stays).
  await editor.evaluate(() => {
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    window.addEventListener('message', (event) => {
      const type = (event.data as { type?: unknown } | null)?.type;
      if (typeof type === 'string' && type.startsWith('cinegraph:')) heard.push(type);
    });
  });
  const heard = () => editor.evaluate(() => (window as unknown as { heard: string[] }).heard);

  // The editor opens inside the studio and is handed the node's workflow.
  await nodeById(editor, before._id).getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(editor).toHaveURL(/\/comfyui-iframe\?url=/);
  const frame = await editorFrame(editor);
  await expect(editor.getByText(/The editor (cannot start|did not become ready)/)).toHaveCount(0);
  await editor.screenshot({ path: 'artifacts/embedded-editor-open.png' });
  // Nothing edited: no change is reported after the load, past the bridge's 2 s poll.
  await expect.poll(heard).toContain('cinegraph:workflow-loaded');
  await editor.waitForTimeout(3000);
  expect(await heard()).not.toContain('cinegraph:changed');

  // An edit of a Cinegraph input's default: Back saves both files.
  const edited = `A lighthouse keeper at dusk ${Date.now()}`;
  // The user's touch, then the edit itself through ComfyUI's own app (its canvas has no DOM to type in).
  await frame.locator('#graph-canvas').click({ position: { x: 10, y: 10 } });
  await frame.evaluate((text) => {
    type Widget = { name: string; value: unknown };
    type Node = { type: string; widgets?: Widget[] };
    const app = (
      window as unknown as {
        app: { graph: { _nodes: Node[]; setDirtyCanvas(a: boolean, b: boolean): void } };
      }
    ).app;
    const input = app.graph._nodes.find((node) => node.type === 'CinegraphInputText')!;
    input.widgets!.find((widget) => widget.name === 'default')!.value = text;
    app.graph.setDirtyCanvas(true, true);
  }, edited);
  await editor.getByRole('button', { name: /Back/ }).click();
  await expect(editor).toHaveURL(/\/editor$/, { timeout: 20_000 });
  const after = await workflowNode(editor.request, movieId);
  expect(after.workflow!.link).not.toBe(before.workflow!.link);
  expect(after.workflow!.api_link).not.toBe(before.workflow!.api_link);
  // Relative addresses: the studio may be reached under another host.
  expect(after.workflow!.link).toMatch(/^\/api\/v1\/utils\/file\?key=/);
  expect(await storedJson(editor.request, after.workflow!.link!)).toContain(edited);
  expect(await storedJson(editor.request, after.workflow!.api_link!)).toContain(edited);

  // An edit the studio refuses (no output left) keeps the user in the editor with the reason.
  await nodeById(editor, before._id).getByRole('button', { name: 'Edit', exact: true }).click();
  const again = await editorFrame(editor);
  expect(
    await again.evaluate(() =>
      JSON.stringify(
        (window as unknown as { app: { graph: { serialize(): unknown } } }).app.graph.serialize(),
      ),
    ),
  ).toContain(edited);
  await again.locator('#graph-canvas').click({ position: { x: 10, y: 10 } });
  await again.evaluate(() => {
    type Node = { type: string };
    const app = (window as unknown as { app: { graph: { _nodes: Node[]; remove(node: Node): void } } }).app;
    for (const node of [...app.graph._nodes]) {
      if (node.type === 'CinegraphOutput' || node.type.startsWith('Save')) app.graph.remove(node);
    }
  });
  await editor.getByRole('button', { name: /Back/ }).click();
  const refusal = editor.getByRole('alert').filter({ hasText: 'The workflow was not saved' });
  await expect(refusal).toBeVisible({ timeout: 20_000 });
  await expect(refusal).toContainText(/output/i);
  await expect(editor).toHaveURL(/\/comfyui-iframe\?url=/);
  await editor.screenshot({ path: 'artifacts/embedded-editor-refused.png' });
  const unchanged = await workflowNode(editor.request, movieId);
  expect(unchanged.workflow).toEqual(after.workflow);
  await refusal.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(editor).toHaveURL(/\/editor$/);

  // A worker without the node pack: the page says so at once, naming the fix.
  await addOwnWorker(editor.request, bare!.url, 'Bare box');
  await editor.goto(`/comfyui-iframe?url=${encodeURIComponent(bare!.url)}`);
  await expect(editor.getByRole('status').filter({ hasText: 'The editor cannot start' })).toContainText(
    `The editor cannot start: The worker at ${bare!.url} has no Cinegraph node pack`,
  );
  await editor.screenshot({ path: 'artifacts/embedded-editor-no-pack.png' });
});
