import { z } from 'zod';

export const MagicLinkRequest = /* @__PURE__ */ z.object({
  email: /* @__PURE__ */ z
    .string()
    .trim()
    .min(1, 'Email cannot be empty')
    .max(254, 'Email is too long')
    .pipe(/* @__PURE__ */ z.email('Please enter a valid email address'))
    .transform((email) => email.toLowerCase()),
});
export type MagicLinkRequest = z.input<typeof MagicLinkRequest>;

export const MagicLinkResponse = /* @__PURE__ */ z.object({ message: /* @__PURE__ */ z.string() });
export type MagicLinkResponse = z.infer<typeof MagicLinkResponse>;

export const VerifyQuery = /* @__PURE__ */ z.object({
  token: /* @__PURE__ */ z.string().min(1, 'Missing token').max(200),
  /** 'true': the visitor confirmed replacing the live session of another account with this link's. */
  switch_account: /* @__PURE__ */ z.enum(['true']).optional(),
});

export const VerifyResponse = /* @__PURE__ */ z.object({ user_id: /* @__PURE__ */ z.string() });
export type VerifyResponse = z.infer<typeof VerifyResponse>;

export const LogoutResponse = /* @__PURE__ */ z.object({ message: /* @__PURE__ */ z.string() });

export const SessionResponse = /* @__PURE__ */ z.object({ user_id: /* @__PURE__ */ z.string() });
export type SessionResponse = z.infer<typeof SessionResponse>;
