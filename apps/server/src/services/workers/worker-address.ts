import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { badRequest } from '../../http/errors';

/**
 * Addresses a user's worker may not have: every block of IANA's IPv4 and IPv6 special-purpose address
 * registries (loopback, private, shared, link-local where cloud metadata answers, documentation,
 * benchmarking, translation, anycast services...), plus multicast and the deprecated site-local
 * range. IPv4 addresses mapped into IPv6 (::ffff:10.0.0.1) are checked against the IPv4 blocks.
 * https://www.iana.org/assignments/iana-ipv4-special-registry and iana-ipv6-special-registry
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private use
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link local
  ['172.16.0.0', 12], // private use
  ['192.0.0.0', 24], // IETF protocol assignments (DS-Lite, PCP and TURN anycast, NAT64 discovery...)
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.31.196.0', 24], // AS112-v4
  ['192.52.193.0', 24], // AMT
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private use
  ['192.175.48.0', 24], // AS112 direct delegation
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the limited broadcast address
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use IPv4/IPv6 translation
  ['100::', 64], // discard-only
  ['100:0:0:1::', 64], // dummy prefix
  ['2001::', 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID, AMT, AS112, anycast...
  ['2001:db8::', 32], // documentation
  ['2620:4f:8000::', 48], // AS112 direct delegation
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing (SRv6) SIDs
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link local
  ['fec0::', 10], // site local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** The addresses of this server's own network interfaces: a worker there would be the studio's host. */
function isOwnInterfaceAddress(address: string): boolean {
  const bare = address.toLowerCase().split('%')[0]!;
  return Object.values(networkInterfaces()).some((entries) =>
    (entries ?? []).some((entry) => entry.address.toLowerCase().split('%')[0] === bare),
  );
}

/**
 * Whether an IP address is outside the public internet (see NOT_PUBLIC) or this server's own. IPv6
 * addresses that carry an IPv4 address (NAT64, 6to4, IPv4-compatible, Teredo) are judged by the IPv4
 * address too, since the network delivers them there.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (isOwnInterfaceAddress(address)) return true;
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
    'Add a ComfyUI reachable on the internet (for example through a tunnel with an https address). ' +
    'Whoever runs this studio can let it reach workers on its own network with USER_WORKERS_ALLOW_PRIVATE=true.'
  );
}
