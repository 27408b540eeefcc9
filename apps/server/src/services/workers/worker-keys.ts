import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { and, eq, isNotNull, notLike } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { workers } from '../../db/schema';

/** Sealed keys start so; a value without it was stored in plain text before keys were sealed. */
const SEALED = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

let key: Buffer | null = null;
let webhookKey: Buffer | null = null;

/**
 * Sets the key that seals workers' API keys (RunPod's) at rest: AES-256-GCM with a key derived from the
 * studio's secret (SECRET or DATA_DIR/secret), so a copy of the database alone does not give them away.
 */
export function useWorkerKeySecret(secret: string): void {
  key = Buffer.from(hkdfSync('sha256', secret, 'cinegraph', 'worker api keys', 32));
  webhookKey = Buffer.from(hkdfSync('sha256', secret, 'cinegraph', 'worker webhooks', 32));
}

/** The token in a backend's webhook address for one prompt: only the studio can make it. */
export function workerWebhookToken(promptId: string): string {
  if (!webhookKey) throw new Error('The key that signs worker webhooks is not set (useWorkerKeySecret).');
  return createHmac('sha256', webhookKey).update(promptId).digest('base64url');
}

export function isWorkerWebhookToken(promptId: string, token: string): boolean {
  const expected = Buffer.from(workerWebhookToken(promptId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The webhook secret of a user's own comfyui-api worker (its WEBHOOK_SECRET): its own, so no user can
 * sign deliveries for another's prompts. Derived from the studio's secret and the worker's id, never
 * stored; base64 of 32 bytes, as comfyui-api decodes it.
 */
export function comfyApiWorkerSecret(workerId: string): string {
  if (!webhookKey) throw new Error('The key that signs worker webhooks is not set (useWorkerKeySecret).');
  return createHmac('sha256', webhookKey).update(`comfyui-api worker ${workerId}`).digest('base64');
}

function sealingKey(): Buffer {
  if (!key) throw new Error('The key that seals worker API keys is not set (useWorkerKeySecret).');
  return key;
}

export function sealWorkerKey(plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return SEALED + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

/** The API key to send to the backend; a plain-text row not sealed yet is read as it is. */
export function openWorkerKey(stored: string | null | undefined): string | null {
  if (!stored) return null;
  if (!stored.startsWith(SEALED)) return stored;
  const bytes = Buffer.from(stored.slice(SEALED.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(), bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}

/** What the account page shows of a key: its last 4 characters, never more. */
export function workerKeyEnding(stored: string | null): string | null {
  if (!stored) return null;
  try {
    return openWorkerKey(stored)!.slice(-4);
  } catch {
    // Sealed with another secret (SECRET changed): the key is unreadable and must be entered again.
    return null;
  }
}

/** Seals the keys stored in plain text before keys were sealed; run on start, by any number of servers. */
export async function sealPlainWorkerKeys(db: Database): Promise<number> {
  const plain = await db
    .select({ id: workers.id, apiKey: workers.apiKey })
    .from(workers)
    .where(and(isNotNull(workers.apiKey), notLike(workers.apiKey, `${SEALED}%`)));
  for (const row of plain) {
    await db
      .update(workers)
      .set({ apiKey: sealWorkerKey(row.apiKey!) })
      // Another server sealing the same row at once: the first one wins.
      .where(and(eq(workers.id, row.id), eq(workers.apiKey, row.apiKey!)));
  }
  return plain.length;
}
