export { startDevWorker, type DevWorker, type DevWorkerOptions } from './dev-worker';
export { buildNodeCatalog, type InputSpec, type NodeDefinition, type ObjectInfo } from './node-catalog';
export { readPngText, withPngText } from './png-text';
export { planOutput, type OutputMedia, type OutputPlan } from './output-nodes';
export { protocolProfile, type ProtocolProfile, type ProtocolVersion } from './protocol';
export type { ApiNode, ApiPrompt, ComfyError, HistoryEntry, NodeErrors, OutputFile } from './prompt-types';
export { DEFAULT_DEVICE_LABEL } from './system-info';
export { validatePrompt, type ValidationResult } from './validate';
export { startRunPodFake, type RunPodFake, type RunPodFakeOptions } from './runpod-fake';
