import { beforeEach, describe, expect, it, vi } from 'vitest';

const setInputsFromWorkflow = vi.fn();
vi.mock('./workflowApi', () => ({ setInputsFromWorkflow, fetchWorkflowJson: vi.fn() }));
const { saveIfChanged } = await import('./syncBack');

const target = { movieId: 'm', nodeId: 'n' };
const original = { link: { nodes: [1] }, api: { '1': { class_type: 'KSampler', inputs: {} } } };

describe('saving on Back', () => {
  beforeEach(() => setInputsFromWorkflow.mockReset());

  it('does nothing when the frame still has the original', async () => {
    const same = { workflow: { nodes: [1] }, prompt: { '1': { inputs: {}, class_type: 'KSampler' } } };
    expect(await saveIfChanged(target, original, same)).toBe(false);
    expect(setInputsFromWorkflow).not.toHaveBeenCalled();
  });

  it('uploads the API JSON as the file and api_link, the UI JSON as link', async () => {
    const changed = { workflow: { nodes: [1, 2] }, prompt: { '2': { class_type: 'X', inputs: {} } } };
    expect(await saveIfChanged(target, original, changed)).toBe(true);
    const [movieId, nodeId, upload] = setInputsFromWorkflow.mock.calls[0] as [
      string,
      string,
      Record<string, unknown>,
    ];
    expect([movieId, nodeId]).toEqual(['m', 'n']);
    expect(upload.link).toBe(JSON.stringify(changed.workflow));
    expect(upload.apiLink).toBe(JSON.stringify(changed.prompt));
    expect(await (upload.file as Blob).text()).toBe(JSON.stringify(changed.prompt));
  });
});
