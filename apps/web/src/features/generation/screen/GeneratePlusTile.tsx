import { useMemo } from 'react';
import { PlusIcon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import { useGenerationTrigger } from '../hooks/useGenerationTrigger';

/** The trailing tile of a workflow's takes: one more job; its overlay tells how the request went. */
export function GeneratePlusTile({
  workflowId,
  workflowName,
  movieId,
  shotId,
  onStarted,
}: {
  workflowId: string;
  workflowName: string;
  movieId: string;
  shotId: string;
  onStarted(): void;
}) {
  const ids = useMemo(() => ({ workflowId, movieId, shotId }), [workflowId, movieId, shotId]);
  const { state, message, trigger } = useGenerationTrigger(ids, onStarted);
  return (
    <div className="relative min-h-32 rounded-xl">
      <button
        type="button"
        aria-label={`Generate one more with ${workflowName}`}
        onClick={() => void trigger()}
        disabled={state === 'generating'}
        className="flex size-full min-h-32 items-center justify-center rounded-xl border-2 border-dashed border-white/15 text-neutral-400 transition-colors hover:border-amber-400/60 hover:text-amber-300"
      >
        <PlusIcon className="size-8" />
      </button>
      {state === 'generating' && <Spinner overlay label="Generating..." />}
      {state === 'success' && <Overlay className="text-emerald-300">Generation started</Overlay>}
      {state === 'error' && (
        <Overlay className="text-red-400" detail={message}>
          Generation failed
        </Overlay>
      )}
    </div>
  );
}

function Overlay({
  className,
  detail,
  children,
}: {
  className: string;
  detail?: string | null;
  children: string;
}) {
  return (
    <div
      role="status"
      className={`absolute inset-0 z-10 flex flex-col items-center justify-center gap-1 rounded-xl bg-neutral-950/80 px-3 text-center text-sm font-medium ${className}`}
    >
      {children}
      {detail && <span className="text-xs font-normal text-neutral-400">{detail}</span>}
    </div>
  );
}
