import { benchClaims } from './claim.bench';
import { benchDispatcher } from './dispatcher.bench';
import { benchEditorReads } from './editor-reads.bench';
import { benchStart } from './start.bench';
import { benchWorkflows } from './workflows.bench';

// `npm run bench`: every table of figures in one run. Compare the ratios within a table.
// The start benchmark runs the built server: `npm run build` first.
await benchWorkflows();
await benchStart();
await benchEditorReads();
await benchClaims();
await benchDispatcher();
