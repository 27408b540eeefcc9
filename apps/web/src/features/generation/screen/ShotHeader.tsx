import type { WorkflowNodeSummary } from '@cinegraph/contracts';
import { NavLink } from 'react-router';
import { Breadcrumb } from '../../../ui/Breadcrumb';
import { scenesPath, shotsPath } from '../../storyboard/paths';
import { ALL_WORKFLOWS } from '../logic/workflowGroups';
import { workflowPath } from '../paths';

export interface ShotHeaderProps {
  movieId: string;
  sceneId: string;
  shotId: string;
  movieTitle?: string;
  sceneTitle?: string;
  shotTitle?: string;
  position: number;
  workflows: readonly WorkflowNodeSummary[];
}

/** Breadcrumb to the shot, its description, and the workflow picker ('All workflows' first). */
export function ShotHeader(props: ShotHeaderProps) {
  const { movieId, sceneId, shotId } = props;
  const tabs = [{ id: ALL_WORKFLOWS, name: 'All workflows' }, ...props.workflows];
  return (
    <header className="mb-6 space-y-4">
      <Breadcrumb
        crumbs={[
          { label: 'My Movies', to: '/movies' },
          { label: props.movieTitle || 'Untitled movie', to: scenesPath(movieId) },
          { label: props.sceneTitle || 'Untitled scene', to: shotsPath(movieId, sceneId) },
        ]}
      />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-white">
          {props.position >= 0 ? `Shot ${props.position + 1}` : 'Shot'}
          <span className="ml-3 text-base font-normal text-neutral-400">
            {props.shotTitle || 'Generations'}
          </span>
        </h1>
        <p className="text-xs text-neutral-500">A / D: previous / next shot · Space: use as input</p>
      </div>
      <nav aria-label="Workflows" className="flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <NavLink
            key={tab.id}
            to={workflowPath(movieId, sceneId, shotId, tab.id)}
            className={({ isActive }) =>
              `rounded-full px-3 py-1 text-sm ring-1 ring-white/10 ${
                isActive ? 'bg-amber-400 text-neutral-950' : 'text-neutral-300 hover:bg-white/5'
              }`
            }
          >
            {tab.name}
          </NavLink>
        ))}
      </nav>
    </header>
  );
}
