import { describe, expect, it } from 'vitest';
import { comfyIframePath, readIframeState } from './iframeState';

describe('the embedded editor page state', () => {
  it('reads the state a workflow node passes', () => {
    expect(
      readIframeState({
        nodeId: 'n',
        movieId: 'm',
        nodeName: 'Flux',
        userId: 'u',
        originalWorkflow: { link: '/a.json', api_link: null },
      }),
    ).toEqual({
      nodeId: 'n',
      movieId: 'm',
      nodeName: 'Flux',
      userId: 'u',
      originalWorkflow: { link: '/a.json', api_link: null },
    });
  });

  it('has none after a reload or with another shape', () => {
    expect(readIframeState(null)).toBeNull();
    expect(readIframeState({ nodeId: 1 })).toBeNull();
    expect(readIframeState({ nodeId: 'n', movieId: 'm' })).toMatchObject({
      nodeName: '',
      originalWorkflow: null,
    });
  });

  it('puts the worker address in the url', () => {
    expect(comfyIframePath('https://w.example/x?y=1')).toBe(
      '/comfyui-iframe?url=https%3A%2F%2Fw.example%2Fx%3Fy%3D1',
    );
  });
});
