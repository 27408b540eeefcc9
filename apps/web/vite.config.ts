import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { CHUNK_GROUPS, chunkGroupsOffTheEntry } from './chunk-groups';
import { endpointTable } from './endpoint-table';
import { firstPaintCss } from './first-paint-css';
import { landingHtml } from './landing-html';
import { precompress } from './precompress';
import { reactRouterProduction } from './react-router-production';
import { routePreloads } from './route-preloads';

// In development the API runs on its own port (npm run dev at the root); the built app is served by it.
const apiTarget = process.env.CINEGRAPH_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    endpointTable(),
    reactRouterProduction(),
    react(),
    tailwindcss(),
    firstPaintCss(),
    landingHtml(),
    routePreloads(),
    chunkGroupsOffTheEntry(),
    precompress(),
  ],
  server: { proxy: { '/api': apiTarget, '/storage': apiTarget } },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // Every browser the studio supports preloads modules itself; the polyfill would only weigh on the
    // first page's JavaScript.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
});
