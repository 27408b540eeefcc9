import { z } from 'zod';
import { Id } from './common';

/** The product segment of the descriptions paths (`v1/{product}_descriptions/...`). */
export const DESCRIPTIONS_PRODUCT = 'cinegraph';

export const DESCRIPTION_TYPES = ['character', 'location', 'concept'] as const;
export const DescriptionType = z.enum(DESCRIPTION_TYPES);
export type DescriptionType = z.infer<typeof DescriptionType>;

export const Description = z.object({
  id: z.string(),
  type: DescriptionType,
  description: z.string(),
  image_url: z.string().nullable(),
});
export type Description = z.infer<typeof Description>;

/** Emptiness is checked by the server so the detail is the spec's message word for word. */
export const DescriptionTextBody = z.object({ description: z.string().max(20_000) });
export type DescriptionTextBody = z.infer<typeof DescriptionTextBody>;

export const DescriptionIdParams = z.object({ id: Id });
