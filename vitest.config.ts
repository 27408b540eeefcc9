import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Most server tests wait on dev workers, timers and the database rather than the CPU: two files at
// once nearly halve the run even on two cores, where vitest's default (cores - 1) would run one.
const maxWorkers = Math.max(2, availableParallelism() - 1);

const server = {
  root: 'apps/server',
  include: ['src/**/*.test.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
/**
 * Most server test files share their worker's loaded modules (`isolate: false`): each file otherwise
 * spent ~3 s of CPU loading the app again, over a third of the suite's CPU. These get modules of their
 * own: the engine's files start workers whose node catalogs differ under addresses a later file may get
 * again (the studio keeps a worker's definitions for 5 minutes) and fake the clock; the others change
 * PATH before the server first looks for ffmpeg or ffprobe, which it looks for once per process.
 */
const SERVER_ISOLATED = [
  'src/engine/**/*.test.ts',
  'src/routes/cut/render-cut-no-ffmpeg.test.ts',
  'src/routes/exports/export-stored-length.test.ts',
];

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
      { test: { name: 'server', ...server, exclude: SERVER_ISOLATED, isolate: false } },
      { test: { name: 'server-isolated', ...server, include: SERVER_ISOLATED } },
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.{ts,tsx}'] } },
      { test: { name: 'comfyui-nodes', root: 'comfyui-nodes', include: ['web/**/*.test.{js,ts}'] } },
    ],
  },
});
