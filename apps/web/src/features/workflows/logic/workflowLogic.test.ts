import type { SharedWorkflow } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import {
  frameUrl,
  getWorkflowMessage,
  isCompletePrompt,
  loadWorkflowMessage,
  parseFrameMessage,
} from './bridge';
import { canonicalJson, workflowChanged } from './compare';
import { appendPage, applyVote, pageQuery, withVote } from './sharedList';
import { shareFormError, shareRequest } from './shareForm';

describe('bridge', () => {
  it('builds requests', () => {
    expect(getWorkflowMessage('r1')).toEqual({ type: 'cinegraph:get-workflow', requestId: 'r1' });
    expect(loadWorkflowMessage('r2', { a: 1 })).toEqual({
      type: 'cinegraph:load-workflow',
      requestId: 'r2',
      workflow: { a: 1 },
    });
  });

  it('accepts the frame messages and rejects others', () => {
    expect(parseFrameMessage({ type: 'cinegraph:ready' })).toEqual({ type: 'cinegraph:ready' });
    expect(
      parseFrameMessage({ type: 'cinegraph:workflow', requestId: 3, workflow: { n: 1 }, prompt: { p: 1 } }),
    ).toEqual({
      type: 'cinegraph:workflow',
      requestId: '3',
      workflow: { n: 1 },
      prompt: { p: 1 },
    });
    expect(parseFrameMessage({ type: 'cinegraph:workflow', requestId: 'x', workflow: 'no' })).toBeNull();
    expect(parseFrameMessage({ type: 'cinegraph:error', requestId: 'x', error: 'boom' })).toMatchObject({
      error: 'boom',
    });
    expect(parseFrameMessage({ type: 'other' })).toBeNull();
    expect(parseFrameMessage('cinegraph:ready')).toBeNull();
    expect(parseFrameMessage(null)).toBeNull();
  });

  it('adds canvas_only and our origin to the frame url', () => {
    const url = new URL(frameUrl('https://w.example/?a=1', 'http://localhost:5173')!);
    expect(url.searchParams.get('a')).toBe('1');
    expect(url.searchParams.get('canvas_only')).toBe('true');
    expect(url.searchParams.get('cinegraph_origin')).toBe('http://localhost:5173');
    expect(frameUrl('javascript:alert(1)', 'http://localhost')).toBeNull();
  });

  it('keeps whether the user edited, when the frame says', () => {
    const reply = { type: 'cinegraph:workflow', requestId: 'b', workflow: {}, prompt: {} };
    expect(parseFrameMessage({ ...reply, edited: false })).toMatchObject({ edited: false });
    expect(parseFrameMessage({ ...reply, edited: 'yes' })).not.toHaveProperty('edited');
  });

  it('tells a prompt with a node the frontend did not know (no class_type) from a complete one', () => {
    expect(isCompletePrompt({ '1': { class_type: 'SaveImage', inputs: {} } })).toBe(true);
    // What ComfyUI's graphToPrompt gives for node types missing on the worker (issue 29, point 2).
    expect(isCompletePrompt({ '1': { class_type: 'SaveImage', inputs: {} }, '10': { inputs: {} } })).toBe(
      false,
    );
    expect(isCompletePrompt(null)).toBe(false);
  });
});

describe('compare', () => {
  it('ignores key order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 1, c: 2 }] })).toBe(canonicalJson({ a: [{ c: 2, d: 1 }], b: 1 }));
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('flags a change in either format', () => {
    const same = { link: { nodes: [1] }, api: { '1': { class_type: 'X' } } };
    expect(workflowChanged(same, { link: { nodes: [1] }, api: { '1': { class_type: 'X' } } })).toBe(false);
    expect(workflowChanged(same, { link: { nodes: [2] }, api: same.api })).toBe(true);
    expect(workflowChanged(same, { link: same.link, api: {} })).toBe(true);
    expect(workflowChanged({ link: null, api: null }, same)).toBe(true);
  });
});

function workflow(id: string, like_count = 0): SharedWorkflow {
  return {
    _id: id,
    title: id,
    description: '',
    user_id: 'u',
    node_id: null,
    likes: [],
    dislikes: [],
    like_count,
    dislike_count: 0,
    user_like_status: null,
    created_at: '2026-01-01T00:00:00.000Z',
    workflow: { link: null, api_link: null },
  };
}

describe('shared list', () => {
  it('pages by 20, most liked first, with a trimmed search', () => {
    expect(pageQuery('  flux ', 2)).toEqual({
      search: 'flux',
      limit: 20,
      skip: 40,
      sort_by: 'likes',
      sort_order: 'desc',
    });
    expect(pageQuery(' ', 0)).not.toHaveProperty('search');
  });

  it('appends pages without duplicates', () => {
    expect(
      appendPage([workflow('a'), workflow('b')], [workflow('b'), workflow('c')]).map((w) => w._id),
    ).toEqual(['a', 'b', 'c']);
  });

  it('counts votes like the server', () => {
    const none = { like_count: 2, dislike_count: 1, user_like_status: null };
    expect(applyVote(none, 'like')).toEqual({ like_count: 3, dislike_count: 1, user_like_status: 'like' });
    const liked = applyVote(none, 'like');
    expect(applyVote(liked, 'like')).toEqual(none);
    expect(applyVote(liked, 'dislike')).toEqual({
      like_count: 2,
      dislike_count: 2,
      user_like_status: 'dislike',
    });
    expect(applyVote({ like_count: 0, dislike_count: 0, user_like_status: 'like' }, 'like').like_count).toBe(
      0,
    );
  });

  it('replaces one vote', () => {
    const list = withVote([workflow('a'), workflow('b')], 'b', {
      like_count: 5,
      dislike_count: 0,
      user_like_status: 'like',
    });
    expect(list[1]).toMatchObject({ like_count: 5, user_like_status: 'like' });
    expect(list[0]!.like_count).toBe(0);
  });
});

describe('share form', () => {
  it('needs a title after trimming', () => {
    expect(shareFormError({ title: '  ', description: '', mode: 'none' })).toBe('Please enter a title');
    expect(shareFormError({ title: ' T ', description: '', mode: 'none' })).toBeNull();
  });

  it('shares new or updates the chosen workflow, trimmed', () => {
    expect(shareRequest({ title: ' T ', description: ' d ', mode: 'none' }, 'u', 'n')).toEqual({
      kind: 'share',
      body: { user_id: 'u', node_id: 'n', title: 'T', description: 'd' },
    });
    expect(shareRequest({ title: 'T', description: '', mode: 'w1' }, 'u', 'n')).toEqual({
      kind: 'update',
      body: { user_id: 'u', workflow_id: 'w1', node_id: 'n', title: 'T', description: '' },
    });
  });
});
