#!/usr/bin/env -S npx tsx
import { readFileSync } from 'node:fs';
import { startDevWorker } from './dev-worker';
import { startRunPodFake } from './runpod-fake';
import type { ObjectInfo } from './node-catalog';

// Run with `npx tsx packages/dev-worker/src/main.ts`; PORT (default 8188), HOST, DEV_WORKER_STEP_MS,
// DEV_WORKER_LABEL, DEV_WORKER_DATA_DIR, DEV_WORKER_PROTOCOL (0.8.0 or 0.3.18) and DEV_WORKER_OBJECT_INFO
// (a JSON file of extra node definitions, e.g. a real server's /object_info) configure it.
// DEV_WORKER_WEB_ROOT serves a ComfyUI frontend (e.g. ../shared/peers/comfyui-frontend-legacy/web) with the
// Cinegraph pack's web folder (DEV_WORKER_CINEGRAPH_WEB) and CINEGRAPH_ALLOWED_ORIGINS, as ComfyUI would.
// DEV_WORKER_RUNPOD_KEY puts a RunPod serverless endpoint (worker-comfyui) with that API key in front,
// on a port of its own, and prints the endpoint's address instead.
const port = Number(process.env.PORT ?? 8188);
const stepMs = process.env.DEV_WORKER_STEP_MS ? Number(process.env.DEV_WORKER_STEP_MS) : undefined;
const objectInfoFile = process.env.DEV_WORKER_OBJECT_INFO;
const objectInfo = objectInfoFile
  ? (JSON.parse(readFileSync(objectInfoFile, 'utf8')) as ObjectInfo)
  : undefined;
const worker = await startDevWorker({
  objectInfo,
  protocol: process.env.DEV_WORKER_PROTOCOL === '0.3.18' ? '0.3.18' : '0.8.0',
  port: Number.isInteger(port) && port >= 0 ? port : 8188,
  host: process.env.HOST || '127.0.0.1',
  stepMs: stepMs !== undefined && Number.isFinite(stepMs) && stepMs >= 0 ? stepMs : undefined,
  label: process.env.DEV_WORKER_LABEL || undefined,
  dataDir: process.env.DEV_WORKER_DATA_DIR || undefined,
  web: process.env.DEV_WORKER_WEB_ROOT
    ? {
        root: process.env.DEV_WORKER_WEB_ROOT,
        extensions: process.env.DEV_WORKER_CINEGRAPH_WEB
          ? { cinegraph: process.env.DEV_WORKER_CINEGRAPH_WEB }
          : {},
        allowedOrigins: (process.env.CINEGRAPH_ALLOWED_ORIGINS ?? '').split(',').filter(Boolean),
      }
    : undefined,
});
const runpodKey = process.env.DEV_WORKER_RUNPOD_KEY;
const endpoint = runpodKey ? await startRunPodFake({ comfyUrl: worker.url, apiKey: runpodKey }) : null;
if (endpoint)
  console.log(`Cinegraph RunPod endpoint (worker-comfyui, dev worker inside) listening on ${endpoint.url}`);
else console.log(`Cinegraph dev worker (ComfyUI API, preview media, no GPU) listening on ${worker.url}`);

const stop = () => {
  Promise.all([endpoint?.close(), worker.close()]).then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
