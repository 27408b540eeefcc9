import {
  MAX_WORKER_CAPACITY,
  MAX_WORKER_LABEL_LENGTH,
  MIN_WORKER_CAPACITY,
  WORKER_BACKEND_NAMES,
  WORKER_BACKENDS,
  type AddWorkerBody,
} from '@cinegraph/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { PlusIcon } from '../../ui/icons';
import {
  EMPTY_WORKER_DRAFT,
  failureMessage,
  HEALTH_PATHS,
  validateWorkerDraft,
  type WorkerDraft,
} from './workerForm';
import { FIELD } from './fieldStyles';

interface AddWorkerFormProps {
  onAdd(body: AddWorkerBody): Promise<unknown>;
}

const PLACEHOLDERS: Record<WorkerDraft['backend'], string> = {
  comfyui: 'https://my-comfy.example.com',
  'comfyui-api': 'https://my-comfyui-api.example.com',
  runpod: 'https://api.runpod.ai/v2/your-endpoint-id',
};

const ADDRESS_LABELS: Record<WorkerDraft['backend'], string> = {
  comfyui: 'ComfyUI address',
  'comfyui-api': 'comfyui-api address',
  runpod: 'RunPod endpoint address',
};

/** Kind, address, name and jobs at once; the server asks the worker for its health before it saves. */
export function AddWorkerForm({ onAdd }: AddWorkerFormProps) {
  const [draft, setDraft] = useState<WorkerDraft>(EMPTY_WORKER_DRAFT);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const set = (field: keyof WorkerDraft) => (event: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [field]: event.target.value }) as WorkerDraft);
    setError(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (checking) return;
    const checked = validateWorkerDraft(draft);
    if (!checked.ok) return setError(checked.error);
    setChecking(true);
    try {
      await onAdd(checked.body);
      setDraft(EMPTY_WORKER_DRAFT);
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setChecking(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      aria-label="Add a ComfyUI worker"
      className="rounded-xl border border-white/10 bg-neutral-900/60 p-4"
    >
      <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,2fr)_minmax(0,1fr)_7rem]">
        <label className="grid gap-1 text-xs font-medium text-neutral-400">
          Kind
          <select value={draft.backend} onChange={set('backend')} disabled={checking} className={FIELD}>
            {WORKER_BACKENDS.map((backend) => (
              <option key={backend} value={backend}>
                {WORKER_BACKEND_NAMES[backend]}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-xs font-medium text-neutral-400">
          {ADDRESS_LABELS[draft.backend]}
          <input
            value={draft.url}
            onChange={set('url')}
            placeholder={PLACEHOLDERS[draft.backend]}
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            readOnly={checking}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={FIELD}
          />
        </label>
        <label className="grid gap-1 text-xs font-medium text-neutral-400">
          Name
          <input
            value={draft.label}
            onChange={set('label')}
            placeholder="Studio GPU"
            maxLength={MAX_WORKER_LABEL_LENGTH}
            readOnly={checking}
            className={FIELD}
          />
        </label>
        <label className="grid gap-1 text-xs font-medium text-neutral-400">
          Jobs at once
          <input
            type="number"
            min={MIN_WORKER_CAPACITY}
            max={MAX_WORKER_CAPACITY}
            step={1}
            value={draft.capacity}
            onChange={set('capacity')}
            readOnly={checking}
            className={FIELD}
          />
        </label>
      </div>
      {draft.backend === 'runpod' && (
        <label className="mt-3 grid gap-1 text-xs font-medium text-neutral-400">
          RunPod API key
          <input
            type="password"
            value={draft.apiKey}
            onChange={set('apiKey')}
            placeholder="Leave empty for a worker-comfyui container serving its API locally"
            autoComplete="off"
            readOnly={checking}
            className={FIELD}
          />
        </label>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-neutral-500">
          {checking
            ? `Asking the worker for its ${HEALTH_PATHS[draft.backend]}…`
            : 'It runs only your jobs, beside the shared workers.'}
        </p>
        <Button type="submit" variant="primary" busy={checking}>
          {!checking && <PlusIcon />}
          {checking ? 'Checking…' : 'Add worker'}
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-3 rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-300">
          {error}
        </p>
      )}
    </form>
  );
}
