import { MAX_JOBS_PER_SHOT, MIN_JOBS_PER_SHOT } from '@cinegraph/contracts';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/Spinner';
import { useGenerateEstimate } from '../hooks/useGenerateEstimate';
import { useShotValidation } from '../hooks/useShotValidation';
import { useStartGeneration } from '../hooks/useStartGeneration';
import { confirmationMessage } from '../logic/estimateLines';
import { clampJobs, initialSelection, toggleShot } from '../logic/shotSelection';
import { GenerateEstimateSummary } from './GenerateEstimate';
import { SceneShotsPanel } from './SceneShotsPanel';

/** The spec's width of the generate-content modal. */
const GENERATE_MODAL_WIDTH_PX = 600;

export interface GenerateDialogProps {
  nodeId: string;
  movieId: string;
  /** The shots chosen last time (kept while the node is on screen). */
  initial: ReadonlySet<string>;
  onSelectedChange(selected: Set<string>): void;
  onClose(): void;
}

/** The generate-content modal: pick shots scene by scene and the jobs per shot, then generate. */
export function GenerateDialog({ nodeId, movieId, initial, onSelectedChange, onClose }: GenerateDialogProps) {
  const { entries, groups, error, loading } = useShotValidation(nodeId, movieId);
  const start = useStartGeneration();
  const [jobsText, setJobsText] = useState(String(MIN_JOBS_PER_SHOT));
  const [busy, setBusy] = useState(false);

  // Opened with none selected: every valid shot is selected (once the validity is known).
  const [chosen, setChosen] = useState<ReadonlySet<string> | null>(null);
  const selected = chosen ?? (entries ? initialSelection(entries, initial) : new Set<string>());
  const { estimate, error: estimateError } = useGenerateEstimate(
    nodeId,
    movieId,
    selected,
    clampJobs(jobsText),
  );
  const [asking, setAsking] = useState(false);
  function close() {
    onSelectedChange(new Set(selected));
    onClose();
  }

  async function confirm(asked = false) {
    if (selected.size === 0) return close();
    // A batch over 10% of the GPU time left this month asks first.
    if (!asked && estimate?.needs_confirmation) return setAsking(true);
    setAsking(false);
    setBusy(true);
    const jobs = clampJobs(jobsText);
    await start({ nodeId, movieId, shotIds: [...selected], jobs });
    setBusy(false);
    close();
  }

  return (
    <Dialog
      open
      widthPx={GENERATE_MODAL_WIDTH_PX}
      title="Generate Content"
      onClose={() => !busy && close()}
      footer={
        <>
          <label className="mr-auto flex items-center gap-2 text-sm text-neutral-300">
            Jobs per shot
            <input
              type="number"
              min={MIN_JOBS_PER_SHOT}
              max={MAX_JOBS_PER_SHOT}
              step={1}
              value={jobsText}
              onChange={(event) => setJobsText(event.target.value)}
              onBlur={() => setJobsText(String(clampJobs(jobsText)))}
              className="w-16 rounded-lg border border-white/10 bg-neutral-950 px-2 py-1 text-neutral-100"
            />
          </label>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" onClick={() => void confirm()} busy={busy}>
            Generate
          </Button>
        </>
      }
    >
      <p className="mb-3 text-neutral-400">
        Choose the shots to generate. Shots with missing inputs cannot be selected.
      </p>
      {loading && <Spinner label="Loading shots" />}
      {error && <p className="text-red-400">{error.message}</p>}
      {!loading && !error && groups.length === 0 && <p>No shots in this movie yet.</p>}
      <div className="space-y-2">
        {groups.map((group) => (
          <SceneShotsPanel
            key={group.sceneId}
            group={group}
            selected={selected}
            onToggle={(shotId) => setChosen(toggleShot(selected, shotId))}
          />
        ))}
      </div>
      <GenerateEstimateSummary estimate={estimate} error={estimateError} />
      <ConfirmDialog
        open={asking && estimate !== undefined}
        title="Generate anyway?"
        message={estimate ? confirmationMessage(estimate) : ''}
        confirmLabel="Generate"
        onConfirm={() => void confirm(true)}
        onCancel={() => setAsking(false)}
      />
    </Dialog>
  );
}
