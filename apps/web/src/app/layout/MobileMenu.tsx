import { Link } from 'react-router';
import { isCurrentSection, SITE_LINKS, USER_LINKS } from './navLinks';
import { MENU_LINK } from './navStyles';

export const MOBILE_MENU_ID = 'site-menu';

interface MobileMenuProps {
  pathname: string;
  signedIn: boolean;
  onLogOut(): void;
}

/** The navigation's links below the md breakpoint, opened by the Menu toggle. */
export function MobileMenu({ pathname, signedIn, onLogOut }: MobileMenuProps) {
  const items = signedIn ? [...SITE_LINKS, ...USER_LINKS] : SITE_LINKS;
  return (
    <div
      id={MOBILE_MENU_ID}
      className="animate-slide-down border-t border-white/[0.06] bg-neutral-950/95 px-4 pt-2 pb-5 backdrop-blur-xl md:hidden"
    >
      <ul className="space-y-0.5">
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              aria-current={isCurrentSection(pathname, item) ? 'page' : undefined}
              className={MENU_LINK}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
      {signedIn && (
        <div className="mt-3 border-t border-white/[0.06] pt-3">
          <button type="button" onClick={onLogOut} className={`${MENU_LINK} w-full text-left`}>
            Log Out
          </button>
        </div>
      )}
    </div>
  );
}
