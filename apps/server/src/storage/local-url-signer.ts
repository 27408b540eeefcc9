import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignedMethod = 'GET' | 'PUT';

/** Everything a presigned local URL grants; each field is covered by the signature. */
export interface UrlGrant {
  method: SignedMethod;
  key: string;
  /** Unix time in seconds after which the URL is refused. */
  expires: number;
  /** Single PUT: the Content-Type the uploader must send (as S3 signs it). */
  contentType?: string;
  /** PUT: the exact number of bytes the body must have (as S3 signs Content-Length). */
  contentLength?: number;
  uploadId?: string;
  partNumber?: number;
  /** GET: served as an attachment with this file name. */
  downloadName?: string;
}

export type Verification = { ok: true; grant: UrlGrant } | { ok: false; reason: string };

type Query = Record<string, string | undefined>;

/** HMAC-SHA256 signatures for the local store's URLs, standing in for S3's SigV4 query signing. */
export class LocalUrlSigner {
  readonly #secret: string;

  constructor(secret: string) {
    if (secret.length < 16) throw new Error('LocalStorage needs a secret of at least 16 characters');
    this.#secret = secret;
  }

  /** Query parameters for a URL granting `grant`. */
  sign(grant: UrlGrant): URLSearchParams {
    const query = new URLSearchParams();
    if (grant.uploadId !== undefined) query.set('uploadId', grant.uploadId);
    if (grant.partNumber !== undefined) query.set('partNumber', String(grant.partNumber));
    if (grant.contentType !== undefined) query.set('X-Content-Type', grant.contentType);
    if (grant.contentLength !== undefined) query.set('X-Content-Length', String(grant.contentLength));
    if (grant.downloadName !== undefined) query.set('X-Download-Name', grant.downloadName);
    query.set('X-Expires', String(grant.expires));
    query.set('X-Signature', this.#mac(grant));
    return query;
  }

  /** Checks a request's query against its method and key; `nowMs` is injectable for tests. */
  verify(method: SignedMethod, key: string, query: Query, nowMs = Date.now()): Verification {
    const expires = Number(query['X-Expires']);
    const signature = query['X-Signature'];
    if (!Number.isInteger(expires) || !signature) {
      return { ok: false, reason: 'The URL is not signed (X-Expires and X-Signature are required)' };
    }
    const partNumber = query['partNumber'] === undefined ? undefined : Number(query['partNumber']);
    if (partNumber !== undefined && !Number.isInteger(partNumber)) {
      return { ok: false, reason: 'partNumber must be an integer' };
    }
    const contentLength =
      query['X-Content-Length'] === undefined ? undefined : Number(query['X-Content-Length']);
    if (contentLength !== undefined && !Number.isSafeInteger(contentLength)) {
      return { ok: false, reason: 'X-Content-Length must be an integer' };
    }
    const grant: UrlGrant = {
      method,
      key,
      expires,
      contentType: query['X-Content-Type'],
      contentLength,
      uploadId: query['uploadId'],
      partNumber,
      downloadName: query['X-Download-Name'],
    };
    const expected = Buffer.from(this.#mac(grant), 'hex');
    const given = Buffer.from(signature, 'hex');
    // Compare in constant time so the signature cannot be guessed byte by byte from response times.
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, reason: 'The URL signature does not match' };
    }
    if (nowMs > expires * 1000) return { ok: false, reason: 'The URL has expired' };
    return { ok: true, grant };
  }

  #mac(grant: UrlGrant): string {
    // A JSON array keeps field boundaries unambiguous (no delimiter can be smuggled into a key).
    const canonical = JSON.stringify([
      grant.method,
      grant.key,
      grant.expires,
      grant.contentType ?? null,
      grant.uploadId ?? null,
      grant.partNumber ?? null,
      grant.downloadName ?? null,
      grant.contentLength ?? null,
    ]);
    return createHmac('sha256', this.#secret).update(canonical).digest('hex');
  }
}
