import { WorkflowFormatError } from './errors';

/** Keys that could reach an object's prototype when copied around; workflows never need them. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 64;

/** Default size limit for an uploaded workflow (real ones are well under 1 MB). */
export const DEFAULT_MAX_WORKFLOW_BYTES = 8 * 1024 * 1024;

/**
 * Parses untrusted JSON text with a size limit, refusing keys that could pollute prototypes.
 * Throws a `WorkflowFormatError` whose message says what is wrong.
 */
export function parseJsonSafely(text: string, maxBytes: number): unknown {
  const bytes = utf8Length(text);
  if (bytes > maxBytes) {
    throw new WorkflowFormatError(`The workflow is too large: ${bytes} bytes (limit ${maxBytes})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new WorkflowFormatError(`The workflow is not valid JSON: ${detail}`);
  }
  assertPlainJson(value);
  return value;
}

/** Checks an already-parsed value: plain JSON data only, no forbidden keys, bounded depth. */
export function assertPlainJson(value: unknown, path = '$', depth = 0): void {
  if (depth > MAX_DEPTH) throw new WorkflowFormatError(`The workflow is nested too deeply at ${path}`);
  if (value === null || typeof value !== 'object') {
    // PostgreSQL stores no NUL in text or jsonb, and no real workflow holds one.
    if (typeof value === 'string' && value.includes('\u0000')) {
      throw new WorkflowFormatError(`The workflow holds a NUL character at ${path}`);
    }
    if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') {
      throw new WorkflowFormatError(`Unexpected ${typeof value} at ${path}`);
    }
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => assertPlainJson(item, `${path}[${index}]`, depth + 1));
    return;
  }
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) throw new WorkflowFormatError(`Forbidden key "${key}" at ${path}`);
    if (key.includes('\u0000'))
      throw new WorkflowFormatError(`The workflow holds a NUL character at ${path}`);
    assertPlainJson((value as Record<string, unknown>)[key], `${path}.${key}`, depth + 1);
  }
}

/** Size in bytes of a string as UTF-8 (what a file of it would weigh), without Node's Buffer. */
export function utf8Length(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}
