export {
  RUNPOD_STATUSES,
  runpodProgress,
  runpodState,
  RunPodJobSchema,
  type RunPodJob,
  type RunPodState,
  type RunPodStatus,
} from './runpod-protocol';
export { RUNPOD_MAX_REQUEST_BYTES, RunPodWorker, type RunPodWorkerOptions } from './runpod-worker';
export type { WorkerConnection, WorkerHealth } from './worker-connection';
export {
  ComfyApiDeliverySchema,
  ComfyApiSystemEventSchema,
  ComfyApiWorker,
  COMFYUI_API_LOST_AFTER_MS,
  STORED_OUTPUT,
  type ComfyApiDelivery,
  type ComfyApiInbox,
  type ComfyApiOutputBucket,
  type ComfyApiReceived,
  type ComfyApiWorkerOptions,
} from './comfyui-api-worker';
export {
  signStandardWebhook,
  standardWebhookProblem,
  webhookSecretKey,
  webhookSecretProblem,
} from './standard-webhooks';
