import { endpoints as ep, type EditorNode } from '@cinegraph/contracts';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { compiledSerializer, readSerializerSchema } from './compiled-serializer';

const node = (overrides: Partial<EditorNode>): EditorNode => ({
  _id: 'n1',
  movie_id: 'm1',
  name: 'Shot prompt',
  type: 'primitive',
  level: 'movie',
  position: { x: 1, y: 2 },
  width: null,
  hidden: false,
  value: 'a quiet street',
  input_handles: [],
  output_handles: [
    { id: 'output', name: 'output', type: 'text', connections: [{ node_id: 'n2', handle_id: 'in' }] },
  ],
  workflow: null,
  utility_kind: null,
  upload_error: null,
  ...overrides,
});

describe('the serializer of a hot read', () => {
  it.each([
    ['listNodes'],
    ['listConnections'],
    ['getMovie'],
    ['listUtilityNodes'],
    ['presignUploadPart'],
  ] as const)(
    '%s serialises without a schema validator (no Ajv compiled on the first answer, none run per item)',
    (name) => {
      const { code } = fastJson(readSerializerSchema(ep[name].response), {
        mode: 'debug',
      }) as unknown as {
        code: string;
      };
      expect(code).not.toContain('getSchemaValidator');
    },
  );

  it("writes nullable fields' nulls and values as JSON does", () => {
    const nodes = [
      node({}),
      node({
        _id: 'n2',
        type: 'workflow',
        width: 320,
        workflow: { link: 'movies/m1/workflow.json', api_link: null },
        upload_error: 'Not a ComfyUI workflow',
      }),
      node({ _id: 'n3', type: 'utility', utility_kind: 'prompt', value: { text: 'x', n: 2 } }),
    ];
    expect(compiledSerializer({ schema: ep.listNodes.response })(nodes)).toBe(JSON.stringify(nodes));
  });

  it('leaves out what the response schema does not declare', () => {
    const answer = JSON.parse(
      compiledSerializer({ schema: ep.listNodes.response })([{ ...node({}), password_hash: 'x' }]),
    ) as object[];
    expect(answer[0]).not.toHaveProperty('password_hash');
  });
});
