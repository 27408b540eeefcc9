import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Builds with React Router's production files. Its package exports only its development build
 * (dist/development) to every condition, a bundler's `production` included; that build differs from
 * dist/production by one flag, ENABLE_DEV_WARNINGS, which keeps the router's warnings and its
 * "Hey developer" error text in every screen's JavaScript, the landing page's first. `vite` in
 * development keeps them. Both entries point into the one folder, so the router's state is one module.
 */
export function reactRouterProduction(): Plugin {
  const dist = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
  );
  return {
    name: 'cinegraph-react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
        ],
      },
    }),
  };
}
