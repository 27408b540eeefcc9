import { z } from 'zod';
import { Id } from './common';

export const Tier = /* @__PURE__ */ z.enum(['free', 'pro', 'studio']);
export type Tier = z.infer<typeof Tier>;

export const User = /* @__PURE__ */ z.object({
  _id: /* @__PURE__ */ z.string(),
  email: /* @__PURE__ */ z.string(),
  nickname: /* @__PURE__ */ z.string(),
  profile_image: /* @__PURE__ */ z.string().nullable(),
  tier: Tier,
});
export type User = z.infer<typeof User>;

export const UserIdParams = /* @__PURE__ */ z.object({ userId: Id });
