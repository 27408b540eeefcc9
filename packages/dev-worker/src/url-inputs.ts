import type { ApiNode } from './prompt-types';

/** Cinegraph's input nodes that take a http(s) URL and download it while they run, as the pack does. */
const FETCHING_NODES = new Set([
  'CinegraphInputLora',
  'CinegraphInputImage',
  'CinegraphInputVideo',
  'CinegraphInputAudio',
]);
const DOWNLOAD_TIMEOUT_MS = 30_000;

/** The URL a node's value points at: a plain URL, or the `url` of a LoRA's `{keyword, url, strength}`. */
export function urlOfInput(node: ApiNode): string | null {
  if (!FETCHING_NODES.has(node.class_type)) return null;
  const value = node.inputs.default;
  if (typeof value !== 'string') return null;
  let source = value.trim();
  if (source.startsWith('{')) {
    try {
      const parsed = JSON.parse(source) as { url?: unknown };
      source = typeof parsed.url === 'string' ? parsed.url.trim() : '';
    } catch {
      return null;
    }
  }
  return /^https?:\/\//i.test(source) ? source : null;
}

/**
 * Downloads a node's URL as the pack's `fetch.download` would, and fails the node with the pack's
 * message when the address does not give the file (an address needing a session answers 401).
 */
export async function fetchUrlInput(node: ApiNode): Promise<void> {
  const url = urlOfInput(node);
  if (!url) return;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Could not download the URL: ${reason}`, { cause: error });
  }
  await response.arrayBuffer().catch(() => null);
  if (!response.ok) throw new Error(`The URL answered HTTP ${response.status}`);
}
