import {
  endpoints as ep,
  type Connection,
  type CreateNodeBody,
  type EditorNode,
  type HandleType,
  type Movie,
} from '@cinegraph/contracts';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { SignedInUser } from '../../test/sign-in';
import type { TestApp } from '../../test/test-app';

type Method = 'GET' | 'POST' | 'DELETE';

/** A small API client for the editor tests: every call goes through the real app with the user's cookie. */
export function editorClient(t: TestApp) {
  const call = (user: SignedInUser | null, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, payload, headers: user ? { cookie: user.cookie } : {} });

  async function ok<T>(user: SignedInUser, method: Method, url: string, payload?: object): Promise<T> {
    const response = await call(user, method, url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  }

  return {
    call,
    ok,
    newMovie: (user: SignedInUser) => ok<Movie>(user, 'POST', `/movies?user_id=${user.userId}`),
    addNode: (user: SignedInUser, movieId: string, body: CreateNodeBody) =>
      ok<EditorNode>(user, 'POST', `/editor/node/${movieId}`, body),
    // These answers skip zod on the server (compiled serializers): checked against the contracts here.
    nodes: async (user: SignedInUser, movieId: string) =>
      exactly(ep.listNodes.response, await ok<EditorNode[]>(user, 'GET', `/editor/nodes/${movieId}`)),
    connections: async (user: SignedInUser, movieId: string) =>
      exactly(
        ep.listConnections.response,
        await ok<Connection[]>(user, 'GET', `/editor/connections/${movieId}`),
      ),
    connect: (user: SignedInUser, movieId: string, edge: EdgeBody) =>
      call(user, 'POST', `/editor/connect/${movieId}`, edge),
    templates: (user: SignedInUser) => ok<{ _id: string; title: string }[]>(user, 'GET', '/movies/templates'),
  };
}

/** The answer is valid for the schema and has nothing more than it declares. */
function exactly<T>(schema: z.ZodType, answer: T): T {
  expect(schema.parse(answer)).toEqual(answer);
  return answer;
}

export interface EdgeBody {
  source_node_id: string;
  source_handle_id: string;
  target_node_id: string;
  target_handle_id: string;
}

export function edge(
  source: EditorNode,
  sourceHandle: string,
  target: EditorNode,
  targetHandle: string,
): EdgeBody {
  return {
    source_node_id: source._id,
    source_handle_id: sourceHandle,
    target_node_id: target._id,
    target_handle_id: targetHandle,
  };
}

/** A workflow node body with the given input and output handles. */
export function workflowBody(
  name: string,
  inputs: [string, HandleType][],
  outputs: [string, HandleType][],
): CreateNodeBody {
  const handles = (list: [string, HandleType][]) => list.map(([id, type]) => ({ id, name: id, type }));
  return {
    name,
    type: 'workflow',
    level: 'editor',
    input_handles: handles(inputs),
    output_handles: handles(outputs),
  };
}
