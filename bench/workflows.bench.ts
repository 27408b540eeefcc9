import { convertUiToApi, detectHandles, parseWorkflow } from '@cinegraph/comfy';
import { objectInfo080, readWorkflowText, workflowFiles } from '../packages/comfy/src/test-support/fixtures';
import { measure, printTable, type Figure } from './harness';

/**
 * What an upload of each fixture workflow costs in the server: reading it (size limit, schema checks),
 * finding its handles, and converting the UI format to the API format with real node definitions.
 * Side by side per workflow, so a slow step or a pathological workflow stands out.
 */
export async function benchWorkflows(): Promise<void> {
  const figures: Figure[] = [];
  for (const name of workflowFiles().filter((file) => file.endsWith('.ui.json'))) {
    const text = readWorkflowText(name);
    const parsed = parseWorkflow(text);
    if (parsed.format !== 'ui') continue;
    const ui = parsed.workflow;
    const readAndDetect = () => detectHandles(parseWorkflow(text), { objectInfo: objectInfo080 });
    try {
      readAndDetect();
    } catch {
      continue; // Refused at upload (no output node): nothing to measure.
    }
    const label = name
      .replace(/\.(png\.|webp\.)?(workflow\.)?ui\.json$/, '')
      .split('__')
      .slice(-2)
      .join('/');
    const short = `${label} (${(text.length / 1024).toFixed(0)} KB)`;
    figures.push(await measure(`read + handles  ${short}`, readAndDetect, { minMs: 200 }));
    try {
      convertUiToApi(ui, objectInfo080);
    } catch {
      continue; // Needs custom nodes the recorded server does not have: nothing to convert.
    }
    figures.push(
      await measure(`UI -> API        ${short}`, () => convertUiToApi(ui, objectInfo080), { minMs: 200 }),
    );
  }
  printTable(
    'Workflow uploads: read and find handles vs convert UI -> API, per fixture',
    figures,
    'workflows',
  );
}
