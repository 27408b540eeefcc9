import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Most server tests wait on dev workers, timers and the database rather than the CPU: two files at
// once nearly halve the run even on two cores, where vitest's default (cores - 1) would run one.
const maxWorkers = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    maxWorkers,
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
