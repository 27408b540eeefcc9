import { Link, Outlet, useLocation } from 'react-router';
import {
  isCurrentItem,
  TUTORIAL_SIDEBAR,
  tutorialPath,
  type SidebarItem,
} from '../../features/tutorials/logic/tutorialPages';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400';

/** The tutorials: the sidebar of the spec beside (on phones, above) the page being read. */
export function TutorialLayout() {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 pt-20 pb-16 sm:px-6 lg:flex-row lg:gap-10 lg:px-8 lg:pt-24">
      <TutorialSidebar />
      <main id="main" className="min-w-0 flex-1">
        <Outlet />
      </main>
    </div>
  );
}

function TutorialSidebar() {
  const { pathname } = useLocation();
  const { section, items } = TUTORIAL_SIDEBAR;
  return (
    <nav
      aria-label="Tutorials"
      className="-mx-4 shrink-0 border-b border-white/10 px-4 pb-3 lg:sticky lg:top-24 lg:mx-0 lg:w-56 lg:self-start lg:border-b-0 lg:px-0 lg:pb-0"
    >
      <SidebarLink
        item={section}
        pathname={pathname}
        className="text-xs font-semibold tracking-[0.14em] text-neutral-400 uppercase aria-[current=page]:text-amber-300"
      />
      <ul className="mt-2 flex flex-wrap gap-1 lg:flex-col lg:flex-nowrap">
        {items.map((item) => (
          <li key={item.slug} className="shrink-0">
            <SidebarLink
              item={item}
              pathname={pathname}
              className="block rounded-lg px-3 py-1.5 text-sm whitespace-nowrap text-neutral-300 hover:bg-white/5 hover:text-white aria-[current=page]:bg-amber-400/10 aria-[current=page]:text-amber-300 lg:py-2"
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SidebarLink({
  item,
  pathname,
  className,
}: {
  item: SidebarItem;
  pathname: string;
  className: string;
}) {
  return (
    <Link
      to={tutorialPath(item.slug)}
      aria-current={isCurrentItem(item, pathname) ? 'page' : undefined}
      className={`${className} ${FOCUS}`}
    >
      {item.label}
    </Link>
  );
}
