import { detectHandles, parseWorkflow, type ParsedWorkflow } from '@cinegraph/comfy';
import { DEFAULT_MAX_WORKFLOW_BYTES } from '@cinegraph/comfy';
import type { StoredHandle } from '../../db/schema';

/** A workflow file read and understood: its text, its format and the node handles it gives. */
export interface ReadWorkflow {
  text: string;
  format: ParsedWorkflow['format'];
  parsed: ParsedWorkflow;
  inputs: StoredHandle[];
  outputs: StoredHandle[];
}

/**
 * Parses an uploaded workflow (either ComfyUI format) and derives the node's handles: one input handle
 * per input node (text, number, vector2, media and LoRA alike) and one output handle per output node.
 * Bypass controls are work in progress in the product and give no handle yet. Throws the comfy
 * package's errors (WorkflowFormatError, MissingOutputError) with their messages.
 */
export function readWorkflow(text: string): ReadWorkflow {
  const parsed = parseWorkflow(text, { maxBytes: DEFAULT_MAX_WORKFLOW_BYTES });
  const detected = detectHandles(parsed);
  const toHandle = (h: { id: string; name: string; type: StoredHandle['type']; tooltip: string }) => ({
    id: h.id,
    name: h.name,
    type: h.type,
    ...(h.tooltip ? { tooltip: h.tooltip.slice(0, 2000) } : {}),
  });
  return {
    text,
    format: parsed.format,
    parsed,
    inputs: detected.inputs.map(toHandle),
    outputs: detected.outputs.map(toHandle),
  };
}

/** Only the format of a companion file (a `link` or `api_link` sent beside the file) matters. */
export function workflowFormat(text: string): ParsedWorkflow['format'] {
  return parseWorkflow(text, { maxBytes: DEFAULT_MAX_WORKFLOW_BYTES }).format;
}
