import { describe, expect, it } from 'vitest';
import { nodeResync } from './backSync';

const opened = { link: '/file?key=a/workflow.json', api_link: '/file?key=a/workflow_api.json' };

describe('the node check on Back', () => {
  it('sends nothing from the node when its files are the ones the page opened with', () => {
    expect(nodeResync(opened, { ...opened })).toBeNull();
    expect(nodeResync(null, { link: null, api_link: null })).toBeNull();
  });

  it('resends the API file with both addresses when either changed', () => {
    const saved = { link: '/file?key=b/workflow.json', api_link: '/file?key=b/workflow_api.json' };
    expect(nodeResync(opened, saved)).toEqual({
      source: saved.api_link,
      fileName: 'workflow_api.json',
      link: saved.link,
      apiLink: saved.api_link,
    });
    expect(nodeResync(opened, { ...opened, api_link: saved.api_link })).toMatchObject({
      source: saved.api_link,
      link: opened.link,
    });
  });

  it('resends the UI file when the node has no API file, and a node opened empty counts as changed', () => {
    expect(nodeResync(null, { link: '/file?key=c/workflow.json', api_link: null })).toEqual({
      source: '/file?key=c/workflow.json',
      fileName: 'workflow.json',
      link: '/file?key=c/workflow.json',
      apiLink: undefined,
    });
  });

  it('leaves it to the frame when the node is gone or lost its files', () => {
    expect(nodeResync(opened, null)).toBeNull();
    expect(nodeResync(opened, { link: null, api_link: null })).toBeNull();
  });
});
