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

/**
 * Whether an IP address is outside the public internet (see NOT_PUBLIC). IPv6 addresses that carry an
 * IPv4 address (NAT64, 6to4, IPv4-compatible, Teredo) are judged by the IPv4 address too, since the
 * network delivers them there.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return NOT_PUBLIC.check(address, 'ipv4');
  if (NOT_PUBLIC.check(address, 'ipv6')) return true;
  return embeddedIpv4(address).some((ipv4) => NOT_PUBLIC.check(ipv4, 'ipv4'));
}

/** The IPv4 addresses an IPv6 address carries by a translation or tunnelling scheme. */
function embeddedIpv4(address: string): string[] {
  const h = hextets(address);
  const ipv4 = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  const zero = (from: number, to: number) => h.slice(from, to).every((x) => x === 0);
  const found: string[] = [];
  // NAT64 (64:ff9b::/96) and IPv4-compatible (::a.b.c.d): the last 32 bits.
  if ((h[0] === 0x64 && h[1] === 0xff9b && zero(2, 6)) || zero(0, 6)) found.push(ipv4(h[6]!, h[7]!));
  // 6to4 (2002::/16): bits 16 to 48.
  if (h[0] === 0x2002) found.push(ipv4(h[1]!, h[2]!));
  // Teredo (2001::/32): the server in bits 32 to 64, the client's address inverted in the last 32.
  if (h[0] === 0x2001 && h[1] === 0) found.push(ipv4(h[2]!, h[3]!), ipv4(h[6]! ^ 0xffff, h[7]! ^ 0xffff));
  return found;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 read as two). */
function hextets(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part ? part.split(':').map((x) => parseInt(x, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
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
