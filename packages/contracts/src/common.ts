import { z } from 'zod';

/** Every API error body: `{"detail": "..."}`. */
export const ErrorBody = z.object({ detail: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Ids are UUIDs; anything else is refused at the boundary with a 400 rather than a 404. */
export const Id = z.uuid({ message: 'Invalid id' });

export const IsoDate = z.string().describe('ISO 8601 timestamp');
