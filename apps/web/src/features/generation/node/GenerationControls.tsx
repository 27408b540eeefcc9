import { useCallback, useState } from 'react';
import { useParams } from 'react-router';
import { useGenerationEvents } from '../hooks/useGenerationEvents';
import { useNodeGenerationStatus } from '../hooks/useNodeGenerationStatus';
import { GenerateDialog } from './GenerateDialog';
import { StatusCounts } from './StatusCounts';

/** A ready workflow node's footer: Generate (opens the shot selection) and its generations' counts. */
export function GenerationControls({ nodeId }: { nodeId: string }) {
  const { movieId = '' } = useParams();
  const { counts, refresh } = useNodeGenerationStatus(movieId, nodeId);
  // Every node of the canvas shares the movie's one stream; the counts move as jobs do.
  useGenerationEvents(movieId);
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const onSelectedChange = useCallback((next: Set<string>) => setSelected(next), []);

  return (
    <div className="nodrag border-t border-white/10 p-2">
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="w-full rounded-lg bg-[var(--editor-accent)] px-3 py-1.5 text-sm font-semibold text-neutral-950 hover:brightness-110"
      >
        Generate
      </button>
      <StatusCounts nodeId={nodeId} counts={counts} onCancelled={refresh} />
      {open && (
        <GenerateDialog
          nodeId={nodeId}
          movieId={movieId}
          initial={selected}
          onSelectedChange={onSelectedChange}
          onClose={() => {
            setOpen(false);
            refresh();
          }}
        />
      )}
    </div>
  );
}
