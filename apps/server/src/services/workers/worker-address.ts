import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { badRequest } from '../../http/errors';

/**
 * Addresses a user's worker may not have: loopback, private, carrier-grade NAT, link-local (where cloud
 * metadata services answer, 169.254.169.254 and fd00:ec2::254), unique-local, multicast and reserved.
 * IPv4 addresses mapped into IPv6 (::ffff:10.0.0.1) are checked against the IPv4 ranges.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is outside the public internet (see NOT_PUBLIC). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type HostLookup = (hostname: string) => Promise<string[]>;

const lookupAll: HostLookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Refuses a worker address whose host is, or resolves to, a non-public address: the server will call
 * it on the user's behalf, so it must not reach into the server's own network. Every resolved address
 * counts, since the connection may use any of them.
 */
export async function requirePublicWorkerHost(url: string, lookup: HostLookup = lookupAll): Promise<void> {
  const hostname = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(hostname)) {
    addresses = [hostname];
  } else {
    try {
      addresses = await lookup(hostname);
    } catch {
      throw badRequest(`The host ${hostname} of ${url} could not be found. Check the address.`);
    }
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) throw badRequest(privateWorkerMessage(url));
}

/** Why a user's worker at `where` (its address or host) is not reached. */
export function privateWorkerMessage(where: string): string {
  return (
    `${where} is on a private or local network, which this studio does not reach for user workers. ` +
    'Add a ComfyUI reachable on the internet (for example through a tunnel with an https address).'
  );
}
