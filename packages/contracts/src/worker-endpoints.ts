import { z } from 'zod';
import { endpoint } from './endpoint';
import { DeletedResponse } from './movies';
import { AddWorkerBody, OwnWorker, OwnWorkerRules, UpdateWorkerBody, WorkerIdParams } from './workers';

/** A user's own ComfyUI workers: they run only that user's jobs, beside the shared pool. */
export const workerEndpoints = {
  listOwnWorkers: endpoint({
    method: 'GET',
    path: '/worker/mine',
    summary: "The signed-in user's own ComfyUI workers with their health and running jobs",
    auth: true,
    response: z.array(OwnWorker),
  }),
  ownWorkerRules: endpoint({
    method: 'GET',
    path: '/worker/rules',
    summary:
      "Whether this server reaches users' own workers on private and local addresses " +
      '(USER_WORKERS_ALLOW_PRIVATE), for the account page to say so',
    auth: true,
    response: OwnWorkerRules,
  }),
  addOwnWorker: endpoint({
    method: 'POST',
    path: '/worker/mine',
    summary:
      "Add a ComfyUI the user runs (checked through its /system_stats first); it serves the user's jobs",
    auth: true,
    body: AddWorkerBody,
    response: OwnWorker,
  }),
  updateOwnWorker: endpoint({
    method: 'PATCH',
    path: '/worker/mine/:workerId',
    summary: "Rename one of the user's workers or change how many jobs it runs at once",
    auth: true,
    params: WorkerIdParams,
    body: UpdateWorkerBody,
    response: OwnWorker,
  }),
  removeOwnWorker: endpoint({
    method: 'DELETE',
    path: '/worker/mine/:workerId',
    summary: "Remove one of the user's workers (refused while jobs are in progress on it)",
    auth: true,
    params: WorkerIdParams,
    response: DeletedResponse,
  }),
  openComfyEditor: endpoint({
    method: 'GET',
    path: '/worker/editor',
    summary:
      "The studio's address of one of the user's workers' ComfyUI editor (`/comfy-editor/<pass>/`, a proxy " +
      "that serves it sandboxed from the studio's origin, so the frame keeps working when the worker is " +
      "another site) and what is known to keep it from starting (`problem`). `url` is the worker's address, " +
      "`origin` the page's",
    auth: true,
    query: z.object({ url: z.string().max(2000), origin: z.string().max(500).optional() }),
    response: z.object({ src: z.string(), problem: z.string().nullable() }),
  }),
  comfyApiWebhook: endpoint({
    method: 'POST',
    path: '/workers/comfyui-api/webhook',
    summary:
      "comfyui-api's deliveries: prompt.complete / prompt.failed (webhook_v2) and its system events " +
      '(comfy.progress). Public (no session): every request must carry a valid Standard Webhooks signature ' +
      'of its raw body with COMFYUI_API_WEBHOOK_SECRET',
    auth: false,
    response: z.object({ received: z.boolean() }),
  }),
  comfyApiOwnWebhook: endpoint({
    method: 'POST',
    path: '/workers/comfyui-api/webhook/:workerId',
    summary:
      "A user's own comfyui-api worker's deliveries, as comfyApiWebhook's. Public (no session): every request " +
      "must be signed with that worker's own secret (shown on the account page), and only the worker's own " +
      'prompts are kept (a delivery for any other prompt answers `received: false`)',
    auth: false,
    params: WorkerIdParams,
    response: z.object({ received: z.boolean() }),
  }),
  runpodWebhook: endpoint({
    method: 'POST',
    path: '/workers/runpod/webhook/:promptId/:token',
    summary:
      "RunPod's call when a job the studio submitted ends (the `webhook` of /run): it tells RunPod's job id " +
      'for the id the studio recorded, so a job submitted just before a crash is found. Public (no session): ' +
      "the token is the studio's signature of the recorded id",
    auth: false,
    params: z.object({ promptId: z.string().max(100), token: z.string().max(200) }),
    response: z.object({ received: z.boolean() }),
  }),
};
