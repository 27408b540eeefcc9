import { checkLiteral, typesMatch } from './input-checks';
import type { ObjectInfo } from './node-catalog';
import { isLink, isRecord, type ApiPrompt, type ComfyError, type NodeErrors } from './prompt-types';

/** What `POST /prompt` answers: the outputs to run (and errors of outputs left out), or a 400 body. */
export type ValidationResult =
  | { ok: true; prompt: ApiPrompt; outputs: string[]; nodeErrors: NodeErrors }
  | { ok: false; body: { error: ComfyError; node_errors: NodeErrors } };

/** Checks the worker needs beyond the node definitions. */
export interface ValidationContext {
  catalog: ObjectInfo;
  /** True when an uploaded input file exists (LoadImage's custom validation). */
  inputExists(name: string): boolean;
}

/** A Python exception raised while validating (ComfyUI reports its type and message). */
class ValidationException extends Error {
  constructor(
    readonly exceptionType: string,
    message: string,
  ) {
    super(message);
  }
}

const IMAGE_FILE_INPUTS = new Set(['LoadImage', 'CPackInputImage']);

const invalid = (error: ComfyError): ValidationResult => ({ ok: false, body: { error, node_errors: {} } });
const problem = (type: string, message: string, details = ''): ComfyError => ({
  type,
  message,
  details,
  extra_info: {},
});

/**
 * Validates an API prompt as ComfyUI 0.8.0's `validate_prompt` does: unknown classes, no output node,
 * then each output's inputs recursively (missing inputs, bad links, type mismatches, out-of-range values,
 * missing input images of LoadImage and CPackInputImage), with the same error types, messages and
 * `node_errors` grouping.
 */
export function validatePrompt(data: unknown, context: ValidationContext): ValidationResult {
  if (!isRecord(data)) return invalid(problem('invalid_prompt', 'Prompt must be an object of nodes'));
  for (const [id, node] of Object.entries(data)) {
    if (!isRecord(node) || typeof node.class_type !== 'string') {
      const message = 'Cannot execute because a node is missing the class_type property.';
      return invalid(problem('invalid_prompt', message, `Node ID '#${id}'`));
    }
    if (!Object.hasOwn(context.catalog, node.class_type)) {
      const message = `Cannot execute because node ${node.class_type} does not exist.`;
      return invalid(problem('invalid_prompt', message, `Node ID '#${id}'`));
    }
  }
  const prompt = structuredClone(data) as ApiPrompt;
  for (const node of Object.values(prompt)) if (!isRecord(node.inputs)) node.inputs = {};
  const outputs = Object.keys(prompt).filter((id) => context.catalog[prompt[id]!.class_type]!.output_node);
  if (outputs.length === 0) return invalid(problem('prompt_no_outputs', 'Prompt has no outputs'));

  const validated = new Map<string, { valid: boolean; errors: ComfyError[] }>();
  const validateNode = (id: string): boolean => {
    const known = validated.get(id);
    if (known) return known.valid;
    const node = prompt[id]!;
    const definition = context.catalog[node.class_type]!;
    const required = definition.input.required ?? {};
    const optional = definition.input.optional ?? {};
    const errors: ComfyError[] = [];
    let valid = true;
    for (const [name, spec] of [...Object.entries(required), ...Object.entries(optional)]) {
      if (!Object.hasOwn(node.inputs, name)) {
        if (Object.hasOwn(required, name)) {
          const missing = problem('required_input_missing', 'Required input is missing', name);
          errors.push({ ...missing, extra_info: { input_name: name } });
        }
        continue;
      }
      const value = node.inputs[name];
      if (!isLink(value)) {
        errors.push(...checkLiteral(name, spec, value));
        continue;
      }
      const source = prompt[value[0]];
      if (!source) throw new ValidationException('KeyError', `'${value[0]}'`);
      const produced = context.catalog[source.class_type]!.output;
      if (value[1] < 0 || value[1] >= produced.length) {
        throw new ValidationException('IndexError', 'tuple index out of range');
      }
      const received = produced[value[1]];
      if (!typesMatch(received, spec[0])) {
        errors.push({
          type: 'return_type_mismatch',
          message: 'Return type mismatch between linked nodes',
          details: `${name}, received_type(${String(received)}) mismatch input_type(${String(spec[0])})`,
          extra_info: { input_name: name, input_config: spec, received_type: received, linked_node: value },
        });
        continue;
      }
      try {
        if (!validateNode(value[0])) valid = false;
      } catch (caught) {
        const ex = caught as ValidationException;
        valid = false;
        errors.push({
          type: 'exception_during_inner_validation',
          message: 'Exception when validating inner node',
          details: ex.message,
          extra_info: {
            input_name: name,
            input_config: spec,
            exception_message: ex.message,
            exception_type: ex.exceptionType,
            traceback: [],
            linked_node: value,
          },
        });
      }
    }
    // comfy-pack's image input validates its file as LoadImage does.
    if (IMAGE_FILE_INPUTS.has(node.class_type) && typeof node.inputs.image === 'string') {
      if (!context.inputExists(node.inputs.image)) {
        errors.push({
          ...problem('custom_validation_failed', 'Custom validation failed for node'),
          details: `image - Invalid image file: ${node.inputs.image}`,
          extra_info: { input_name: 'image' },
        });
      }
    }
    const result = { valid: valid && errors.length === 0, errors };
    validated.set(id, result);
    return result.valid;
  };

  const good: string[] = [];
  const nodeErrors: NodeErrors = {};
  const outputReasons: ComfyError[] = [];
  for (const output of outputs) {
    let valid: boolean;
    try {
      valid = validateNode(output);
      outputReasons.push(...validated.get(output)!.errors);
    } catch (caught) {
      const ex = caught as ValidationException;
      valid = false;
      const reason: ComfyError = {
        ...problem('exception_during_validation', 'Exception when validating node', ex.message),
        extra_info: { exception_type: ex.exceptionType, traceback: [] },
      };
      validated.set(output, { valid: false, errors: [reason] });
      outputReasons.push(reason);
    }
    if (valid) {
      good.push(output);
      continue;
    }
    // As in ComfyUI, every failing node seen so far lists this output among its dependents.
    for (const [id, result] of validated) {
      if (result.valid || result.errors.length === 0) continue;
      nodeErrors[id] ??= { errors: result.errors, dependent_outputs: [], class_type: prompt[id]!.class_type };
      nodeErrors[id].dependent_outputs.push(output);
    }
  }
  if (good.length === 0) {
    const details = outputReasons.map((reason) => `${reason.message}: ${reason.details}`).join('\n');
    const error = problem('prompt_outputs_failed_validation', 'Prompt outputs failed validation', details);
    return { ok: false, body: { error, node_errors: nodeErrors } };
  }
  return { ok: true, prompt, outputs: good, nodeErrors };
}
