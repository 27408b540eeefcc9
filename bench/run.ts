import { benchClaims } from './claim.bench';
import { benchDispatcher } from './dispatcher.bench';
import { benchEditorReads } from './editor-reads.bench';
import { benchWorkflows } from './workflows.bench';

// `npm run bench`: every table of figures in one run. Compare the ratios within a table.
await benchWorkflows();
await benchEditorReads();
await benchClaims();
await benchDispatcher();
