import type { EditorNode, Movie } from '@cinegraph/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type SignedInUser } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { editorClient, workflowBody } from '../editor/editor-test-client';
import {
  COMFY_DEPLOY_FLUX,
  COMFY_DEPLOY_I2V,
  CPACK_API,
  CPACK_UI,
  fileField,
  fixture,
  handleRows,
  NO_OUTPUT,
  uploadWorkflow,
} from './workflow-test-support';

let t: TestApp;
let api: ReturnType<typeof editorClient>;
let ann: SignedInUser;
let bob: SignedInUser;
let movie: Movie;

beforeAll(async () => {
  t = await createTestApp();
  api = editorClient(t);
  ann = await signIn(t, 'ann@example.com');
  bob = await signIn(t, 'bob@example.com');
  movie = await api.newMovie(ann);
});
afterAll(() => t.close());

const newWorkflowNode = (name = 'Render') => api.addNode(ann, movie._id, workflowBody(name, [], []));
const keyOf = (link: string | null | undefined) => new URL(link!, 'http://studio').searchParams.get('key')!;
const proxy = (user: SignedInUser, url: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/utils/proxy-workflow?url=${encodeURIComponent(url)}`,
    headers: { cookie: user.cookie },
  });

describe('setting a workflow node from an uploaded workflow', () => {
  it('derives the handles of a ComfyDeploy workflow and keeps its UI file', async () => {
    const node = await newWorkflowNode();
    const response = await uploadWorkflow(t, ann, node, [fileField('wan.json', fixture(COMFY_DEPLOY_I2V))]);
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<EditorNode>();
    expect(handleRows(updated.input_handles)).toEqual([
      ['input-55', 'Prompt', 'text'],
      ['input-56', 'Negative Prompt', 'text'],
      ['input-57', 'Image Url', 'image'],
      ['input-58', 'Width', 'number'],
      ['input-59', 'Height', 'number'],
    ]);
    expect(handleRows(updated.output_handles)).toEqual([['output-28', 'Save Animated WEBP', 'video']]);
    expect(updated.upload_error).toBeNull();
    // No worker answers here: a UI workflow is converted to the API format when it is dispatched.
    expect(updated.workflow?.api_link).toBeNull();
    expect(keyOf(updated.workflow?.link)).toMatch(new RegExp(`^movies/${movie._id}/nodes/${node._id}/`));
    const stored = await proxy(ann, updated.workflow!.link!);
    expect(stored.json()).toEqual(JSON.parse(fixture(COMFY_DEPLOY_I2V)));
  });

  it('stores both formats of the comfy-pack pair, whichever is the file', async () => {
    const node = await newWorkflowNode();
    const both = await uploadWorkflow(t, ann, node, [
      fileField('workflow.json', fixture(CPACK_UI)),
      { name: 'api_link', value: fixture(CPACK_API) },
    ]);
    expect(both.statusCode, both.body).toBe(200);
    const first = both.json<EditorNode>();
    expect(handleRows(first.input_handles)).toEqual([
      ['input-11', 'prompt', 'text'],
      ['input-13', 'height', 'number'],
      ['input-14', 'width', 'number'],
      ['input-27', 'seed', 'number'],
    ]);
    expect(first.output_handles.map((h) => [h.id, h.type])).toEqual([['output-30', 'image']]);
    expect((await proxy(ann, first.workflow!.api_link!)).json()).toEqual(JSON.parse(fixture(CPACK_API)));

    // As the embedded editor's Back sends it: the API file, with the addresses of the stored files.
    const again = await uploadWorkflow(t, ann, node, [
      fileField('workflow_api.json', fixture(CPACK_API)),
      { name: 'link', value: first.workflow!.link! },
      { name: 'api_link', value: first.workflow!.api_link! },
    ]);
    expect(again.statusCode, again.body).toBe(200);
    const second = again.json<EditorNode>();
    expect(second.workflow?.link).not.toBe(first.workflow?.link);
    expect((await proxy(ann, second.workflow!.link!)).json()).toEqual(JSON.parse(fixture(CPACK_UI)));
    // The previous files are removed.
    expect(await t.storage.head(keyOf(first.workflow?.link))).toBeNull();
  });

  it('refuses a workflow without an output node and stores the message on the node', async () => {
    const node = await newWorkflowNode();
    const response = await uploadWorkflow(t, ann, node, [fileField('masks.json', fixture(NO_OUTPUT))]);
    expect(response.statusCode).toBe(400);
    const message =
      'The workflow has no output node: add a CinegraphOutput node (or a ComfyUI saving node such as SaveImage or SaveVideo)';
    expect(response.json()).toEqual({ detail: message });
    const stored = (await api.nodes(ann, movie._id)).find((n) => n._id === node._id);
    expect(stored?.upload_error).toBe(message);
    expect(stored?.workflow).toEqual({ link: null, api_link: null });
  });

  it("answers 'No file provided' without a file and stores it on the node", async () => {
    const node = await newWorkflowNode();
    const response = await uploadWorkflow(t, ann, node, [{ name: 'link', value: '' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'No file provided' });
    expect((await api.nodes(ann, movie._id)).find((n) => n._id === node._id)?.upload_error).toBe(
      'No file provided',
    );
  });

  it('clears the stored error after a good upload', async () => {
    const node = await newWorkflowNode();
    await uploadWorkflow(t, ann, node, [fileField('bad.json', '{"nodes": "no"}')]);
    expect((await api.nodes(ann, movie._id)).find((n) => n._id === node._id)?.upload_error).toMatch(
      /not a list/,
    );
    const ok = await uploadWorkflow(t, ann, node, [fileField('flux.json', fixture(COMFY_DEPLOY_FLUX))]);
    expect(ok.json<EditorNode>().upload_error).toBeNull();
  });

  it('refuses a file over the workflow size limit', async () => {
    const node = await newWorkflowNode();
    const huge = `{"nodes": [], "pad": "${'x'.repeat(8 * 1024 * 1024 + 10)}"}`;
    const response = await uploadWorkflow(t, ann, node, [fileField('huge.json', huge)]);
    expect(response.statusCode).toBe(413);
    expect((await api.nodes(ann, movie._id)).find((n) => n._id === node._id)?.upload_error).toMatch(
      /too large/,
    );
  });

  it('refuses a companion link that is not a file of this studio', async () => {
    const node = await newWorkflowNode();
    const response = await uploadWorkflow(t, ann, node, [
      fileField('flux.json', fixture(COMFY_DEPLOY_FLUX)),
      { name: 'api_link', value: 'http://169.254.169.254/latest/meta-data' },
    ]);
    expect(response.statusCode).toBe(400);
  });

  it('refuses a non-member with 403 and a primitive node with 400', async () => {
    const node = await newWorkflowNode();
    const foreign = await uploadWorkflow(t, bob, node, [fileField('flux.json', fixture(COMFY_DEPLOY_FLUX))]);
    expect(foreign.statusCode).toBe(403);
    const primitive = await api.addNode(ann, movie._id, { name: 'Text', type: 'primitive', level: 'movie' });
    const wrong = await uploadWorkflow(t, ann, primitive, [
      fileField('flux.json', fixture(COMFY_DEPLOY_FLUX)),
    ]);
    expect(wrong.statusCode).toBe(400);
  });
});

describe('connections after a new workflow', () => {
  it('keeps connections whose handle still exists with a fitting type and drops the rest', async () => {
    const node = await newWorkflowNode('Animate');
    await uploadWorkflow(t, ann, node, [fileField('wan.json', fixture(COMFY_DEPLOY_I2V))]);
    const prompt = await api.addNode(ann, movie._id, {
      name: 'Prompt',
      type: 'primitive',
      level: 'movie',
      output_handles: [{ id: 'output', name: 'Prompt', type: 'text' }],
    });
    const still = await api.addNode(ann, movie._id, {
      name: 'Still',
      type: 'primitive',
      level: 'movie',
      output_handles: [{ id: 'output', name: 'Still', type: 'image' }],
    });
    const edge = (source: EditorNode, target: string) => ({
      source_node_id: source._id,
      source_handle_id: 'output',
      target_node_id: node._id,
      target_handle_id: target,
    });
    expect((await api.connect(ann, movie._id, edge(prompt, 'input-55'))).statusCode).toBe(200);
    expect((await api.connect(ann, movie._id, edge(still, 'input-57'))).statusCode).toBe(200);

    // The same workflow where the image input became a text input.
    const changed = JSON.parse(fixture(COMFY_DEPLOY_I2V)) as { nodes: { id: number; type: string }[] };
    changed.nodes.find((n) => n.id === 57)!.type = 'ComfyUIDeployExternalText';
    const response = await uploadWorkflow(t, ann, node, [fileField('wan.json', JSON.stringify(changed))]);
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<EditorNode>();
    expect(updated.input_handles.find((h) => h.id === 'input-55')?.connections).toEqual([
      { node_id: prompt._id, handle_id: 'output' },
    ]);
    expect(updated.input_handles.find((h) => h.id === 'input-57')?.connections).toEqual([]);

    // A workflow with other handles drops every connection.
    await uploadWorkflow(t, ann, node, [fileField('flux.json', fixture(COMFY_DEPLOY_FLUX))]);
    const edges = await api.connections(ann, movie._id);
    expect(edges.filter((e) => e.target_node_id === node._id)).toEqual([]);
  });
});
