import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MESSAGES,
  canvasOnlyCss,
  isCanvasOnly,
  parentOrigin,
  readRequest,
  startBridge,
} from './bridge-core.js';

const CINEGRAPH = 'https://studio.example.com';
const UI_WORKFLOW = { last_node_id: 1, nodes: [{ id: 1, type: 'CinegraphOutput' }], links: [] };
const API_PROMPT = { '1': { class_type: 'CinegraphOutput', inputs: { name: 'output' } } };

type Message = Record<string, unknown>;
type Listener = (event: { origin: string; source: unknown; data: unknown }) => void;

function fakeApp(initial: object = UI_WORKFLOW) {
  let graph: object = initial;
  return {
    graph: { serialize: () => structuredClone(graph) },
    graphToPrompt: vi.fn(async () => ({ workflow: graph, output: API_PROMPT })),
    loadGraphData: vi.fn(async (workflow: object) => {
      graph = workflow;
    }),
    loadApiJson: vi.fn(async () => {
      graph = { nodes: [{ id: 7, type: 'FromApi' }] };
    }),
    edit(next: object) {
      graph = next;
    },
  };
}

function fakeWindow({ search = '', referrer = '' } = {}) {
  const posted: Array<{ message: Message; targetOrigin: string }> = [];
  const listeners: Listener[] = [];
  const inputListeners: Array<() => void> = [];
  const parent = {
    postMessage: (message: Message, targetOrigin: string) => posted.push({ message, targetOrigin }),
  };
  const win = {
    location: { search },
    document: { referrer },
    parent,
    addEventListener: (type: string, listener: Listener) =>
      type === 'message' ? listeners.push(listener) : inputListeners.push(listener as () => void),
    removeEventListener: (type: string, listener: Listener) =>
      type === 'message'
        ? listeners.splice(listeners.indexOf(listener), 1)
        : inputListeners.splice(inputListeners.indexOf(listener as () => void), 1),
  };
  const touch = () => inputListeners.forEach((listener) => listener());
  const send = (data: unknown, origin = CINEGRAPH, source: unknown = parent) =>
    listeners.forEach((listener) => listener({ origin, source, data }));
  return { win, posted, listeners, inputListeners, send, touch };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the embedded editor bridge', () => {
  let app: ReturnType<typeof fakeApp>;
  let frame: ReturnType<typeof fakeWindow>;

  beforeEach(() => {
    app = fakeApp();
    frame = fakeWindow();
  });

  it('answers a get request from the parent with the UI workflow and the API prompt', async () => {
    const bridge = startBridge({ app, win: frame.win, origin: CINEGRAPH });
    frame.send({ type: MESSAGES.getWorkflow, requestId: 'r1' });
    await settle();
    expect(frame.posted).toEqual([
      {
        message: { type: 'cinegraph:workflow', requestId: 'r1', workflow: UI_WORKFLOW, prompt: API_PROMPT },
        targetOrigin: CINEGRAPH,
      },
    ]);
    bridge.dispose();
  });

  it('loads a UI workflow sent by the parent and acknowledges it', async () => {
    const workflow = { nodes: [{ id: 3, type: 'CinegraphInputText' }], links: [] };
    startBridge({ app, win: frame.win, origin: CINEGRAPH });
    frame.send({ type: MESSAGES.loadWorkflow, requestId: 7, workflow });
    await settle();
    expect(app.loadGraphData).toHaveBeenCalledWith(workflow);
    expect(frame.posted.map((post) => post.message)).toEqual([
      { type: 'cinegraph:workflow-loaded', requestId: 7 },
    ]);
  });

  it('loads an API-format prompt through the API loader', async () => {
    startBridge({ app, win: frame.win, origin: CINEGRAPH });
    frame.send({ type: MESSAGES.loadWorkflow, requestId: 'api', workflow: API_PROMPT });
    await settle();
    expect(app.loadApiJson).toHaveBeenCalledWith(API_PROMPT, 'workflow.json');
    expect(app.loadGraphData).not.toHaveBeenCalled();
  });

  it('ignores requests from any other origin', async () => {
    startBridge({ app, win: frame.win, origin: CINEGRAPH });
    frame.send({ type: MESSAGES.getWorkflow, requestId: 'x' }, 'https://evil.example.com');
    frame.send({ type: MESSAGES.loadWorkflow, requestId: 'y', workflow: UI_WORKFLOW }, 'null');
    frame.send({ type: MESSAGES.getWorkflow, requestId: 'z' }, 'http://studio.example.com');
    await settle();
    expect(frame.posted).toEqual([]);
    expect(app.graphToPrompt).not.toHaveBeenCalled();
    expect(app.loadGraphData).not.toHaveBeenCalled();
  });

  it('ignores requests from the right origin that do not come from the parent window', async () => {
    startBridge({ app, win: frame.win, origin: CINEGRAPH });
    frame.send({ type: MESSAGES.getWorkflow, requestId: 'popup' }, CINEGRAPH, {
      postMessage: () => undefined,
    });
    await settle();
    expect(frame.posted).toEqual([]);
  });

  it('ignores messages that are not bridge requests', async () => {
    startBridge({ app, win: frame.win, origin: CINEGRAPH });
    for (const data of ['cinegraph:get-workflow', null, [1], { type: 'other' }, { type: MESSAGES.changed }]) {
      frame.send(data);
    }
    await settle();
    expect(frame.posted).toEqual([]);
  });

  it('replies with an error when loading fails or the workflow is missing, still only to the parent origin', async () => {
    app.loadGraphData.mockRejectedValueOnce(new Error('Unknown node type Foo'));
    startBridge({ app, win: frame.win, origin: CINEGRAPH });
    frame.send({ type: MESSAGES.loadWorkflow, requestId: 'a', workflow: UI_WORKFLOW });
    await settle();
    frame.send({ type: MESSAGES.loadWorkflow, requestId: 'b', workflow: 'not json' });
    await settle();
    expect(frame.posted).toEqual([
      {
        message: { type: 'cinegraph:error', requestId: 'a', error: 'Unknown node type Foo' },
        targetOrigin: CINEGRAPH,
      },
      {
        message: { type: 'cinegraph:error', requestId: 'b', error: 'workflow must be an object' },
        targetOrigin: CINEGRAPH,
      },
    ]);
  });

  it('stops listening when disposed', async () => {
    const bridge = startBridge({ app, win: frame.win, origin: CINEGRAPH });
    bridge.dispose();
    expect(frame.listeners).toEqual([]);
  });

  describe('change reports', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('reports a change once the edits settle, to the parent origin', () => {
      const bridge = startBridge({ app, win: frame.win, origin: CINEGRAPH, debounceMs: 300 });
      app.edit({ nodes: [{ id: 1 }, { id: 2 }] });
      bridge.graphChanged();
      vi.advanceTimersByTime(200);
      bridge.graphChanged();
      vi.advanceTimersByTime(200);
      expect(frame.posted).toEqual([]);
      vi.advanceTimersByTime(100);
      expect(frame.posted).toEqual([{ message: { type: 'cinegraph:changed' }, targetOrigin: CINEGRAPH }]);
    });

    it('does not report when the graph did not really change', () => {
      const bridge = startBridge({ app, win: frame.win, origin: CINEGRAPH, debounceMs: 300 });
      bridge.graphChanged();
      vi.advanceTimersByTime(1000);
      expect(frame.posted).toEqual([]);
    });

    it('does not report the workflow the parent itself loaded', async () => {
      const bridge = startBridge({ app, win: frame.win, origin: CINEGRAPH, debounceMs: 300 });
      await bridge.handleMessage({
        origin: CINEGRAPH,
        source: frame.win.parent,
        data: { type: MESSAGES.loadWorkflow, requestId: 1, workflow: { nodes: [], links: [] } },
      });
      bridge.graphChanged();
      vi.advanceTimersByTime(1000);
      expect(frame.posted.map((post) => post.message.type)).toEqual(['cinegraph:workflow-loaded']);
    });

    it("takes the frontend's own adjustments right after a load for part of the load, not an edit", async () => {
      const bridge = startBridge({ app, win: frame.win, origin: CINEGRAPH, debounceMs: 300, settleMs: 1000 });
      const load = {
        type: MESSAGES.loadWorkflow,
        requestId: 1,
        workflow: { nodes: [{ id: 1, size: [400, 120] }] },
      };
      await bridge.handleMessage({ origin: CINEGRAPH, source: frame.win.parent, data: load });
      // The legacy frontend resizes a node at its first draw, then its 2 s poll asks for changes.
      app.edit({ nodes: [{ id: 1, size: [400, 124] }] });
      bridge.graphChanged();
      vi.advanceTimersByTime(2000);
      bridge.graphChanged();
      vi.advanceTimersByTime(2000);
      expect(frame.posted.map((post) => post.message.type)).toEqual(['cinegraph:workflow-loaded']);
      const ask = (requestId: string) =>
        bridge.handleMessage({
          origin: CINEGRAPH,
          source: frame.win.parent,
          data: { type: MESSAGES.getWorkflow, requestId },
        });
      await ask('unedited');
      expect(frame.posted.at(-1)?.message).toMatchObject({ requestId: 'unedited', edited: false });

      // A real edit after that is reported, and the reply says so.
      app.edit({ nodes: [{ id: 1, size: [400, 124], widgets_values: ['Hero'] }] });
      bridge.graphChanged();
      vi.advanceTimersByTime(300);
      expect(frame.posted.at(-1)?.message).toEqual({ type: 'cinegraph:changed' });
      await ask('edited');
      expect(frame.posted.at(-1)?.message).toMatchObject({ requestId: 'edited', edited: true });
    });

    it('counts an edit right after a load once the user touches the editor', async () => {
      const bridge = startBridge({ app, win: frame.win, origin: CINEGRAPH, settleMs: 1000 });
      const load = { type: MESSAGES.loadWorkflow, requestId: 1, workflow: { nodes: [{ id: 1 }] } };
      await bridge.handleMessage({ origin: CINEGRAPH, source: frame.win.parent, data: load });
      frame.touch();
      app.edit({ nodes: [] });
      await bridge.handleMessage({
        origin: CINEGRAPH,
        source: frame.win.parent,
        data: { type: MESSAGES.getWorkflow, requestId: 'quick' },
      });
      expect(frame.posted.at(-1)?.message).toMatchObject({ requestId: 'quick', edited: true });
      bridge.dispose();
      expect(frame.inputListeners).toEqual([]);
    });

    it('announces that it is ready', () => {
      startBridge({ app, win: frame.win, origin: CINEGRAPH }).ready();
      expect(frame.posted).toEqual([{ message: { type: 'cinegraph:ready' }, targetOrigin: CINEGRAPH }]);
    });
  });
});

describe('the parent origin', () => {
  it('comes from the cinegraph_origin parameter', () => {
    const { win } = fakeWindow({
      search: `?canvas_only=true&cinegraph_origin=${encodeURIComponent(CINEGRAPH + '/')}`,
    });
    expect(parentOrigin(win)).toBe(CINEGRAPH);
  });

  it("falls back to the referrer's origin", () => {
    const { win } = fakeWindow({ referrer: `${CINEGRAPH}/comfyui-iframe?url=x` });
    expect(parentOrigin(win)).toBe(CINEGRAPH);
  });

  it('is refused when it is not http(s), missing, or not in the configured list', () => {
    expect(parentOrigin(fakeWindow({ search: '?cinegraph_origin=javascript:alert(1)' }).win)).toBeNull();
    expect(parentOrigin(fakeWindow({ search: '?cinegraph_origin=*' }).win)).toBeNull();
    expect(parentOrigin(fakeWindow().win)).toBeNull();
    const { win } = fakeWindow({ search: '?cinegraph_origin=https://evil.example.com' });
    expect(parentOrigin(win, [CINEGRAPH])).toBeNull();
    expect(parentOrigin(fakeWindow({ referrer: CINEGRAPH }).win, [CINEGRAPH])).toBe(CINEGRAPH);
  });

  it('is null when the page is not in a frame', () => {
    const { win } = fakeWindow({ referrer: CINEGRAPH });
    const top = { ...win, parent: undefined as unknown };
    top.parent = top;
    expect(parentOrigin(top)).toBeNull();
  });
});

describe('canvas-only mode', () => {
  it('is on only with canvas_only=true', () => {
    expect(isCanvasOnly(fakeWindow({ search: '?url=x&canvas_only=true' }).win)).toBe(true);
    expect(isCanvasOnly(fakeWindow({ search: '?canvas_only=false' }).win)).toBe(false);
    expect(isCanvasOnly(fakeWindow().win)).toBe(false);
  });

  it("hides ComfyUI's menus and side bars, scoped to the canvas-only class", () => {
    const css = canvasOnlyCss();
    expect(css).toContain('.cinegraph-canvas-only .comfyui-body-top');
    expect(css).toContain('.cinegraph-canvas-only .side-tool-bar-container');
    expect(css).toContain('.cinegraph-canvas-only .comfy-menu');
    expect(css).toContain('display: none !important');
  });
});

describe('reading requests', () => {
  it('keeps string and number request ids and drops others', () => {
    expect(readRequest({ type: MESSAGES.getWorkflow, requestId: 'a' })).toEqual({
      type: MESSAGES.getWorkflow,
      requestId: 'a',
    });
    expect(readRequest({ type: MESSAGES.getWorkflow, requestId: { x: 1 } })?.requestId).toBeNull();
    expect(readRequest({ type: MESSAGES.getWorkflow })?.requestId).toBeNull();
  });
});
