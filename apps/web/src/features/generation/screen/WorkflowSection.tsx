import type { Generation } from '@cinegraph/contracts';
import { useMemo } from 'react';
import { useLatest } from '../../../lib/useLatest';
import { GeneratePlusTile } from './GeneratePlusTile';
import { GenerationTile, type TakeActions } from './GenerationTile';

export interface WorkflowSectionProps {
  /** Shown as a heading on the all-workflows screen. */
  title?: string;
  workflowId: string;
  workflowName: string;
  movieId: string;
  shotId: string;
  generations: readonly Generation[];
  selectedId: string | null;
  busyIds: ReadonlySet<string>;
  onSelect(generation: Generation): void;
  onToggleUseAsInput(generation: Generation): void;
  onToggleHidden(generation: Generation): void;
  onDelete(generation: Generation): void;
  onStarted(): void;
}

/** One workflow's takes of the shot (2, 3 or 4 columns) and its plus tile. */
export function WorkflowSection(props: WorkflowSectionProps) {
  const { title, generations } = props;
  const latest = useLatest(props);
  // Made once: a tile renders again only when its own take or state changes (see GenerationTile).
  const actions = useMemo<TakeActions>(
    () => ({
      select: (generation) => latest.current.onSelect(generation),
      toggleUseAsInput: (generation) => latest.current.onToggleUseAsInput(generation),
      toggleHidden: (generation) => latest.current.onToggleHidden(generation),
      remove: (generation) => latest.current.onDelete(generation),
    }),
    [latest],
  );
  return (
    <section aria-label={title ?? props.workflowName} className="space-y-3">
      {title && <h2 className="text-lg font-semibold text-neutral-100">{title}</h2>}
      {title && generations.length === 0 && <p className="text-sm text-neutral-500">No generations yet</p>}
      <div
        role="listbox"
        aria-label={`${props.workflowName} generations`}
        className="grid grid-cols-2 gap-4 lg:grid-cols-3 xl:grid-cols-4"
      >
        {generations.map((generation, position) => (
          <GenerationTile
            key={generation._id}
            generation={generation}
            position={position}
            selected={generation._id === props.selectedId}
            busy={props.busyIds.has(generation._id)}
            actions={actions}
          />
        ))}
        <GeneratePlusTile
          workflowId={props.workflowId}
          workflowName={props.workflowName}
          movieId={props.movieId}
          shotId={props.shotId}
          onStarted={props.onStarted}
        />
      </div>
    </section>
  );
}
