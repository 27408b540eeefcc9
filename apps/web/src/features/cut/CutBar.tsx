import { endpoints, formatCutTime } from '@cinegraph/contracts';
import { lazy, Suspense, useMemo, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { apiCall, ApiError, endpointUrl } from '../../lib/api';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/toast';
import { listKey } from '../storyboard/storyboardApi';
import { useCut } from './hooks/useCut';
import { withShotDuration } from './logic/cutTimeline';
import { cutWithDurations } from './logic/cutWithDurations';
import { RenderCutControl } from './RenderCutControl';

const CutPlayer = lazy(() => import('./CutPlayer').then((m) => ({ default: m.CutPlayer })));

export interface CutBarProps {
  movieId: string;
  /** The scene whose shots are listed; the whole movie at the scene level. */
  sceneId?: string;
  title: string;
  /** Durations of the shots on screen as edited (unsaved edits too), by shot id. */
  durations: ReadonlyMap<string, number | null>;
}

const SELECT =
  'rounded-lg border border-white/10 bg-neutral-950 px-2 py-1 text-sm text-neutral-100 outline-none focus:border-amber-400';

/** The storyboard's cut controls: the movie's or scene's length, "Takes from", Play and Render cut. */
export function CutBar({ movieId, sceneId, title, durations }: CutBarProps) {
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const [workflowNodeId, setWorkflowNodeId] = useState('');
  const scope = { movieId, sceneId, workflowNodeId: workflowNodeId || undefined };
  const { cut: fetched, mutate: mutateCut } = useCut(scope);
  const workflows = useSWR(endpointUrl(endpoints.listMovieWorkflowNodes, { params: { movieId } }), () =>
    apiCall(endpoints.listMovieWorkflowNodes, { params: { movieId } }).catch(() => []),
  ).data;
  // A thumbnail edge being dragged: shown at once, saved when let go.
  const [dragged, setDragged] = useState<{ shotId: string; seconds: number } | null>(null);
  const cut = useMemo(() => {
    const current = fetched && cutWithDurations(fetched, durations);
    return current && dragged ? withShotDuration(current, dragged.shotId, dragged.seconds) : current;
  }, [fetched, durations, dragged]);
  const [open, setOpen] = useState(false);

  async function changeDuration(shotId: string, seconds: number, done: boolean) {
    if (!fetched) return;
    setDragged({ shotId, seconds });
    if (!done) return;
    const shot = fetched.shots.find((s) => s.shot_id === shotId);
    try {
      await apiCall(endpoints.updateShot, {
        params: { id: shotId },
        query: { movie_id: movieId },
        body: { duration: seconds },
      });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'The duration could not be saved.');
    }
    // The storyboard's shot list holds the duration too: read it again so its next save keeps this one.
    if (shot) await mutate(listKey({ level: 'shot', movieId, sceneId: shot.scene_id }));
    await mutateCut();
    setDragged(null);
  }

  const label = sceneId ? 'Scene' : 'Movie';
  return (
    <section aria-label="Cut" className="mb-4 flex flex-wrap items-center gap-3 text-sm text-neutral-300">
      <Button
        variant="primary"
        size="sm"
        disabled={!cut || cut.shots.length === 0}
        onClick={() => setOpen(true)}
      >
        ▶ Play {sceneId ? 'scene' : 'movie'}
      </Button>
      <span data-testid="cut-total">
        {label} {cut ? formatCutTime(cut.seconds) : '–'}
        {cut && <span className="text-neutral-500"> · {cut.shots.length} shots</span>}
      </span>
      <label className="flex items-center gap-2">
        Takes from
        <select className={SELECT} value={workflowNodeId} onChange={(e) => setWorkflowNodeId(e.target.value)}>
          <option value="">All workflows</option>
          {(workflows ?? []).map((node) => (
            <option key={node.id} value={node.id}>
              {node.name || 'Untitled workflow'}
            </option>
          ))}
        </select>
      </label>
      <RenderCutControl movieId={movieId} sceneId={sceneId} workflowNodeId={scope.workflowNodeId} />
      {open && cut && cut.shots.length > 0 && (
        <Suspense fallback={null}>
          <CutPlayer
            title={title}
            cut={cut}
            onClose={() => setOpen(false)}
            onDuration={(shotId, seconds, done) => void changeDuration(shotId, seconds, done)}
          />
        </Suspense>
      )}
    </section>
  );
}
