import { z } from 'zod';

export const MagicLinkRequest = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email cannot be empty')
    .max(254, 'Email is too long')
    .pipe(z.email('Please enter a valid email address'))
    .transform((email) => email.toLowerCase()),
});
export type MagicLinkRequest = z.input<typeof MagicLinkRequest>;

export const MagicLinkResponse = z.object({ message: z.string() });
export type MagicLinkResponse = z.infer<typeof MagicLinkResponse>;

export const VerifyQuery = z.object({
  token: z.string().min(1, 'Missing token').max(200),
  /** 'true': the visitor confirmed replacing the live session of another account with this link's. */
  switch_account: z.enum(['true']).optional(),
});

export const VerifyResponse = z.object({ user_id: z.string() });
export type VerifyResponse = z.infer<typeof VerifyResponse>;

export const LogoutResponse = z.object({ message: z.string() });

export const SessionResponse = z.object({ user_id: z.string() });
export type SessionResponse = z.infer<typeof SessionResponse>;
