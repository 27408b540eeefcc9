import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors';
import { isPrivateAddress, requirePublicWorkerHost } from './worker-address';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.20',
    '169.254.169.254',
    '100.100.100.200',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    'fd00:ec2::254',
    'fc12::1',
    'fe80::1',
    'ff02::1',
    'not-an-ip',
    // IPv6 addresses that carry a private IPv4 address: NAT64, 6to4, IPv4-compatible, Teredo
    '64:ff9b::7f00:1',
    '64:ff9b::10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::1',
    '2002:a9fe:a9fe::1',
    '::127.0.0.1',
    '::a00:1',
    '::192.168.0.1',
    '2001:0:4136:e378:8000:63bf:f5ff:fffe',
    '2001:0:c0a8:101:0:0:f7f7:f7f7',
    // Teredo with a public IPv4 address: all of 2001::/23 is IANA special-purpose.
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '172.32.0.1',
    '192.169.0.1',
    '1.1.1.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '::8.8.8.8',
  ])('accepts the public %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe('requirePublicWorkerHost', () => {
  const resolvesTo = (addresses: string[]) => async () => addresses;

  it('accepts a host whose every address is public', async () => {
    await expect(
      requirePublicWorkerHost('https://comfy.example.com', resolvesTo(['93.184.216.34', '2606:2800::1'])),
    ).resolves.toBeUndefined();
  });

  it('refuses a host when any of its addresses is private, since the connection may use that one', async () => {
    const refused = requirePublicWorkerHost(
      'https://comfy.example.com',
      resolvesTo(['93.184.216.34', '10.0.0.7']),
    );
    await expect(refused).rejects.toThrow(/https:\/\/comfy\.example\.com is on a private or local network/);
    await expect(refused).rejects.toBeInstanceOf(HttpError);
  });

  it('refuses a host that resolves to nothing, and names a host that cannot be found', async () => {
    await expect(requirePublicWorkerHost('http://empty.example', resolvesTo([]))).rejects.toThrow(/private/);
    const missing = requirePublicWorkerHost('http://nowhere.example', async () => {
      throw new Error('ENOTFOUND');
    });
    await expect(missing).rejects.toThrow(
      'The host nowhere.example of http://nowhere.example could not be found.',
    );
  });

  it('checks an IP address in the URL without asking DNS', async () => {
    const noDns = async () => {
      throw new Error('DNS must not be asked');
    };
    await expect(requirePublicWorkerHost('http://[::1]:8188', noDns)).rejects.toThrow(/private/);
    await expect(requirePublicWorkerHost('http://8.8.8.8:8188', noDns)).resolves.toBeUndefined();
  });
});
