import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * How long an editor pass opens its worker's editor: a working session, after which the page asks again.
 * The pass is the proxy's only credential (the framed editor has no session cookie, see editor-proxy.ts).
 */
export const EDITOR_PASS_MS = 12 * 60 * 60 * 1000;

/** Who may reach which worker's editor through the proxy, until when. */
export interface EditorPass {
  workerId: string;
  userId: string;
  /** Epoch milliseconds. */
  expires: number;
}

let key: Buffer | null = null;

/** Sets the key that signs editor passes, derived from the studio's secret (so every process shares it). */
export function useEditorPassSecret(secret: string): void {
  key = Buffer.from(hkdfSync('sha256', secret, 'cinegraph', 'comfy editor passes', 32));
}

/** 128 bits of HMAC-SHA256: the pass must fit one path segment of at most 100 characters (Fastify's). */
function signature(payload: string): string {
  if (!key) throw new Error('The key that signs editor passes is not set (useEditorPassSecret).');
  return createHmac('sha256', key).update(payload).digest().subarray(0, 16).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
const uuidText = (bytes: Buffer) =>
  bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

/** The pass as one URL path segment: worker id, user id and expiry (seconds) in binary, a dot, its signature. */
export function signEditorPass(pass: EditorPass): string {
  if (!UUID.test(pass.workerId) || !UUID.test(pass.userId)) throw new Error('Editor passes name uuids.');
  const expires = Buffer.alloc(4);
  expires.writeUInt32BE(Math.ceil(pass.expires / 1000));
  const payload = Buffer.concat([uuidBytes(pass.workerId), uuidBytes(pass.userId), expires]).toString(
    'base64url',
  );
  return `${payload}.${signature(payload)}`;
}

/** The pass a token carries when the studio signed it and it has not expired; null otherwise. */
export function readEditorPass(token: string, now = Date.now()): EditorPass | null {
  const [payload, given, ...rest] = token.split('.');
  if (!payload || !given || rest.length > 0 || token.length > 100) return null;
  const expected = Buffer.from(signature(payload));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length !== 36) return null;
  const expires = bytes.readUInt32BE(32) * 1000;
  if (expires <= now) return null;
  return { workerId: uuidText(bytes.subarray(0, 16)), userId: uuidText(bytes.subarray(16, 32)), expires };
}
