import fastJson, { type Schema } from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/**
 * A hot read's serializer, compiled by fast-json-stringify from the JSON Schema of its zod response
 * schema, with zod's nullable fields rewritten as fast-json-stringify's own (see `withNullableFields`).
 */
export function compiledSerializer({ schema }: { schema: unknown }): (data: unknown) => string {
  return fastJson(readSerializerSchema(schema as z.ZodType));
}

/** The JSON Schema the serializer is compiled from. */
export function readSerializerSchema(schema: z.ZodType): Schema {
  return withNullableFields(
    z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema,
  ) as Schema;
}

/**
 * Zod writes `X | null` as `anyOf: [X, {type: 'null'}]`. fast-json-stringify serialises an anyOf by
 * validating the value against each branch with Ajv: Ajv compiles the whole response schema on the
 * first answer (about 100 ms of the server's thread for the editor's nodes, the first editor opened
 * after a start) and validates every node's nullable fields on each answer. As `X` with
 * `nullable: true` the serializer writes null on a null check instead, the same JSON.
 */
export function withNullableFields(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullableFields);
  if (!schema || typeof schema !== 'object') return schema;
  const { anyOf, ...rest } = schema as JsonSchema;
  const nullable = Array.isArray(anyOf) && anyOf.length === 2 ? nonNullBranch(anyOf) : undefined;
  if (nullable) return withNullableFields({ ...rest, ...nullable, nullable: true });
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, withNullableFields(value)]));
}

/** Of two branches, the one that is not `{type: 'null'}` when the other is, and has a type of its own. */
function nonNullBranch(branches: unknown[]): JsonSchema | undefined {
  const isNull = (b: unknown) =>
    !!b && typeof b === 'object' && Object.keys(b).length === 1 && (b as JsonSchema).type === 'null';
  const other = isNull(branches[0]) ? branches[1] : isNull(branches[1]) ? branches[0] : undefined;
  if (!other || typeof other !== 'object' || typeof (other as JsonSchema).type !== 'string') return undefined;
  return other as JsonSchema;
}
