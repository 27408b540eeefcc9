/**
 * A storage failure caused by the request rather than the store (unknown upload, wrong part ETag,
 * too large). `statusCode` follows Fastify's convention so an error handler can answer with it.
 */
export class StorageRequestError extends Error {
  constructor(
    message: string,
    readonly statusCode: number,
  ) {
    super(message);
    this.name = 'StorageRequestError';
  }
}
