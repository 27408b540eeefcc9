export { isApiLink, readApiPrompt, type ApiLink, type ApiNode, type ApiPrompt } from './api-format';
export {
  CONTROL_NODES,
  INPUT_NODES,
  SAVE_NODES,
  type HandleConvention,
  type InputNodeConvention,
  type WorkflowHandleType,
} from './conventions';
export * from './client';
export {
  completePrompt,
  describeInput,
  fillWidgetDefaults,
  IncompleteWorkflowError,
  type FilledPrompt,
  type PromptInputRef,
} from './complete';
export { convertUiToApi } from './convert';
export {
  detectHandles,
  type WorkflowHandles,
  type WorkflowInputHandle,
  type WorkflowOutputHandle,
} from './detect';
export { FillPromptError, MissingOutputError, UnknownNodeClassError, WorkflowFormatError } from './errors';
export { fillPrompt, type PromptValue } from './fill';
export { requiredNodeClasses } from './node-classes';
export { flattenWorkflow, type FlatInput, type FlatNode, type FlatSource } from './flat-graph';
export {
  ObjectInfoSchema,
  orderedInputs,
  widgetSlots,
  type NodeDefinition,
  type ObjectInfo,
  type WidgetSlot,
} from './object-info';
export { parseWorkflow, type ParsedWorkflow, type ParseWorkflowOptions } from './parse';
export { DEFAULT_MAX_WORKFLOW_BYTES } from './safe-json';
export { NodeMode, UiWorkflowSchema, type UiLink, type UiNode, type UiWorkflow } from './ui-format';
export * from './backends';
