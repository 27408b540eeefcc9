import { Fragment } from 'react';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** The last crumb (where the user is) usually has no link. */
  to?: string;
}

export const CRUMB_LINK = 'text-neutral-400 transition-colors hover:text-amber-300';

/** Where a screen sits: My Movies / movie / scene / ..., each level a link back. */
export function Breadcrumb({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm">
        {crumbs.map((crumb, index) => (
          <Fragment key={`${index}-${crumb.label}`}>
            {index > 0 && (
              <li aria-hidden="true" className="text-neutral-600">
                /
              </li>
            )}
            <li className={crumb.to ? undefined : 'text-neutral-300'}>
              {crumb.to ? (
                <Link to={crumb.to} className={CRUMB_LINK}>
                  {crumb.label}
                </Link>
              ) : (
                crumb.label
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
