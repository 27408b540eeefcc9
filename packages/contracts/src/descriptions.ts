import { z } from 'zod';
import { Id } from './common';

/** The product segment of the descriptions paths (`v1/{product}_descriptions/...`). */
export const DESCRIPTIONS_PRODUCT = 'cinegraph';

export const DESCRIPTION_TYPES = ['character', 'location', 'concept'] as const;
export const DescriptionType = /* @__PURE__ */ z.enum(DESCRIPTION_TYPES);
export type DescriptionType = z.infer<typeof DescriptionType>;

export const Description = /* @__PURE__ */ z.object({
  id: /* @__PURE__ */ z.string(),
  type: DescriptionType,
  description: /* @__PURE__ */ z.string(),
  image_url: /* @__PURE__ */ z.string().nullable(),
});
export type Description = z.infer<typeof Description>;

/** Emptiness is checked by the server so the detail is the spec's message word for word. */
export const DescriptionTextBody = /* @__PURE__ */ z.object({
  description: /* @__PURE__ */ z.string().max(20_000),
});
export type DescriptionTextBody = z.infer<typeof DescriptionTextBody>;

export const DescriptionIdParams = /* @__PURE__ */ z.object({ id: Id });
