import type { Generation } from '@cinegraph/contracts';
import { Button } from '../../../ui/Button';
import { ShowHiddenToggle } from '../../storyboard/panel/ShowHiddenToggle';
import { useLiveProgress } from '../hooks/useGenerationEvents';
import { isUnfinished, tileState } from '../logic/statusCounts';
import { GenerationOutputView } from './GenerationOutputView';
import { WorkflowInputsList } from './WorkflowInputsList';

export const GENERATION_FAILED_FALLBACK = 'Generation failed. Please try again.';

const STATUS_TEXT = {
  waiting: 'Pending...',
  running: 'Generating...',
  failed: 'Generation failed',
  cancelled: 'Generation cancelled',
  done: 'Done',
} as const;

export interface GenerationPanelProps {
  generation: Generation | null;
  busy: boolean;
  onToggleUseAsInput(): void;
  onToggleHidden(): void;
  onCancel(): void;
  onDelete(): void;
}

/** The selected generation: its status or output, what it ran with, and what can be done with it. */
export function GenerationPanel({ generation, busy, ...actions }: GenerationPanelProps) {
  return (
    <aside
      aria-label="Generation details"
      className="space-y-4 rounded-2xl border border-white/10 bg-neutral-900/80 p-4 lg:sticky lg:top-20"
    >
      {!generation ? (
        <p className="text-sm text-neutral-400">Select a generation to see it here.</p>
      ) : (
        <>
          <GenerationState generation={generation} />
          <div className="flex flex-wrap gap-2">
            {generation.status === 'success' && (
              <Button size="sm" variant="primary" onClick={actions.onToggleUseAsInput} busy={busy}>
                {generation.use_as_input ? 'Stop using as input' : 'Use as input'}
              </Button>
            )}
            {isUnfinished(generation.status) && (
              <Button size="sm" onClick={actions.onCancel} busy={busy}>
                Cancel generation
              </Button>
            )}
            <Button size="sm" onClick={actions.onToggleHidden} disabled={busy}>
              {generation.hidden ? 'Show' : 'Hide'}
            </Button>
            <Button size="sm" variant="danger" onClick={actions.onDelete}>
              Delete
            </Button>
          </div>
          <WorkflowInputsList inputs={generation.workflow_inputs} />
        </>
      )}
      <ShowHiddenToggle />
    </aside>
  );
}

function GenerationState({ generation }: { generation: Generation }) {
  const state = tileState(generation.status);
  const progress = useLiveProgress(generation);
  if (state === 'failed') {
    return (
      <div role="alert" className="rounded-lg bg-red-500/10 p-3 text-sm text-red-300">
        <p className="font-semibold">Generation failed</p>
        <p className="mt-1 break-words">{generation.inference.error_message || GENERATION_FAILED_FALLBACK}</p>
      </div>
    );
  }
  if (state === 'done' && generation.output) {
    return (
      <>
        {generation.inference.warning && (
          <p role="status" className="mb-2 rounded-lg bg-amber-500/10 p-3 text-sm break-words text-amber-300">
            <span className="font-semibold">Warning: </span>
            {generation.inference.warning}
          </p>
        )}
        <GenerationOutputView output={generation.output} />
      </>
    );
  }
  return (
    <>
      <p className="rounded-lg bg-neutral-950/60 p-3 text-sm text-neutral-300">
        {STATUS_TEXT[state]}
        {state === 'running' && progress > 0 && ` ${Math.round(progress * 100)}%`}
      </p>
      {/* Why a pending take is not running yet: 'Waiting for a worker with SaveAudioAdvanced'. */}
      {state === 'waiting' && generation.inference.warning && (
        <p role="status" className="mt-2 rounded-lg bg-amber-500/10 p-3 text-sm break-words text-amber-300">
          {generation.inference.warning}
        </p>
      )}
    </>
  );
}
