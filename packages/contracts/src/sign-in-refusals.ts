// Plain strings, apart from auth.ts's zod schemas: the landing page shows one of them, and importing
// it from a module that builds schemas would bring zod into the landing page's JavaScript.

/** The refusal of a GET that changes something (fixed as a GET by the spec) asked without the header. */
export const STUDIO_PAGE_ONLY =
  "This call changes something, so it must come from the studio's page (with the header X-Requested-With).";

/** Why a sign-in link was not used (the first two keep the link for a retry from the studio's page). */
export const SIGN_IN_REFUSALS = {
  notFromStudio:
    "A sign-in link is verified by the studio's own page (with the header X-Requested-With), never by a link or an image.",
  otherAccount:
    'You are signed in with another account. Confirm that you want to switch to the account of this sign-in link.',
} as const;
