/** V8 cannot make a string longer than this of a body, and these bodies are JSON: they stop here. */
const MAX_JSON_BYTES = 512 * 1024 ** 2;

/**
 * The largest body a worker's webhook takes when it carries outputs base64: an output of
 * WORKER_FILE_MAX_BYTES in base64 (4 bytes for 3) and 1 MiB for what is around it.
 */
export function outputBodyLimit(maxOutputBytes: number): number {
  return Math.min(Math.ceil(maxOutputBytes / 3) * 4 + 1024 ** 2, MAX_JSON_BYTES);
}
