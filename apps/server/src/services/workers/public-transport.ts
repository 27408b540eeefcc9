import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import type { ComfyClientOptions } from '@cinegraph/comfy';
import { Agent, fetch as undiciFetch } from 'undici';
import { isIP } from 'node:net';
import WebSocket from 'ws';
import { isPrivateAddress, privateWorkerMessage } from './worker-address';

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * Resolves a host for a connection and refuses it when any of its addresses is outside the public
 * internet. Checked where the socket connects, so a name cannot resolve to a public address when it is
 * checked and to a private one when it is used (DNS rebinding).
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) {
      return callback(new Error(privateWorkerMessage(hostname)), []);
    }
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    callback(null, first!.address, first!.family);
  });
}

const publicAgent = new Agent({ connect: { lookup: publicOnlyLookup } });

/** A host written as an IP address is connected to without a lookup, so it is checked here. */
function refusePrivateLiteral(url: string | URL): void {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) && isPrivateAddress(host)) throw new Error(privateWorkerMessage(host));
}

/** `ws`'s WebSocket connecting only to public addresses. */
class PublicWebSocket extends WebSocket {
  constructor(url: string) {
    refusePrivateLiteral(url);
    super(url, { lookup: publicOnlyLookup });
  }
}

/**
 * How the server reaches a worker. A user's own worker (not allowed on private addresses) is reached
 * only at public addresses, over HTTP and WebSocket alike; the shared pool is the operator's and is
 * reached as configured.
 */
export function workerTransport(
  worker: { userId: string | null },
  allowPrivateUserWorkers: boolean,
): Pick<ComfyClientOptions, 'fetch' | 'WebSocket'> {
  if (worker.userId === null || allowPrivateUserWorkers) return {};
  return {
    fetch: (async (input, init) => {
      refusePrivateLiteral(input instanceof Request ? input.url : input);
      return undiciFetch(input as string, { ...(init as object), dispatcher: publicAgent });
    }) as typeof fetch,
    WebSocket: PublicWebSocket,
  };
}
