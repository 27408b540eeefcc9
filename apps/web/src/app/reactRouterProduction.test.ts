import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reactRouterProduction } from '../../react-router-production';

let root: string;
beforeAll(async () => {
  // Inside the web app's folder, whose packages the entry imports.
  root = await mkdtemp(path.join(import.meta.dirname, '../../node_modules/.cinegraph-router-'));
  // What the app's entry takes from the router: a router, its provider from react-router/dom, a link.
  await writeFile(
    path.join(root, 'entry.js'),
    `import { createBrowserRouter, Link } from 'react-router';
import { RouterProvider } from 'react-router/dom';
export const app = [createBrowserRouter, Link, RouterProvider];`,
  );
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** The entry built as the web build builds (minified, production), with `plugins`; its JavaScript. */
async function bundle(plugins: Plugin[]): Promise<string> {
  const output = (await build({
    configFile: false,
    root,
    logLevel: 'silent',
    plugins,
    build: {
      write: false,
      rollupOptions: {
        input: path.join(root, 'entry.js'),
        preserveEntrySignatures: 'strict',
        // React's own builds are not the question here.
        external: [/^react($|\/)/, /^react-dom($|\/)/],
      },
    },
  })) as Rolldown.RolldownOutput;
  return output.output.map((file) => (file.type === 'chunk' ? file.code : '')).join('\n');
}

describe('the web build’s React Router', () => {
  it('is the production build: none of the development build’s warnings or "Hey developer" text', async () => {
    const development = await bundle([]);
    // What the package's exports give a bundler (the check would pass on anything else).
    expect(development.includes('Hey developer')).toBe(true);
    const production = await bundle([reactRouterProduction()]);
    expect(production.includes('Hey developer')).toBe(false);
    expect(production.length).toBeLessThan(development.length);
    // One copy of the router: react-router/dom's provider shares the router's own module.
    expect(production.match(/React Router caught the following error/g)).toHaveLength(1);
  }, 60_000);
});
