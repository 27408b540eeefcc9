import { z } from 'zod';

/** Every API error body: `{"detail": "..."}`. */
export const ErrorBody = /* @__PURE__ */ z.object({ detail: /* @__PURE__ */ z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Ids are UUIDs; anything else is refused at the boundary with a 400 rather than a 404. */
export const Id = /* @__PURE__ */ z.uuid({ message: 'Invalid id' });

export const IsoDate = /* @__PURE__ */ z.string().describe('ISO 8601 timestamp');
