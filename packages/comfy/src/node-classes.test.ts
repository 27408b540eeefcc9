import { describe, expect, it } from 'vitest';
import { requiredNodeClasses } from './node-classes';
import { parseWorkflow } from './parse';
import { readWorkflowText } from './test-support/fixtures';

const pair = 'ComfyUI_examples__sdxl__sdxl_simple_example.png';

describe('the node classes a workflow needs', () => {
  it("are the same for a UI workflow as for the prompt ComfyUI's frontend made from it", () => {
    const ui = requiredNodeClasses(parseWorkflow(readWorkflowText(`${pair}.workflow.ui.json`)));
    const api = requiredNodeClasses(parseWorkflow(readWorkflowText(`${pair}.prompt.api.json`)));
    expect(ui).toEqual(api);
    expect(ui).toContain('KSamplerAdvanced');
  });

  it('leave out notes, reroutes, primitives and muted nodes', () => {
    const workflow = {
      nodes: [
        { id: 1, type: 'Note', mode: 0, inputs: [], outputs: [], widgets_values: ['why'] },
        { id: 2, type: 'SaveAudioAdvanced', mode: 0, inputs: [], outputs: [] },
        { id: 3, type: 'Reroute', mode: 0, inputs: [], outputs: [] },
        { id: 4, type: 'PreviewImage', mode: 2, inputs: [], outputs: [] },
      ],
      links: [],
      version: 0.4,
    };
    expect(requiredNodeClasses(parseWorkflow(workflow))).toEqual(['SaveAudioAdvanced']);
  });
});
