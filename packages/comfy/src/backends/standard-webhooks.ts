import { createHmac, timingSafeEqual } from 'node:crypto';

/** Deliveries older or newer than this are refused (replays). */
const TOLERANCE_S = 5 * 60;

/** A secret as Standard Webhooks gives it: `whsec_` and base64 bytes (any other text is taken as is). */
function secretBytes(secret: string): Buffer {
  return secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret, 'utf8');
}

/** The `v1,` signature of a delivery: HMAC-SHA256 of `{id}.{timestamp}.{body}`, base64. */
export function signStandardWebhook(
  body: string | Buffer,
  secret: string,
  id: string,
  timestamp: number,
): string {
  const mac = createHmac('sha256', secretBytes(secret));
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
  secret: string,
  now = Date.now(),
): string | null {
  const header = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const id = header('webhook-id');
  const timestamp = Number(header('webhook-timestamp'));
  const signatures = header('webhook-signature');
  if (!id || !Number.isInteger(timestamp) || !signatures) return 'The delivery is not signed.';
  if (Math.abs(now / 1000 - timestamp) > TOLERANCE_S) return 'The delivery is too old or too new.';
  const expected = Buffer.from(signStandardWebhook(body, secret, id, timestamp));
  const matches = signatures.split(' ').some((given) => {
    const candidate = Buffer.from(given);
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  });
  return matches ? null : 'The delivery signature does not match.';
}
