/** A JSON text with object keys sorted, so equal workflows compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'null';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, sortKeys(record[key])]),
    );
  }
  return value;
}

export interface WorkflowPair {
  /** The UI format (the node's `link`). */
  link: unknown;
  /** The API format (the node's `api_link`). */
  api: unknown;
}

/** Whether the frame's workflow differs from the node's: either format changed. */
export function workflowChanged(original: WorkflowPair, current: WorkflowPair): boolean {
  return (
    canonicalJson(original.link) !== canonicalJson(current.link) ||
    canonicalJson(original.api) !== canonicalJson(current.api)
  );
}
