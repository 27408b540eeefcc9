import { beforeEach, describe, expect, it, vi } from 'vitest';

const setInputsFromWorkflow = vi.fn();
const fetchWorkflowJson = vi.fn();
const apiCall = vi.fn();
vi.mock('./workflowApi', () => ({ setInputsFromWorkflow, fetchWorkflowJson }));
vi.mock('../../lib/api', () => ({ apiCall }));
const { saveIfChanged, syncOnBack } = await import('./syncBack');

const target = { movieId: 'm', nodeId: 'n' };
const original = { link: { nodes: [1] }, api: { '1': { class_type: 'KSampler', inputs: {} } } };

type Upload = { file: Blob; fileName: string; link?: string; apiLink?: string };
const lastUpload = () => setInputsFromWorkflow.mock.calls.at(-1) as [string, string, Upload];

describe('saving on Back', () => {
  beforeEach(() => {
    setInputsFromWorkflow.mockReset();
    fetchWorkflowJson.mockReset();
    apiCall.mockReset();
  });

  it('does nothing when the frame still has the original', async () => {
    const same = { workflow: { nodes: [1] }, prompt: { '1': { inputs: {}, class_type: 'KSampler' } } };
    expect(await saveIfChanged(target, original, same)).toBe(false);
    expect(setInputsFromWorkflow).not.toHaveBeenCalled();
  });

  it('uploads the API JSON as the file and api_link, the UI JSON as link', async () => {
    const changed = { workflow: { nodes: [1, 2] }, prompt: { '2': { class_type: 'X', inputs: {} } } };
    expect(await saveIfChanged(target, original, changed)).toBe(true);
    const [movieId, nodeId, upload] = lastUpload();
    expect([movieId, nodeId]).toEqual(['m', 'n']);
    expect(upload.link).toBe(JSON.stringify(changed.workflow));
    expect(upload.apiLink).toBe(JSON.stringify(changed.prompt));
    expect(await upload.file.text()).toBe(JSON.stringify(changed.prompt));
  });

  it('uploads only what the frame says the user edited', async () => {
    const adjusted = { workflow: { nodes: [1], size: [1, 2] }, prompt: original.api, edited: false };
    expect(await saveIfChanged(target, original, adjusted)).toBe(false);
    expect(setInputsFromWorkflow).not.toHaveBeenCalled();
  });

  it('sends the UI workflow alone when the prompt names no class for a node the worker lacks', async () => {
    const missing = { workflow: { nodes: [1, 10] }, prompt: { '10': { inputs: {} } }, edited: true };
    expect(await saveIfChanged(target, original, missing)).toBe(true);
    const [, , upload] = lastUpload();
    expect(upload).toMatchObject({ fileName: 'workflow.json', link: JSON.stringify(missing.workflow) });
    expect(upload.apiLink).toBeUndefined();
    expect(await upload.file.text()).toBe(JSON.stringify(missing.workflow));
  });

  it('throws the server’s refusal instead of dropping the edit', async () => {
    apiCall.mockResolvedValue([{ _id: 'n', workflow: opened }]);
    setInputsFromWorkflow.mockRejectedValue(new Error('The workflow has no output node'));
    const edited = { workflow: { nodes: [2] }, prompt: original.api, edited: true };
    await expect(
      syncOnBack({ target, originalLinks: opened, readFrame: async () => ({ original, current: edited }) }),
    ).rejects.toThrow('The workflow has no output node');
  });

  const opened = { link: '/a/workflow.json', api_link: '/a/workflow_api.json' };
  const nodeWith = (workflow: typeof opened | null) => [
    { _id: 'other', workflow: null },
    { _id: 'n', workflow },
  ];

  it('first re-reads the node: files saved by ComfyUI are downloaded from api_link and sent with both addresses', async () => {
    const saved = { link: '/b/workflow.json', api_link: '/b/workflow_api.json' };
    apiCall.mockResolvedValue(nodeWith(saved));
    fetchWorkflowJson.mockResolvedValue({ '7': { class_type: 'SaveImage', inputs: {} } });
    const readFrame = vi.fn();
    expect(await syncOnBack({ target, originalLinks: opened, readFrame })).toBe('node');
    expect(apiCall.mock.calls[0]![1]).toEqual({ params: { movieId: 'm' } });
    expect(fetchWorkflowJson).toHaveBeenCalledWith(saved.api_link);
    const [, , upload] = lastUpload();
    expect(upload).toMatchObject({
      fileName: 'workflow_api.json',
      link: saved.link,
      apiLink: saved.api_link,
    });
    expect(JSON.parse(await upload.file.text())).toEqual({ '7': { class_type: 'SaveImage', inputs: {} } });
    // The node already holds the newer workflow: the frame is not asked.
    expect(readFrame).not.toHaveBeenCalled();
  });

  it('otherwise compares the frame with the original, and uploads only a change', async () => {
    apiCall.mockResolvedValue(nodeWith(opened));
    const unchanged = { workflow: original.link, prompt: original.api };
    expect(
      await syncOnBack({
        target,
        originalLinks: opened,
        readFrame: async () => ({ original, current: unchanged }),
      }),
    ).toBeNull();
    expect(setInputsFromWorkflow).not.toHaveBeenCalled();

    const edited = { workflow: { nodes: [1, 2] }, prompt: { '2': { class_type: 'X', inputs: {} } } };
    expect(
      await syncOnBack({
        target,
        originalLinks: opened,
        readFrame: async () => ({ original, current: edited }),
      }),
    ).toBe('frame');
    expect(lastUpload()[2].link).toBe(JSON.stringify(edited.workflow));
  });

  it('still asks the frame when the node list cannot be read, and sends nothing when the frame is silent', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    apiCall.mockRejectedValue(new Error('offline'));
    expect(await syncOnBack({ target, originalLinks: opened, readFrame: async () => null })).toBeNull();
    expect(error).toHaveBeenCalled();
    expect(setInputsFromWorkflow).not.toHaveBeenCalled();
    error.mockRestore();
  });
});
