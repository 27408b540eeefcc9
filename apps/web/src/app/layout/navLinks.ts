export interface NavItem {
  to: string;
  label: string;
  /** The part of the site the link stands for, to mark it current on any page below it. */
  section: string;
}

/** The site's links, for everyone. */
export const SITE_LINKS: readonly NavItem[] = [
  { to: '/tutorials/getting-started', label: 'Tutorials', section: '/tutorials' },
  { to: '/residencies', label: 'Residencies', section: '/residencies' },
  { to: '/theatre', label: 'Theatre', section: '/theatre' },
  { to: '/forum', label: 'Forum', section: '/forum' },
];

/** Links only a signed-in visitor sees. */
export const USER_LINKS: readonly NavItem[] = [
  { to: '/movies', label: 'My Movies', section: '/movies' },
  { to: '/user', label: 'Profile', section: '/user' },
];

export function isCurrentSection(pathname: string, item: NavItem): boolean {
  if (item.section === '/movies') return pathname === '/movies';
  return pathname === item.section || pathname.startsWith(`${item.section}/`);
}
