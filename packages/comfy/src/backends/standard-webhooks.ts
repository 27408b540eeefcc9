import { createHmac, timingSafeEqual } from 'node:crypto';

/** Deliveries older or newer than this are refused (replays). */
const TOLERANCE_S = 5 * 60;

/** A webhook secret as comfyui-api's WEBHOOK_SECRET: base64, at least this many bytes once decoded. */
const MIN_SECRET_BYTES = 16;

/**
 * The HMAC key of a comfyui-api secret. comfyui-api 1.18 decodes its WEBHOOK_SECRET as base64 whole
 * (`Buffer.from(secret, 'base64')`, a `whsec_` prefix included), so the studio decodes it the same way:
 * one value, given to both sides as it is, verifies.
 */
export function webhookSecretKey(secret: string): Buffer {
  return Buffer.from(secret, 'base64');
}

/** Why a value cannot serve as a comfyui-api webhook secret, or null when it can. */
export function webhookSecretProblem(secret: string): string | null {
  if (secret.startsWith('whsec_')) {
    return 'must be plain base64 without "whsec_": comfyui-api decodes its WEBHOOK_SECRET as base64 whole (make one with `openssl rand -base64 32`)';
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(secret) || secret.length % 4 !== 0) {
    return 'must be base64, as comfyui-api decodes it (make one with `openssl rand -base64 32`)';
  }
  if (webhookSecretKey(secret).length < MIN_SECRET_BYTES) {
    return `must decode to at least ${MIN_SECRET_BYTES} bytes (make one with \`openssl rand -base64 32\`)`;
  }
  return null;
}

/** The `v1,` signature of a delivery: HMAC-SHA256 of `{id}.{timestamp}.{body}` with the key, base64. */
export function signStandardWebhook(
  body: string | Buffer,
  key: Buffer,
  id: string,
  timestamp: number | string,
): string {
  const mac = createHmac('sha256', key);
  mac.update(`${id}.${timestamp}.`).update(body);
  return `v1,${mac.digest('base64')}`;
}

/**
 * Checks a delivery signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`
 * with one or more space-separated `v1,` signatures) against the raw body. Returns a reason when it fails.
 */
export function standardWebhookProblem(
  body: Buffer,
  headers: Record<string, string | string[] | undefined>,
  key: Buffer,
  now = Date.now(),
): string | null {
  const header = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const id = header('webhook-id');
  const stamp = header('webhook-timestamp');
  const timestamp = Number(stamp);
  const signatures = header('webhook-signature');
  if (!id || !stamp || !Number.isInteger(timestamp) || !signatures) return 'The delivery is not signed.';
  if (Math.abs(now / 1000 - timestamp) > TOLERANCE_S) return 'The delivery is too old or too new.';
  // Signed over the timestamp as sent (comfyui-api sends it as text).
  const expected = Buffer.from(signStandardWebhook(body, key, id, stamp));
  const matches = signatures.split(' ').some((given) => {
    const candidate = Buffer.from(given);
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  });
  return matches ? null : 'The delivery signature does not match.';
}
