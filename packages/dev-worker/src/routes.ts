import type { IncomingMessage, ServerResponse } from 'node:http';
import { getView, postUploadImage } from './file-routes';
import { getJob, listJobs } from './jobs-routes';
import { BodyTooLarge, sendJson, sendServerError, sendText } from './http-util';
import {
  getHistory,
  postHistory,
  postInterrupt,
  postPrompt,
  postQueue,
  type WorkerState,
} from './prompt-routes';
import { withInputFiles } from './node-catalog';
import { FEATURES, MODEL_FOLDERS, systemStats } from './system-info';
import { answerWebRoute, type WebRoot } from './web-routes';

/** Settings the routes show. */
export interface RouteSettings {
  label: string;
  port(): number;
  /** A ComfyUI frontend to serve beside the API (the embedded editor's tests). */
  web?: WebRoot;
}

/**
 * Answers ComfyUI's HTTP API, under both `/x` and `/api/x`: prompt, queue, interrupt, history, view,
 * upload/image, object_info, system_stats, features, jobs, embeddings, models, free.
 */
export function createRoutes(state: WorkerState, settings: RouteSettings) {
  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://worker');
    const path = url.pathname.startsWith('/api/') ? url.pathname.slice(4) : url.pathname;
    const method = req.method ?? 'GET';
    const newApi = state.profile.newApi;
    const key = `${method} ${path}`;
    switch (key) {
      case 'POST /prompt':
        return postPrompt(state, req, res);
      case 'GET /prompt':
        return sendJson(res, 200, { exec_info: { queue_remaining: state.queue.remaining() } });
      case 'GET /queue':
        return sendJson(res, 200, state.queue.snapshot());
      case 'POST /queue':
        return postQueue(state, req, res);
      case 'POST /interrupt':
        return postInterrupt(state, req, res);
      case 'GET /history': {
        const max = url.searchParams.get('max_items');
        return getHistory(state, res, null, max === null ? null : Number.parseInt(max, 10));
      }
      case 'POST /history':
        return postHistory(state, req, res);
      case 'GET /view':
        return getView(state, url, res);
      case 'POST /upload/image':
        return postUploadImage(state, req, res);
      case 'GET /object_info':
        return sendJson(res, 200, withInputFiles(state.catalog, state.files.inputFiles()));
      case 'GET /system_stats':
        return sendJson(res, 200, systemStats(settings.label, settings.port(), state.profile.version));
      case 'GET /jobs':
        return newApi ? listJobs(state, url, res) : sendText(res, 404, '404: Not Found');
      case 'GET /features':
        return newApi ? sendJson(res, 200, FEATURES) : sendText(res, 404, '404: Not Found');
      case 'GET /embeddings':
        return sendJson(res, 200, []);
      case 'GET /models':
        return sendJson(res, 200, MODEL_FOLDERS);
      case 'POST /free':
        req.resume();
        res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': 0 });
        return void res.end();
    }
    const history = /^\/history\/([^/]+)$/.exec(path);
    if (method === 'GET' && history) return getHistory(state, res, decodeURIComponent(history[1]!), null);
    const job = /^\/jobs\/([^/]+)$/.exec(path);
    if (method === 'GET' && job && newApi) return getJob(state, decodeURIComponent(job[1]!), res);
    const info = /^\/object_info\/([^/]+)$/.exec(path);
    if (method === 'GET' && info) {
      const name = decodeURIComponent(info[1]!);
      const catalog = withInputFiles(state.catalog, state.files.inputFiles());
      const definition = Object.hasOwn(catalog, name) ? catalog[name] : undefined;
      return sendJson(res, 200, definition ? { [name]: definition } : {});
    }
    if (method === 'GET' && /^\/models\/[^/]+$/.test(path)) return sendJson(res, 200, []);
    if (settings.web && method === 'GET' && (await answerWebRoute(settings.web, path, res))) return;
    req.resume();
    // The frontend stores its settings on the server; they are not kept.
    if (settings.web && method === 'POST' && path.startsWith('/settings')) return sendJson(res, 200, null);
    sendText(res, 404, '404: Not Found');
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof BodyTooLarge) return sendText(res, 413, 'Request Entity Too Large');
      sendServerError(res);
    });
  };
}
