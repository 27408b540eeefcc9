/** The text fields of the workers section. */
export const FIELD =
  'h-9 min-w-0 rounded-lg border border-white/15 bg-neutral-950 px-2.5 text-sm text-white outline-none transition placeholder:text-neutral-600 focus:border-amber-400/70 focus:ring-2 focus:ring-amber-400/20 read-only:opacity-60';
