import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

const NUL_MESSAGE = 'Text must not contain NUL characters.';

/** No body of the API comes near this; PostgreSQL's jsonb gives up far deeper, with a 500. */
const MAX_JSON_DEPTH = 64;

/**
 * The API's JSON bodies: parsed as usual, but refused with 400 when nested deeper than any real body
 * is, or when a text holds a NUL character (PostgreSQL cannot store one in text or jsonb).
 */
export function registerJsonBodyParser(api: FastifyInstance): void {
  api.removeContentTypeParser('application/json');
  api.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    try {
      done(null, parseJsonBody(text as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  if (nestingOf(text) > MAX_JSON_DEPTH)
    throw badRequest(`The JSON is nested deeper than ${MAX_JSON_DEPTH} levels.`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('The body is not valid JSON.');
  }
  const problem = problemIn(value);
  if (problem) throw badRequest(problem);
  return value;
}

/** The deepest nesting of arrays and objects, counted without parsing (strings skipped). */
function nestingOf(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') deepest = Math.max(deepest, ++depth);
    else if (c === ']' || c === '}') depth--;
  }
  return deepest;
}

/** What no body may hold: a NUL character, or a `__proto__` key (as Fastify's own parser refuses). */
function problemIn(value: unknown): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? NUL_MESSAGE : null;
  if (Array.isArray(value)) return value.map(problemIn).find(Boolean) ?? null;
  if (!value || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key === '__proto__') return 'The body must not hold a "__proto__" key.';
    if (key.includes('\u0000')) return NUL_MESSAGE;
    const problem = problemIn(item);
    if (problem) return problem;
  }
  return null;
}
