import type { StoryboardLevel } from '@cinegraph/contracts';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Breadcrumb, CRUMB_LINK } from '../../ui/Breadcrumb';
import { useLazyDialog } from '../../ui/useLazyDialog';
import { movieEditorPath } from '../movies/paths';
import { levelPlural } from './logic/levels';
import { charactersPath, scenesPath } from './paths';

// Not part of the first view of a list (the scene list's buttons, a dialog opened on demand): their code
// comes when they show, so a shot list's tiles do not wait behind it.
const ExportMovieButton = lazy(() =>
  import('../exports/ExportMovieButton').then((m) => ({ default: m.ExportMovieButton })),
);
const ImportScriptButton = lazy(() =>
  import('./script/ImportScriptButton').then((m) => ({ default: m.ImportScriptButton })),
);
const DescriptionsDialog = lazy(() =>
  import('./descriptions/DescriptionsDialog').then((m) => ({ default: m.DescriptionsDialog })),
);

export interface StoryboardBreadcrumbProps {
  level: StoryboardLevel;
  movieId: string;
  movieTitle: string | undefined;
  sceneTitle: string | undefined;
}

/**
 * Where the list sits: My Movies / movie / (scene /) level, with links to the movie's other screens and
 * its descriptions.
 */
export function StoryboardBreadcrumb({ level, movieId, movieTitle, sceneTitle }: StoryboardBreadcrumbProps) {
  const parentTitle = level === 'shot' ? sceneTitle : movieTitle;
  const descriptions = useLazyDialog();
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <Breadcrumb
          crumbs={[
            { label: 'My Movies', to: '/movies' },
            { label: movieTitle || 'Untitled movie', to: scenesPath(movieId) },
            ...(level === 'shot' ? [{ label: sceneTitle || 'Untitled scene' }] : []),
          ]}
        />
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-white sm:text-3xl">
          {parentTitle || (level === 'shot' ? 'Untitled scene' : 'Untitled movie')}
          <span className="ml-3 text-base font-normal text-neutral-400">{levelPlural(level)}</span>
        </h1>
      </div>
      <nav aria-label="Movie" className="flex gap-4 text-sm">
        <Link to={scenesPath(movieId)} className={CRUMB_LINK}>
          Scenes
        </Link>
        <Link to={charactersPath(movieId)} className={CRUMB_LINK}>
          Characters
        </Link>
        <Link to={movieEditorPath(movieId)} className={CRUMB_LINK}>
          Editor
        </Link>
        <button type="button" onClick={descriptions.show} className={CRUMB_LINK}>
          Descriptions
        </button>
        {level === 'scene' && (
          <Suspense fallback={null}>
            <ImportScriptButton movieId={movieId} className={CRUMB_LINK} />
            <ExportMovieButton movieId={movieId} className={CRUMB_LINK} />
          </Suspense>
        )}
      </nav>
      {descriptions.mounted && (
        <Suspense fallback={null}>
          <DescriptionsDialog movieId={movieId} open={descriptions.open} onClose={descriptions.close} />
        </Suspense>
      )}
    </header>
  );
}
