import { benchClaims } from './claim.bench';
import { benchDispatcher } from './dispatcher.bench';
import { benchEditorCanvas } from './editor-canvas.bench';
import { benchEditorReads } from './editor-reads.bench';
import { benchLanding } from './landing.bench';
import { benchScreens } from './screens.bench';
import { benchStart } from './start.bench';
import { benchUploads } from './uploads.bench';
import { benchWorkflows } from './workflows.bench';

// `npm run bench`: every table of figures in one run. Compare the ratios within a table.
// The start, landing, editor canvas and screens benchmarks read the build: `npm run build` first.
// `npm run bench -- dispatcher claims` runs only the named ones (one table at a time while tuning).
const benches: Record<string, () => unknown> = {
  workflows: benchWorkflows,
  landing: benchLanding,
  start: benchStart,
  uploads: benchUploads,
  'editor-reads': benchEditorReads,
  'editor-canvas': benchEditorCanvas,
  screens: benchScreens,
  claims: benchClaims,
  dispatcher: benchDispatcher,
};
const named = process.argv.slice(2);
for (const name of named) if (!(name in benches)) throw new Error(`No bench named ${name}`);
for (const [name, bench] of Object.entries(benches)) {
  if (named.length === 0 || named.includes(name)) await bench();
}
