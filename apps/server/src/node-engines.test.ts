import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

describe('the install', () => {
  // npm prints EBADENGINE for every package whose engines leave out the running Node; the README
  // promises 20.19, so each package the lock installs must declare it (cookie 2 and content-disposition 3
  // ask for 22: @fastify/cookie, @fastify/swagger-ui and light-my-request are pinned before them).
  it('holds only packages that declare the Node version the README names', () => {
    const oldest = semver.minVersion(readJson('package.json').engines.node)!.version;
    expect(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain(
      `Node.js ${semver.major(oldest)}.${semver.minor(oldest)} or newer`,
    );
    const packages: Record<string, { version?: string; engines?: { node?: string } }> =
      readJson('package-lock.json').packages;
    const refusing = Object.entries(packages)
      .filter(([, pkg]) => pkg.engines?.node && !semver.satisfies(oldest, pkg.engines.node))
      .map(([where, pkg]) => `${where}@${pkg.version}: node ${pkg.engines!.node}`);
    expect(Object.keys(packages).length).toBeGreaterThan(100);
    expect(refusing).toEqual([]);
  });
});
