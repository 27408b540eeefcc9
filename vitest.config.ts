import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'dev-worker',
          root: 'packages/dev-worker',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      { test: { name: 'timeline', root: 'packages/timeline', include: ['src/**/*.test.ts'] } },
      { test: { name: 'comfy', root: 'packages/comfy', include: ['src/**/*.test.ts'], testTimeout: 30_000 } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}'] } },
      { test: { name: 'comfyui-nodes', root: 'comfyui-nodes', include: ['web/**/*.test.{js,ts}'] } },
    ],
  },
});
