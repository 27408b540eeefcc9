import type { InputSpec } from './node-catalog';
import type { ComfyError } from './prompt-types';

const optionsOf = (spec: InputSpec): Record<string, unknown> => spec[1] ?? {};

/** Python's repr of a value in messages: 'abc' for strings, plain numbers otherwise. */
const pythonish = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

function convert(type: string, value: unknown): { value: unknown } | { error: string } {
  if (type === 'INT' || type === 'FLOAT') {
    const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
    if (typeof value === 'boolean') return { value: Number(value) };
    if (!Number.isFinite(number) || (typeof value === 'string' && value.trim() === '')) {
      const kind = type === 'INT' ? 'int() with base 10' : 'float()';
      return { error: `invalid literal for ${kind}: '${pythonish(value)}'` };
    }
    return { value: type === 'INT' ? Math.trunc(number) : number };
  }
  return { value };
}

/**
 * Checks one literal input value as ComfyUI's `validate_inputs` does: conversion to INT/FLOAT and the
 * min/max of the input's options. Lists of choices are not checked (the preview worker has no models).
 */
export function checkLiteral(name: string, spec: InputSpec, value: unknown): ComfyError[] {
  const type = spec[0];
  if (typeof type !== 'string') return [];
  const converted = convert(type, value);
  if ('error' in converted) {
    return [
      {
        type: 'invalid_input_type',
        message: `Failed to convert an input value to a ${type} value`,
        details: `${name}, ${pythonish(value)}, ${converted.error}`,
        extra_info: {
          input_name: name,
          input_config: spec,
          received_value: value,
          exception_message: converted.error,
        },
      },
    ];
  }
  if (typeof converted.value !== 'number') return [];
  const { min, max } = optionsOf(spec);
  const extra = { input_name: name, input_config: spec, received_value: value };
  if (typeof min === 'number' && converted.value < min) {
    const message = `Value ${converted.value} smaller than min of ${min}`;
    return [{ type: 'value_smaller_than_min', message, details: name, extra_info: extra }];
  }
  if (typeof max === 'number' && converted.value > max) {
    const message = `Value ${converted.value} bigger than max of ${max}`;
    return [{ type: 'value_bigger_than_max', message, details: name, extra_info: extra }];
  }
  return [];
}

/** ComfyUI's `validate_node_input`: equal types, a `*` wildcard, or overlapping comma-separated unions. */
export function typesMatch(received: unknown, expected: string | unknown[]): boolean {
  if (typeof expected !== 'string') return received === 'COMBO' || received === 'STRING' || received === '*';
  if (typeof received !== 'string') return expected === 'COMBO';
  if (received === expected || received === '*' || expected === '*') return true;
  const left = new Set(received.split(','));
  return expected.split(',').some((type) => left.has(type));
}
