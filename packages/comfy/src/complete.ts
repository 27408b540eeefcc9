import type { ApiPrompt } from './api-format';
import { isWidgetInput, orderedInputs, type ObjectInfo } from './object-info';

/** An input of one API node, named for messages. */
export interface PromptInputRef {
  node_id: string;
  class_type: string;
  title?: string;
  input: string;
}

/** Required inputs no default can give (a link such as MODEL, a choice with no options); names them. */
export class IncompleteWorkflowError extends Error {
  override readonly name = 'IncompleteWorkflowError';
  constructor(readonly missing: readonly PromptInputRef[]) {
    const [first] = missing;
    const more = missing.length > 1 ? ` (and ${missing.length - 1} more)` : '';
    super(`${describeInput(first!)} has no value and no default${more}: set it in ComfyUI and export again.`);
  }
}

/** 'The node 4 "Video" (CinegraphOutput) input "name"'. */
export function describeInput(ref: PromptInputRef): string {
  const title = ref.title && ref.title !== ref.class_type ? ` "${ref.title}"` : '';
  return `The node ${ref.node_id}${title} (${ref.class_type}) input "${ref.input}"`;
}

/** The value ComfyUI's frontend gives a fresh widget: its default, else the first choice, 0, '' or false. */
function widgetDefault(spec: readonly unknown[]): { value: unknown } | null {
  const [type, rawOptions] = spec;
  const options = (typeof rawOptions === 'object' && rawOptions !== null ? rawOptions : {}) as Record<
    string,
    unknown
  >;
  if (options.default !== undefined) return { value: options.default };
  const choices = Array.isArray(type) ? type : type === 'COMBO' ? options.options : undefined;
  if (Array.isArray(choices)) return choices.length > 0 ? { value: choices[0] } : null;
  if (type === 'INT' || type === 'FLOAT') return { value: typeof options.min === 'number' ? options.min : 0 };
  if (type === 'STRING') return { value: '' };
  if (type === 'BOOLEAN') return { value: false };
  return null;
}

/** What filling a prompt's widget defaults did: the completed copy, the inputs filled, those left missing. */
export interface FilledPrompt {
  prompt: ApiPrompt;
  filled: PromptInputRef[];
  missing: PromptInputRef[];
}

/**
 * Fills an API prompt with the node definitions of the worker that will run it, as ComfyUI's frontend
 * does when it serializes a graph: every widget input a node lacks gets the widget's default (an API file
 * written by hand or by another tool may leave them out, and ComfyUI refuses a prompt missing a required
 * one). Required inputs no default can give (a link, a choice with no options) are listed in `missing`.
 * Classes the definitions lack are left as they are (the worker names them when it refuses the prompt).
 */
export function fillWidgetDefaults(prompt: ApiPrompt, objectInfo: ObjectInfo): FilledPrompt {
  const completed = structuredClone(prompt);
  const filled: PromptInputRef[] = [];
  const missing: PromptInputRef[] = [];
  for (const [id, node] of Object.entries(completed)) {
    const definition = objectInfo[node.class_type];
    if (!definition) continue;
    const required = definition.input?.required ?? {};
    for (const [input, spec] of orderedInputs(definition)) {
      if (Object.hasOwn(node.inputs, input)) continue;
      const ref = { node_id: id, class_type: node.class_type, title: node._meta?.title, input };
      const fallback = isWidgetInput(spec) ? widgetDefault(spec) : null;
      if (fallback) {
        node.inputs[input] = fallback.value;
        filled.push(ref);
      } else if (Object.hasOwn(required, input)) {
        missing.push(ref);
      }
    }
  }
  return { prompt: completed, filled, missing };
}

/**
 * `fillWidgetDefaults` for an upload: throws `IncompleteWorkflowError` naming the required inputs no
 * default can give, so such a file is refused before any job is queued for it.
 */
export function completePrompt(
  prompt: ApiPrompt,
  objectInfo: ObjectInfo,
): { prompt: ApiPrompt; filled: PromptInputRef[] } {
  const { prompt: completed, filled, missing } = fillWidgetDefaults(prompt, objectInfo);
  if (missing.length > 0) throw new IncompleteWorkflowError(missing);
  return { prompt: completed, filled };
}
