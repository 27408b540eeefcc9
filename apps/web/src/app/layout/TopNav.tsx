import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { SIGN_IN_PANEL_ID, useSignIn } from '../../features/auth/SignInProvider';
import { useLogOut } from '../../features/auth/useLogOut';
import { useStoredUser } from '../../lib/session';
import { BrandMark } from './BrandMark';
import { MobileMenu, MOBILE_MENU_ID } from './MobileMenu';
import { isCurrentSection, SITE_LINKS, USER_LINKS, type NavItem } from './navLinks';
import { NAV_BUTTON, NAV_GHOST, NAV_LINK, NAV_PRIMARY, NAV_SECONDARY } from './navStyles';
import { useScrolled } from './useScrolled';
import { withWholeStylesheet } from '../wholeStylesheet';

// The form loads when a visitor opens it: most first visits never do, and it stays out of their first load.
const SignInPanel = lazy(
  withWholeStylesheet(() =>
    import('../../features/auth/SignInPanel').then((m) => ({ default: m.SignInPanel })),
  ),
);

/** The fixed site navigation, transparent over the landing page's hero until the page scrolls. */
export function TopNav() {
  const { userId } = useStoredUser();
  const signIn = useSignIn();
  const logOut = useLogOut();
  const { pathname, key } = useLocation();
  const scrolled = useScrolled();
  // The menu belongs to the page it was opened on: any navigation closes it.
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const menuOpen = menuOpenedAt === key;
  const panelOpen = signIn.panelOpen && !userId;
  const overHero = pathname === '/' && !scrolled && !menuOpen && !panelOpen;

  function toggleMenu() {
    if (menuOpen) return setMenuOpenedAt(null);
    if (panelOpen) signIn.closePanel();
    setMenuOpenedAt(key);
  }

  function toggleSignIn() {
    setMenuOpenedAt(null);
    signIn.togglePanel();
  }

  function onLogOut() {
    setMenuOpenedAt(null);
    void logOut();
  }

  return (
    <header
      onKeyDown={(event) => event.key === 'Escape' && setMenuOpenedAt(null)}
      className={`fixed inset-x-0 top-0 z-40 transition-[background-color,border-color,backdrop-filter] duration-300 ${
        overHero
          ? 'border-b border-transparent bg-transparent'
          : 'border-b border-white/[0.06] bg-neutral-950/80 backdrop-blur-xl'
      }`}
    >
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          aria-label="Cinegraph home"
          className="-ml-1 flex shrink-0 items-center gap-2.5 rounded-lg p-1 focus-visible:outline-2 focus-visible:outline-amber-400"
        >
          <BrandMark className="size-8" />
          <span className="text-[17px] font-semibold tracking-tight text-white">Cinegraph</span>
        </Link>

        <NavList items={SITE_LINKS} pathname={pathname} className="ml-4 lg:ml-8" />

        <div className="ml-auto flex items-center gap-1 lg:gap-2">
          {userId ? (
            <>
              <NavList items={USER_LINKS} pathname={pathname} />
              <button
                type="button"
                onClick={onLogOut}
                className={`${NAV_BUTTON} ${NAV_GHOST} hidden md:inline-flex`}
              >
                Log Out
              </button>
            </>
          ) : (
            <button
              type="button"
              onClick={toggleSignIn}
              aria-expanded={panelOpen}
              aria-controls={panelOpen ? SIGN_IN_PANEL_ID : undefined}
              className={`${NAV_BUTTON} ${panelOpen ? NAV_SECONDARY : NAV_PRIMARY}`}
            >
              {panelOpen ? 'Cancel' : 'Sign In'}
            </button>
          )}

          <button
            type="button"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? MOBILE_MENU_ID : undefined}
            onClick={toggleMenu}
            className={`${NAV_BUTTON} ${NAV_GHOST} -mr-2 px-2.5 md:hidden`}
          >
            <MenuGlyph open={menuOpen} />
          </button>
        </div>
      </nav>

      {menuOpen && <MobileMenu pathname={pathname} signedIn={Boolean(userId)} onLogOut={onLogOut} />}

      {panelOpen && (
        // Anchors the panel to the right edge of the navigation's content width.
        <div className="absolute inset-x-0 top-full mx-auto max-w-7xl">
          <Suspense fallback={null}>
            <SignInPanel />
          </Suspense>
        </div>
      )}
    </header>
  );
}

function NavList({
  items,
  pathname,
  className = '',
}: {
  items: readonly NavItem[];
  pathname: string;
  className?: string;
}) {
  return (
    <ul className={`hidden items-center gap-0.5 md:flex lg:gap-1 ${className}`}>
      {items.map((item) => (
        <li key={item.to}>
          <Link
            to={item.to}
            aria-current={isCurrentSection(pathname, item) ? 'page' : undefined}
            className={NAV_LINK}
          >
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function MenuGlyph({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
    >
      {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}
