import { describe, expect, it } from 'vitest';
import { WorkflowFormatError } from './errors';
import { parseWorkflow } from './parse';
import { readWorkflowText, workflowFiles } from './test-support/fixtures';

const SDXL_UI = 'ComfyUI_examples__sdxl__sdxl_simple_example.png.workflow.ui.json';

describe('parseWorkflow on every fixture', () => {
  it.each(workflowFiles())('reads %s in the format its name says', (name) => {
    const parsed = parseWorkflow(readWorkflowText(name));
    expect(parsed.format).toBe(name.endsWith('.ui.json') ? 'ui' : 'api');
    if (parsed.format === 'ui') expect(parsed.workflow.nodes.length).toBeGreaterThan(0);
    else expect(Object.keys(parsed.prompt).length).toBeGreaterThan(0);
  });

  it('unwraps the API prompt from a ViewComfy file', () => {
    const parsed = parseWorkflow(
      readWorkflowText('ViewComfy__hosting-examples__modal__view_comfy.viewcomfy+api.json'),
    );
    expect(parsed.format).toBe('api');
    if (parsed.format !== 'api') return;
    expect(parsed.prompt['3']?.class_type).toBe('KSampler');
    expect(parsed.prompt['6']?.inputs.text).toBe(
      'photograph of victorian woman with wings, sky clouds, meadow grass\n',
    );
  });

  it('unwraps {prompt: ...} and reads already-parsed data', () => {
    const prompt = { '1': { class_type: 'SaveImage', inputs: { filename_prefix: 'x' } } };
    expect(parseWorkflow(JSON.stringify({ prompt, client_id: 'abc' }))).toEqual({ format: 'api', prompt });
    expect(parseWorkflow({ prompt })).toEqual({ format: 'api', prompt });
    const wrapped = parseWorkflow({ workflow: { nodes: [{ id: 1, type: 'SaveImage' }], links: [] } });
    expect(wrapped.format).toBe('ui');
  });

  it('reads links written as objects the same as links written as arrays', () => {
    const data = JSON.parse(readWorkflowText(SDXL_UI)) as { links: unknown[][] };
    const asObjects = {
      ...data,
      links: data.links.map(([id, origin_id, origin_slot, target_id, target_slot, type]) => ({
        id,
        origin_id,
        origin_slot,
        target_id,
        target_slot,
        type,
      })),
    };
    const fromArrays = parseWorkflow(data);
    const fromObjects = parseWorkflow(asObjects);
    if (fromArrays.format !== 'ui' || fromObjects.format !== 'ui') throw new Error('expected the UI format');
    expect(fromObjects.workflow.links).toEqual(fromArrays.workflow.links);
    expect(fromArrays.workflow.links?.[0]).toMatchObject({
      id: expect.any(Number),
      type: expect.any(String),
    });
  });
});

describe('parseWorkflow refuses malformed input with a clear message', () => {
  const refuses = (input: unknown, message: string | RegExp, maxBytes?: number) => {
    expect(() => parseWorkflow(input, { maxBytes })).toThrow(WorkflowFormatError);
    expect(() => parseWorkflow(input, { maxBytes })).toThrow(message);
  };

  it('refuses truncated JSON', () => {
    refuses(readWorkflowText(SDXL_UI).slice(0, 500), /not valid JSON/);
  });

  it('refuses a workflow over the size limit, as text and as data', () => {
    const text = readWorkflowText(SDXL_UI);
    refuses(text, `The workflow is too large: ${Buffer.byteLength(text)} bytes (limit 1000)`, 1000);
    refuses(JSON.parse(text), /too large: \d+ bytes \(limit 1000\)/, 1000);
  });

  it('refuses __proto__ and constructor keys anywhere, without polluting prototypes', () => {
    refuses(
      '{"__proto__": {"polluted": true}, "1": {"class_type": "A", "inputs": {}}}',
      'Forbidden key "__proto__" at $',
    );
    refuses(
      '{"3": {"class_type": "KSampler", "inputs": {"constructor": {"prototype": {"x": 1}}}}}',
      'Forbidden key "constructor" at $.3.inputs',
    );
    refuses(
      JSON.parse(
        '{"nodes": [{"id": 1, "type": "A", "widgets_values": {"__proto__": {"admin": true}}}], "links": []}',
      ),
      'Forbidden key "__proto__" at $.nodes[0].widgets_values',
    );
    refuses({ nodes: [{ id: '__proto__', type: 'SaveImage' }], links: [] }, /Node __proto__: id is invalid/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('names the API node without a class_type', () => {
    refuses(
      '{"3": {"class_type": "KSampler", "inputs": {}}, "12": {"inputs": {"text": "hi"}}}',
      'Node 12 has no class_type',
    );
  });

  it('names the API input that links to a missing node', () => {
    refuses(
      '{"3": {"class_type": "VAEDecode", "inputs": {"samples": ["99", 0]}}}',
      'Node 3 input "samples" links to missing node 99',
    );
  });

  it('names the UI link that refers to a missing node', () => {
    const data = JSON.parse(readWorkflowText(SDXL_UI)) as { links: unknown[] };
    data.links.push([9999, 4, 0, 777, 0, 'MODEL']);
    refuses(data, 'Link 9999 refers to missing node 777');
  });

  it('names the UI node without a type', () => {
    refuses({ nodes: [{ id: 5, mode: 0 }], links: [] }, 'Node 5 has no type');
  });

  it('refuses JSON that is not a workflow', () => {
    for (const input of ['[]', '"text"', '42', '{}', '{"name": "x"}'])
      refuses(input, /Not a ComfyUI workflow/);
    refuses('{"nodes": {"1": {}}}', 'The workflow\'s "nodes" is not a list');
  });

  it('refuses a ViewComfy file without its API workflow', () => {
    refuses(
      { file_type: 'view_comfy', workflows: [{ viewComfyJSON: {} }] },
      'The ViewComfy file has no workflowApiJSON',
    );
  });
});
