import {
  ComfyClient,
  ComfyUnavailableError,
  type ComfyClientOptions,
  type SystemStats,
} from '@cinegraph/comfy';
import { badRequest } from '../../http/errors';

/** A user waits on the add form while this runs, so it gives up well before a browser would. */
export const PROBE_TIMEOUT_MS = 5_000;

/**
 * Asks a would-be worker for `/system_stats`, as the worker pool's health check does, and fails with a
 * message naming the address when nothing ComfyUI-like answers. The client follows no redirect, so a
 * public address cannot bounce the server to a private one; `transport` keeps it on public addresses.
 */
export async function probeWorker(
  url: string,
  transport: Pick<ComfyClientOptions, 'fetch' | 'WebSocket'> = {},
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<SystemStats> {
  const client = new ComfyClient({ baseUrl: url, timeoutMs, ...transport });
  try {
    return await client.systemStats();
  } catch (error) {
    if (error instanceof ComfyUnavailableError) {
      throw badRequest(
        `Nothing answered at ${url} (asked ${url}/system_stats). Check that ComfyUI is running and ` +
          'that this address is reachable from the studio server.',
      );
    }
    throw badRequest(
      `Something answered at ${url}, but not like ComfyUI: ${url}/system_stats did not give ComfyUI's ` +
        'system stats. Check the address and port.',
    );
  }
}
