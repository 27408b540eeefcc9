import type { StoryboardLevel } from '@cinegraph/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { DescriptionsDialog } from './descriptions/DescriptionsDialog';
import { movieEditorPath } from '../movies/paths';
import { levelPlural } from './logic/levels';
import { charactersPath, scenesPath } from './paths';

export interface StoryboardBreadcrumbProps {
  level: StoryboardLevel;
  movieId: string;
  movieTitle: string | undefined;
  sceneTitle: string | undefined;
}

const LINK = 'text-neutral-400 transition-colors hover:text-amber-300';

/**
 * Where the list sits: My Movies / movie / (scene /) level, with links to the movie's other screens and
 * its descriptions.
 */
export function StoryboardBreadcrumb({ level, movieId, movieTitle, sceneTitle }: StoryboardBreadcrumbProps) {
  const parentTitle = level === 'shot' ? sceneTitle : movieTitle;
  const [descriptionsOpen, setDescriptionsOpen] = useState(false);
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <nav aria-label="Breadcrumb">
          <ol className="flex flex-wrap items-center gap-1.5 text-sm">
            <li>
              <Link to="/movies" className={LINK}>
                My Movies
              </Link>
            </li>
            <li aria-hidden="true" className="text-neutral-600">
              /
            </li>
            <li>
              <Link to={scenesPath(movieId)} className={LINK}>
                {movieTitle || 'Untitled movie'}
              </Link>
            </li>
            {level === 'shot' && (
              <>
                <li aria-hidden="true" className="text-neutral-600">
                  /
                </li>
                <li className="text-neutral-300">{sceneTitle || 'Untitled scene'}</li>
              </>
            )}
          </ol>
        </nav>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-white sm:text-3xl">
          {parentTitle || (level === 'shot' ? 'Untitled scene' : 'Untitled movie')}
          <span className="ml-3 text-base font-normal text-neutral-400">{levelPlural(level)}</span>
        </h1>
      </div>
      <nav aria-label="Movie" className="flex gap-4 text-sm">
        <Link to={scenesPath(movieId)} className={LINK}>
          Scenes
        </Link>
        <Link to={charactersPath(movieId)} className={LINK}>
          Characters
        </Link>
        <Link to={movieEditorPath(movieId)} className={LINK}>
          Editor
        </Link>
        <button type="button" onClick={() => setDescriptionsOpen(true)} className={LINK}>
          Descriptions
        </button>
      </nav>
      <DescriptionsDialog
        movieId={movieId}
        open={descriptionsOpen}
        onClose={() => setDescriptionsOpen(false)}
      />
    </header>
  );
}
