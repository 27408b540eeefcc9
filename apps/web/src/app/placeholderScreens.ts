/**
 * Screens of the route table that later work builds. Until then each shows a "coming soon" page with
 * the site navigation. Paths are relative to the root route.
 */
export interface PlaceholderScreen {
  path: string;
  title: string;
  blurb: string;
}

/** Signed-in screens still to come (the account page, /user, is built: features/account). */
export const SIGNED_IN_PLACEHOLDERS: PlaceholderScreen[] = [];

export const PLACEHOLDER_SCREENS: PlaceholderScreen[] = [];
