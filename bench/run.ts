import { benchClaims } from './claim.bench';
import { benchDispatcher } from './dispatcher.bench';
import { benchEditorCanvas } from './editor-canvas.bench';
import { benchEditorReads } from './editor-reads.bench';
import { benchLanding } from './landing.bench';
import { benchStart } from './start.bench';
import { benchUploads } from './uploads.bench';
import { benchWorkflows } from './workflows.bench';

// `npm run bench`: every table of figures in one run. Compare the ratios within a table.
// The start, landing and editor canvas benchmarks read the build: `npm run build` first.
await benchWorkflows();
benchLanding();
await benchStart();
await benchUploads();
await benchEditorReads();
await benchEditorCanvas();
await benchClaims();
await benchDispatcher();
