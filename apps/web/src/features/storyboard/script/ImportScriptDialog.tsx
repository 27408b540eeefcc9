import {
  endpoints,
  type ImportResult,
  type Movie,
  type ScriptPreview,
  type TemplateKey,
} from '@cinegraph/contracts';
import { useState, type ChangeEvent } from 'react';
import { apiCall } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { bytesToBase64, SCRIPT_ACCEPT, scriptFileProblem } from './scriptFile';
import { ScriptPreviewView } from './ScriptPreviewView';

/** Where the script goes: into a movie, or into a new movie on a template's graph (or blank). */
export type ImportTarget = { movieId: string } | { newMovie: true };

export type ImportDone = { result: ImportResult } | { movie: Movie };

interface Source {
  filename: string;
  data?: string;
  text?: string;
}

const FIELD =
  'w-full rounded-lg border border-white/10 bg-neutral-950 px-3 py-2 font-mono text-xs text-neutral-100 outline-none focus:border-amber-400';

const STARTS: { value: TemplateKey | 'blank'; label: string }[] = [
  { value: 'text-to-video', label: 'Text to video template' },
  { value: 'lip-sync', label: 'Lip sync template' },
  { value: 'blank', label: 'Blank movie' },
];

/**
 * Import Script: a Fountain or Final Draft file (or pasted Fountain) is previewed first, nothing
 * written, then applied in one call; a re-import merges and removes only what the user ticks.
 */
export function ImportScriptDialog({
  target,
  onClose,
  onDone,
}: {
  target: ImportTarget;
  onClose(): void;
  onDone(done: ImportDone): void;
}) {
  const [file, setFile] = useState<Source | null>(null);
  const [pasted, setPasted] = useState('');
  const [start, setStart] = useState<TemplateKey | 'blank'>('text-to-video');
  const [preview, setPreview] = useState<ScriptPreview | null>(null);
  const [remove, setRemove] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const source: Source | null = file ?? (pasted.trim() ? { filename: '', text: pasted } : null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    setPreview(null);
    const problem = scriptFileProblem(chosen.name, chosen.size);
    if (problem) {
      setFile(null);
      return setError(problem);
    }
    setError(null);
    setFile({ filename: chosen.name, data: bytesToBase64(new Uint8Array(await chosen.arrayBuffer())) });
  }

  async function run<T>(call: () => Promise<T>, then: (value: T) => void) {
    setBusy(true);
    setError(null);
    try {
      then(await call());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The script could not be imported.');
    } finally {
      setBusy(false);
    }
  }

  const showPreview = () =>
    source &&
    run(
      () =>
        'movieId' in target
          ? apiCall(endpoints.previewScript, { params: { movieId: target.movieId }, body: source })
          : apiCall(endpoints.previewNewMovieScript, { body: source }),
      (answer) => {
        setRemove(new Set());
        setPreview(answer);
      },
    );

  const apply = () =>
    source &&
    preview &&
    run(
      async (): Promise<ImportDone> =>
        'movieId' in target
          ? {
              result: await apiCall(endpoints.applyScript, {
                params: { movieId: target.movieId },
                body: { ...source, fingerprint: preview.fingerprint, remove: [...remove] },
              }),
            }
          : {
              movie: await apiCall(endpoints.importNewMovieScript, {
                body: { ...source, template: start === 'blank' ? null : start },
              }),
            },
      onDone,
    );

  function toggle(id: string) {
    setRemove((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }

  const footer = preview ? (
    <>
      <Button variant="ghost" onClick={() => setPreview(null)} disabled={busy}>
        Back
      </Button>
      <Button onClick={onClose} disabled={busy}>
        Cancel
      </Button>
      <Button variant="primary" onClick={() => void apply()} busy={busy}>
        Apply
      </Button>
    </>
  ) : (
    <>
      <Button onClick={onClose} disabled={busy}>
        Cancel
      </Button>
      <Button variant="primary" onClick={() => void showPreview()} disabled={!source} busy={busy}>
        Preview
      </Button>
    </>
  );

  return (
    <Dialog open title="Import Script" onClose={() => !busy && onClose()} widthPx={880} footer={footer}>
      {preview ? (
        <ScriptPreviewView preview={preview} remove={remove} onToggleRemove={toggle} />
      ) : (
        <div className="flex flex-col gap-4">
          <p>
            A Fountain (.fountain, .spmd, .txt) or Final Draft (.fdx) script becomes scenes, shots and
            characters. You see the breakdown before anything is written; importing an edited script again
            keeps the shots it still holds, with their inputs and takes.
          </p>
          <label className="flex flex-col gap-1.5">
            <span className="text-xs font-medium text-neutral-400">Script file</span>
            <input
              type="file"
              accept={SCRIPT_ACCEPT}
              onChange={(event) => void choose(event)}
              className="text-xs file:mr-3 file:rounded-lg file:border-0 file:bg-neutral-800 file:px-3 file:py-2 file:text-neutral-100"
            />
            {file && (
              <span className="flex items-center gap-2 text-xs text-neutral-300">
                Chosen: {file.filename}
                <button
                  type="button"
                  className="text-amber-300 hover:underline"
                  onClick={() => setFile(null)}
                >
                  Clear
                </button>
              </span>
            )}
          </label>
          <label className="flex flex-col gap-1.5">
            <span className="text-xs font-medium text-neutral-400">Or paste Fountain text</span>
            <textarea
              rows={6}
              value={pasted}
              disabled={file !== null}
              onChange={(event) => setPasted(event.target.value)}
              placeholder={'INT. KITCHEN - NIGHT\n\nAnn opens the fridge.\n\nANN\nWho ate the cake?'}
              className={FIELD}
            />
          </label>
          {'newMovie' in target && (
            <fieldset className="flex flex-wrap gap-4 text-xs">
              <legend className="mb-1.5 font-medium text-neutral-400">Start the movie from</legend>
              {STARTS.map((option) => (
                <label key={option.value} className="flex items-center gap-1.5">
                  <input
                    type="radio"
                    name="script-start"
                    className="accent-amber-400"
                    checked={start === option.value}
                    onChange={() => setStart(option.value)}
                  />
                  {option.label}
                </label>
              ))}
            </fieldset>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className="mt-4 rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-300">
          {error}
        </p>
      )}
    </Dialog>
  );
}
