// ComfyUI frontend extension: the embedded editor bridge Cinegraph's /comfyui-iframe page talks to.
// ComfyUI loads every .js file of the pack's web directory; this one registers the extension.
import { app } from '../../scripts/app.js';
import { api } from '../../scripts/api.js';
import { CANVAS_ONLY_CLASS, canvasOnlyCss, isCanvasOnly, parentOrigin, startBridge } from './bridge-core.js';

const win = globalThis.window;
const CONFIG_ROUTE = '/cinegraph/bridge-config';
const POLL_MS = 2000;

// Hide the menus at once (before ComfyUI draws them), not after setup.
if (isCanvasOnly(win)) {
  const style = win.document.createElement('style');
  style.id = 'cinegraph-canvas-only';
  style.textContent = canvasOnlyCss();
  win.document.head.append(style);
  win.document.documentElement.classList.add(CANVAS_ONLY_CLASS);
}

/** The origins the pack's server side allows (CINEGRAPH_ALLOWED_ORIGINS); empty when not configured. */
async function allowedOrigins() {
  try {
    const response = await api.fetchApi(CONFIG_ROUTE);
    if (!response.ok) return [];
    const body = await response.json();
    return Array.isArray(body.allowed_origins) ? body.allowed_origins : [];
  } catch {
    return [];
  }
}

app.registerExtension({
  name: 'Cinegraph.EmbeddedEditorBridge',
  async setup() {
    const origin = parentOrigin(win, await allowedOrigins());
    if (!origin) return;
    const bridge = startBridge({ app, win, origin });
    // The frontend announces its own edits; the poll catches what it does not announce.
    api.addEventListener('graphChanged', () => bridge.graphChanged());
    globalThis.setInterval(() => bridge.graphChanged(), POLL_MS);
    bridge.ready();
  },
});
