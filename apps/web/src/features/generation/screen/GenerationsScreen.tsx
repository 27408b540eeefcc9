import { selectionAfterDelete, type Generation } from '@cinegraph/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useShowHiddenItems } from '../../../lib/preferences';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Spinner } from '../../../ui/Spinner';
import { useSelection } from '../../storyboard/hooks/useSelection';
import { useGenerationActions } from '../hooks/useGenerationActions';
import { useGenerationEvents } from '../hooks/useGenerationEvents';
import { useGenerationKeyboard } from '../hooks/useGenerationKeyboard';
import { useShotContext } from '../hooks/useShotContext';
import { useShotGenerations } from '../hooks/useShotGenerations';
import { steppedShotId } from '../logic/shotStepping';
import { ALL_WORKFLOWS, groupByWorkflow, UNKNOWN_WORKFLOW, visibleWorkflows } from '../logic/workflowGroups';
import { shotIdInPath, workflowPath } from '../paths';
import { flatten, GenerationGroups } from './GenerationGroups';
import { GenerationPanel } from './GenerationPanel';
import { ShotHeader } from './ShotHeader';
import { NotFoundState, isNotFound } from '../../../ui/NotFoundState';

export interface GenerationsScope {
  movieId: string;
  sceneId: string;
  shotId: string;
  workflowId: string;
}

/** A shot's generations: tiles grouped by workflow, the selected one's panel, A/D and Space. */
export function GenerationsScreen({ scope }: { scope: GenerationsScope }) {
  const { movieId, sceneId, shotId, workflowId } = scope;
  const navigate = useNavigate();
  const [showHidden] = useShowHiddenItems();
  const context = useShotContext(movieId, sceneId, shotId);
  const { generations, error, loading, mutate } = useShotGenerations(shotId, workflowId);
  useGenerationEvents(movieId);
  const refresh = useCallback(() => mutate(), [mutate]);
  const actions = useGenerationActions(refresh);
  const [deleting, setDeleting] = useState<Generation | null>(null);

  const workflows = useMemo(() => context.workflows ?? [], [context.workflows]);
  const grouped = workflowId === ALL_WORKFLOWS;
  const groups = useMemo(() => {
    const all = groupByWorkflow(generations ?? [], workflows, showHidden);
    if (grouped) return all;
    const name = workflows.find((w) => w.id === workflowId)?.name ?? UNKNOWN_WORKFLOW;
    const own = all.find((group) => group.workflowId === workflowId);
    return [{ workflowId, name, generations: own?.generations ?? [] }];
  }, [generations, workflows, showHidden, grouped, workflowId]);
  const visible = useMemo(() => flatten(groups), [groups]);
  const { selected, select } = useSelection(visible);

  // Selecting a take with new output clears its marker.
  const selectedId = selected?._id ?? null;
  const clearNewOutput = selected?.new_output === true;
  const { update } = actions;
  useEffect(() => {
    if (selected && clearNewOutput) void update(selected, { new_output: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per selected take
  }, [selectedId, clearNewOutput]);

  const toggleUseAsInput = useCallback(
    (generation: Generation | null) => {
      if (generation?.status === 'success' && !actions.busyIds.has(generation._id)) {
        void update(generation, { use_as_input: !generation.use_as_input });
      }
    },
    [actions.busyIds, update],
  );

  useGenerationKeyboard({
    step: (direction) => {
      // From the shot in the address, not the one this screen shows: after a step the router has moved
      // on at once, but the new shot's screen renders later, and a second key must not step from the old.
      const from = shotIdInPath(window.location.pathname) ?? shotId;
      const next = context.shots && steppedShotId(context.shots, from, direction, showHidden);
      if (next) void navigate(workflowPath(movieId, sceneId, next, workflowId));
    },
    toggleUseAsInput: () => toggleUseAsInput(selected),
  });

  async function confirmDelete() {
    if (!deleting) return;
    const at = visible.findIndex((generation) => generation._id === deleting._id);
    const remaining = visible.filter((generation) => generation._id !== deleting._id);
    setDeleting(null);
    if (await actions.remove(deleting)) select(selectionAfterDelete(remaining, at)?._id ?? null);
  }

  const tileHandlers = {
    movieId,
    shotId,
    selectedId,
    busyIds: actions.busyIds,
    onSelect: (generation: Generation) => select(generation._id),
    onToggleUseAsInput: toggleUseAsInput,
    onToggleHidden: (generation: Generation) => void update(generation, { hidden: !generation.hidden }),
    onDelete: setDeleting,
    onStarted: () => void refresh(),
  };

  if (isNotFound(error)) {
    return (
      <main id="main" className="mx-auto w-full max-w-7xl px-4 pt-24 pb-8 sm:px-6">
        <NotFoundState thing="shot" />
      </main>
    );
  }

  // The page's <main>, starting below the fixed top navigation like the storyboard screens.
  return (
    <main id="main" className="mx-auto w-full max-w-7xl px-4 pt-24 pb-8 sm:px-6">
      <ShotHeader
        movieId={movieId}
        sceneId={sceneId}
        shotId={shotId}
        movieTitle={context.movie?.title}
        sceneTitle={context.scene?.title}
        shotTitle={context.shot?.description}
        position={context.position}
        workflows={visibleWorkflows(workflows, showHidden)}
      />
      {error && <p className="mb-4 text-sm text-red-400">{error.message}</p>}
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div>
          {loading || !context.workflows ? (
            <Spinner label="Loading generations" />
          ) : (
            <GenerationGroups groups={groups} grouped={grouped} {...tileHandlers} />
          )}
        </div>
        <GenerationPanel
          generation={selected}
          busy={selected ? actions.busyIds.has(selected._id) : false}
          onToggleUseAsInput={() => toggleUseAsInput(selected)}
          onToggleHidden={() => selected && void update(selected, { hidden: !selected.hidden })}
          onCancel={() => selected && void actions.cancel(selected)}
          onDelete={() => setDeleting(selected)}
        />
      </div>
      <ConfirmDialog
        open={deleting !== null}
        variant="delete"
        title="Delete generation"
        message="Are you sure you want to delete this generation? A generation still in progress is cancelled first."
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </main>
  );
}
