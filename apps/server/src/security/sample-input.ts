import { z } from 'zod';

/** A JSON Schema as zod writes it, the parts a sample needs. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
}

/**
 * A valid input for a contracts schema (a body, query or params), so a call reaches the handler's own
 * checks instead of stopping at validation. `pick(name)` supplies the value of a field by its name
 * (ids, keys); every other field, optional ones too, gets the simplest value the schema accepts.
 */
export function sampleInput(schema: z.ZodType, pick: (name: string) => unknown): unknown {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return sample(json, undefined, pick);
}

function sample(s: JsonSchema, name: string | undefined, pick: (name: string) => unknown): unknown {
  const picked = name === undefined ? undefined : pick(name);
  if (picked !== undefined) return picked;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const choice = s.anyOf ?? s.oneOf;
  if (choice) return sample(choice.find((c) => c.type !== 'null') ?? choice[0]!, name, pick);
  if (s.allOf) return sample(Object.assign({}, ...s.allOf) as JsonSchema, name, pick);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(s.properties ?? {})) {
        out[key] = sample(property, key, pick);
      }
      return out;
    }
    case 'array': {
      const items = s.prefixItems ?? (Array.isArray(s.items) ? s.items : null);
      if (items) return items.map((item) => sample(item, undefined, pick));
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () =>
        sample((s.items as JsonSchema | undefined) ?? {}, undefined, pick),
      );
    }
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number':
      return Math.max(1, Math.ceil(s.minimum ?? (s.exclusiveMinimum ?? 0) + 1));
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return null;
  }
}

function sampleString(s: JsonSchema): string {
  switch (s.format) {
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
    case 'email':
      return 'someone@example.com';
    case 'uri':
    case 'url':
      return 'http://localhost:3000/nothing';
    case 'date-time':
      return '2026-01-01T00:00:00Z';
  }
  return 'x'.repeat(Math.max(1, s.minLength ?? 1));
}
