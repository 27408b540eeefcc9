/* global URL, URLSearchParams -- in every browser and in Node */
// The embedded editor bridge between Cinegraph (the parent page) and ComfyUI (in its frame), without
// ComfyUI: the app and the window are parameters, so the logic is tested with fakes. cinegraph-bridge.js
// wires it to ComfyUI's real app.

/** Message types, parent to frame (`load-workflow`, `get-workflow`) and frame to parent (the rest). */
export const MESSAGES = Object.freeze({
  loadWorkflow: 'cinegraph:load-workflow',
  getWorkflow: 'cinegraph:get-workflow',
  workflow: 'cinegraph:workflow',
  loaded: 'cinegraph:workflow-loaded',
  changed: 'cinegraph:changed',
  ready: 'cinegraph:ready',
  error: 'cinegraph:error',
});

/** ComfyUI's menus, tabs and side bars (new and legacy frontends), hidden when `canvas_only=true`. */
export const CANVAS_ONLY_SELECTORS = [
  '.comfyui-body-top',
  '.comfyui-body-bottom',
  '.comfyui-body-left',
  '.comfyui-body-right',
  '.comfyui-menu',
  '.comfy-menu',
  '.comfy-menu-button-wrapper',
  '.workflow-tabs-container',
  '.side-tool-bar-container',
  '.floating-sidebar',
  '.connected-sidebar',
  '.actionbar',
  '.actionbar-container',
];

/** The class set on <html> in canvas-only mode; the CSS only applies under it. */
export const CANVAS_ONLY_CLASS = 'cinegraph-canvas-only';

/** The style sheet that hides the menus in canvas-only mode. */
export function canvasOnlyCss() {
  const selectors = CANVAS_ONLY_SELECTORS.map((selector) => `.${CANVAS_ONLY_CLASS} ${selector}`);
  return `${selectors.join(',\n')} {\n  display: none !important;\n}\n`;
}

/** True when the page was opened with `canvas_only=true`. */
export function isCanvasOnly(win) {
  return new URLSearchParams(win.location.search).get('canvas_only') === 'true';
}

/** The origin (scheme://host:port) of an http(s) URL, or null. */
export function toOrigin(value) {
  if (typeof value !== 'string' || value === '') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The parent page's origin the bridge may talk to: the `cinegraph_origin` query parameter when given,
 * else the referrer's origin; null when the page is not framed, the origin is unusable, or a list of
 * allowed origins is configured and does not contain it.
 */
export function parentOrigin(win, allowedOrigins = []) {
  if (!win.parent || win.parent === win) return null;
  const claimed = new URLSearchParams(win.location.search).get('cinegraph_origin');
  const origin = claimed !== null ? toOrigin(claimed) : toOrigin(win.document?.referrer ?? '');
  if (!origin) return null;
  const allowed = allowedOrigins.map(toOrigin).filter(Boolean);
  return allowed.length === 0 || allowed.includes(origin) ? origin : null;
}

const isPlainObject = (value) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

const requestIdOf = (value) =>
  (typeof value === 'string' && value.length <= 200) || (typeof value === 'number' && Number.isFinite(value))
    ? value
    : null;

/**
 * Reads a request from the parent: `{type, requestId, workflow?}`, or null for anything that is not a
 * bridge request. A load request without a workflow object carries `problem` instead.
 */
export function readRequest(data) {
  if (!isPlainObject(data)) return null;
  const requestId = requestIdOf(data.requestId);
  if (data.type === MESSAGES.getWorkflow) return { type: data.type, requestId };
  if (data.type !== MESSAGES.loadWorkflow) return null;
  if (!isPlainObject(data.workflow))
    return { type: data.type, requestId, problem: 'workflow must be an object' };
  return { type: data.type, requestId, workflow: data.workflow };
}

/** True for an API-format prompt (`{id: {class_type, inputs}}`) rather than a UI-format workflow. */
export function isApiPrompt(workflow) {
  if (Array.isArray(workflow.nodes)) return false;
  const entries = Object.values(workflow);
  return (
    entries.length > 0 && entries.every((node) => isPlainObject(node) && typeof node.class_type === 'string')
  );
}

const graphOf = (app) => app.rootGraph ?? app.graph;

/** What a user does before any edit: it ends the settling after a load (see startBridge). */
const INPUT_EVENTS = ['pointerdown', 'keydown'];

/** A structured-clone-safe copy (plain JSON), as the parent stores it. */
const plain = (value) => JSON.parse(JSON.stringify(value ?? null));

/**
 * Builds the reply to a get request: the UI workflow and the API prompt of the current graph, and
 * `edited` when `edited` is given (whether the user changed the graph since the parent loaded it).
 */
export async function workflowReply(app, requestId, edited) {
  const workflow = plain(graphOf(app).serialize());
  const { output } = await app.graphToPrompt();
  const reply = { type: MESSAGES.workflow, requestId, workflow, prompt: plain(output) };
  return edited === undefined ? reply : { ...reply, edited };
}

async function loadWorkflow(app, workflow) {
  if (isApiPrompt(workflow) && typeof app.loadApiJson === 'function') {
    await app.loadApiJson(workflow, 'workflow.json');
  } else {
    await app.loadGraphData(workflow);
  }
}

/**
 * Starts answering the parent's requests from `origin` only (and only from the parent window), posting
 * replies to that origin only, and reporting graph changes (debounced, only when the graph really
 * differs). Returns the handles the extension and the tests drive.
 */
export function startBridge({ app, win, origin, debounceMs = 400, settleMs = 1000 }) {
  const post = (message) => win.parent.postMessage(message, origin);
  const snapshot = () => {
    try {
      return JSON.stringify(graphOf(app).serialize());
    } catch {
      return null;
    }
  };
  let baseline = snapshot();
  // The graph as the parent loaded it (null until it loads one): what `edited` compares with.
  let loaded = null;
  let timer = null;
  // ComfyUI keeps adjusting a graph it has just loaded (the legacy frontend resizes nodes at their
  // first draw): until it settles, that is part of loading, not an edit.
  let settling = null;

  const checkForChange = () => {
    timer = null;
    const current = snapshot();
    if (settling !== null || current === null || current === baseline) return;
    baseline = current;
    post({ type: MESSAGES.changed });
  };

  // The user's first touch ends the settling at once: what follows is theirs.
  const endSettling = () => {
    if (settling === null) return;
    globalThis.clearTimeout(settling);
    settling = null;
    baseline = snapshot();
    loaded = baseline;
  };

  const settle = () => {
    if (settling !== null) globalThis.clearTimeout(settling);
    settling = globalThis.setTimeout(() => {
      settling = null;
      baseline = snapshot();
      loaded = baseline;
    }, settleMs);
  };

  async function handleMessage(event) {
    if (event.origin !== origin || event.source !== win.parent) return false;
    const request = readRequest(event.data);
    if (!request) return false;
    const { requestId } = request;
    try {
      if (request.problem) throw new Error(request.problem);
      if (request.type === MESSAGES.getWorkflow) {
        // Asked while it settles, the graph is the loaded one with the frontend's own adjustments.
        const edited =
          loaded === null && settling === null ? undefined : settling === null && snapshot() !== loaded;
        post(await workflowReply(app, requestId, edited));
      } else {
        await loadWorkflow(app, request.workflow);
        baseline = snapshot();
        loaded = baseline;
        settle();
        post({ type: MESSAGES.loaded, requestId });
      }
    } catch (error) {
      post({
        type: MESSAGES.error,
        requestId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
    return true;
  }

  const listener = (event) => void handleMessage(event);
  win.addEventListener('message', listener);
  for (const type of INPUT_EVENTS) win.addEventListener(type, endSettling, true);

  return {
    handleMessage,
    /** Call on every hint that the graph may have changed; reports once things settle. */
    graphChanged() {
      if (timer !== null) globalThis.clearTimeout(timer);
      timer = globalThis.setTimeout(checkForChange, debounceMs);
    },
    /** Tells the parent that the editor is ready for requests. */
    ready() {
      post({ type: MESSAGES.ready });
    },
    dispose() {
      win.removeEventListener('message', listener);
      for (const type of INPUT_EVENTS) win.removeEventListener(type, endSettling, true);
      if (timer !== null) globalThis.clearTimeout(timer);
      if (settling !== null) globalThis.clearTimeout(settling);
    },
  };
}
