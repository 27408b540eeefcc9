const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400';

export const NAV_LINK = `rounded-lg px-2.5 py-2 text-sm font-medium text-neutral-300 transition-colors hover:bg-white/5 hover:text-white aria-[current=page]:text-amber-300 lg:px-3 ${FOCUS}`;

export const MENU_LINK = `flex items-center rounded-xl px-3 py-3 text-base font-medium text-neutral-200 transition-colors hover:bg-white/5 hover:text-white aria-[current=page]:text-amber-300 ${FOCUS}`;

export const NAV_BUTTON = `inline-flex h-9 items-center justify-center rounded-lg px-4 text-sm transition-colors ${FOCUS}`;
export const NAV_PRIMARY =
  'font-semibold bg-amber-400 text-neutral-950 shadow-lg shadow-amber-500/20 hover:bg-amber-300';
export const NAV_SECONDARY =
  'font-semibold bg-white/10 text-white ring-1 ring-white/15 ring-inset hover:bg-white/15';
export const NAV_GHOST = 'font-medium text-neutral-300 hover:bg-white/5 hover:text-white';
