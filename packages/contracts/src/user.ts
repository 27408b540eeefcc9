import { z } from 'zod';
import { Id } from './common';

export const Tier = z.enum(['free', 'pro', 'studio']);
export type Tier = z.infer<typeof Tier>;

export const User = z.object({
  _id: z.string(),
  email: z.string(),
  nickname: z.string(),
  profile_image: z.string().nullable(),
  tier: Tier,
});
export type User = z.infer<typeof User>;

export const UserIdParams = z.object({ userId: Id });
