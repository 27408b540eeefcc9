import {
  EXPORT_FORMATS,
  EXPORT_FRAME_RATES,
  EXPORT_RESOLUTIONS,
  MAX_STILL_DURATION_SECONDS,
  MIN_STILL_DURATION_SECONDS,
  endpoints,
  type ExportFormat,
  type ExportFrameRate,
  type WorkflowNodeSummary,
} from '@cinegraph/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { apiCall, endpointUrl } from '../../lib/api';
import { Dialog } from '../../ui/Dialog';
import { useToast } from '../../ui/toast';
import { downloadErrorMessage } from './logic/downloadErrors';
import { DEFAULT_EXPORT_CHOICES, saveMovieExport, type ExportChoices } from './logic/exportOptions';
import { saveFetchedFile } from './logic/saveFile';

const FIELD =
  'mt-1 w-full rounded-lg border border-white/10 bg-neutral-950 px-3 py-2 text-sm text-neutral-100 focus:border-amber-400 focus:outline-none';
const BUTTON =
  'rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-amber-400 disabled:opacity-50';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="block text-sm text-neutral-300">
      {label}
      {children}
    </label>
  );
}

/**
 * Export of the movie for editing software: format, frame rate, resolution and how long stills last;
 * the zip holds the timeline and media/ with the use-as-input take of every shot (else its newest
 * success). Also the shot list (CSV) and the printable storyboard (PDF).
 */
export function ExportMovieDialog({
  movieId,
  open,
  onClose,
}: {
  movieId: string;
  open: boolean;
  onClose(): void;
}) {
  const toast = useToast();
  const [choices, setChoices] = useState<ExportChoices>(DEFAULT_EXPORT_CHOICES);
  const [busy, setBusy] = useState(false);
  /** The movie's still duration as stored: a different one in the dialog is saved with the export. */
  const [movieStill, setMovieStill] = useState<number | null>(null);
  const [workflows, setWorkflows] = useState<WorkflowNodeSummary[]>([]);
  const set = (change: Partial<ExportChoices>) => setChoices((current) => ({ ...current, ...change }));

  useEffect(() => {
    if (!open) return;
    let current = true;
    apiCall(endpoints.getMovie, { params: { movieId } }).then(
      (movie) => {
        if (!current) return;
        setMovieStill(movie.still_duration);
        setChoices((choices) => ({ ...choices, stillDuration: movie.still_duration }));
      },
      () => {}, // The default stays; the export itself reports what is wrong.
    );
    apiCall(endpoints.listMovieWorkflowNodes, { params: { movieId } }).then(
      (nodes) => current && setWorkflows(nodes.filter((node) => !node.hidden)),
      () => {}, // Without the list the export takes every workflow's takes.
    );
    return () => {
      current = false;
    };
  }, [open, movieId]);

  async function exportMovie() {
    if (movieStill !== null && choices.stillDuration !== movieStill) {
      const body = { still_duration: choices.stillDuration };
      const movie = await apiCall(endpoints.updateMovie, { params: { id: movieId }, body }).catch(() => null);
      if (movie) setMovieStill(movie.still_duration);
    }
    await save(() => saveMovieExport(movieId, choices), 'Export started');
  }

  async function save(saving: () => Promise<unknown>, started: string) {
    setBusy(true);
    try {
      await saving();
      toast.success(started);
    } catch (error) {
      toast.error(downloadErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  // The shot list and storyboard list the takes the timeline would ("Takes from").
  const listOptions = {
    params: { movieId },
    query: { workflow_node_id: choices.workflowNodeId || undefined },
  };
  const shotListUrl = endpointUrl(endpoints.exportShotList, listOptions);
  const storyboardUrl = endpointUrl(endpoints.exportStoryboard, listOptions);
  const footer = (
    <>
      <button type="button" onClick={onClose} className={`${BUTTON} text-neutral-300 hover:bg-white/10`}>
        Cancel
      </button>
      <button
        type="button"
        disabled={busy}
        onClick={() => void exportMovie()}
        className={`${BUTTON} bg-amber-400 font-semibold text-neutral-950 hover:bg-amber-300`}
      >
        {busy ? 'Preparing…' : 'Export'}
      </button>
    </>
  );

  return (
    <Dialog open={open} title="Export Movie" onClose={onClose} footer={footer} widthPx={520}>
      <div className="mt-4 space-y-4">
        <Field label="Format">
          <select
            className={FIELD}
            value={choices.format}
            onChange={(e) => set({ format: e.target.value as ExportFormat })}
          >
            {Object.entries(EXPORT_FORMATS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Frame rate">
            <select
              className={FIELD}
              value={choices.frameRate}
              onChange={(e) => set({ frameRate: e.target.value as ExportFrameRate })}
            >
              {EXPORT_FRAME_RATES.map((rate) => (
                <option key={rate} value={rate}>
                  {rate} fps
                </option>
              ))}
            </select>
          </Field>
          <Field label="Resolution">
            <select
              className={FIELD}
              value={choices.resolution}
              onChange={(e) => set({ resolution: e.target.value as ExportChoices['resolution'] })}
            >
              {EXPORT_RESOLUTIONS.map((size) => (
                <option key={size} value={size}>
                  {size.replace('x', ' × ')}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field label="Takes from">
          <select
            className={FIELD}
            value={choices.workflowNodeId}
            onChange={(e) => set({ workflowNodeId: e.target.value })}
          >
            <option value="">All workflows</option>
            {workflows.map((node) => (
              <option key={node.id} value={node.id}>
                {node.name || 'Untitled workflow'}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Still duration (seconds, kept with the movie)">
          <input
            type="number"
            className={FIELD}
            min={MIN_STILL_DURATION_SECONDS}
            max={MAX_STILL_DURATION_SECONDS}
            step={0.5}
            value={choices.stillDuration}
            onChange={(e) => set({ stillDuration: Number(e.target.value) })}
          />
        </Field>
        <p className="text-xs text-neutral-400">
          Takes: the one marked “Use as input” on each shot, else its newest successful take. The zip holds
          the timeline and a media folder; unpack it and open the timeline from there.
        </p>
        <div className="flex flex-wrap gap-2 border-t border-white/10 pt-4">
          <button
            type="button"
            disabled={busy}
            onClick={() => void save(() => saveFetchedFile(shotListUrl), 'Shot list downloaded')}
            className={`${BUTTON} bg-white/5 text-neutral-200 hover:bg-white/10`}
          >
            Shot list (CSV)
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => void save(() => saveFetchedFile(storyboardUrl), 'Storyboard downloaded')}
            className={`${BUTTON} bg-white/5 text-neutral-200 hover:bg-white/10`}
          >
            Storyboard (PDF)
          </button>
        </div>
      </div>
    </Dialog>
  );
}
