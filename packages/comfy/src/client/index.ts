export type { ComfyQueue, HistoryEntry, QueueItem, QueuedPrompt, SystemStats, UploadedFile } from './answers';
export { ComfyClient, type ComfyClientOptions } from './comfy-client';
export {
  ComfyHttpError,
  ComfyPromptError,
  ComfyProtocolError,
  ComfyUnavailableError,
  describePromptError,
  type ComfyErrorInfo,
  type ComfyNodeError,
} from './errors';
export type { UploadOptions, ViewedFile, ViewFile } from './files';
export type { SubmittedPrompt } from './find-prompt';
export {
  ComfyEventSchema,
  parseComfyMessage,
  promptIdOf,
  type ComfyEvent,
  type ComfyEventType,
} from './messages';
export { collectOutputFiles, outcomeFromHistory, type OutputFile, type PromptOutcome } from './outputs';
export type { QueuePromptOptions } from './prompts';
export { reconnectDelay, type SocketFactory, type SocketLike } from './socket';
export { capabilitiesOf, compareVersions, type ComfyCapabilities } from './version';
export type { WaitOptions } from './wait';
