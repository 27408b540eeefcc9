export const FIELD =
  'nodrag nowheel w-full rounded-md border border-white/10 bg-neutral-950 px-2 py-1 text-sm text-neutral-100 outline-none placeholder:text-neutral-600 focus:border-[var(--editor-accent)]';
