import { MAX_WORKER_CAPACITY, MAX_WORKER_LABEL_LENGTH, MIN_WORKER_CAPACITY } from '@cinegraph/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { PlusIcon } from '../../ui/icons';
import { EMPTY_WORKER_DRAFT, failureMessage, validateWorkerDraft, type WorkerDraft } from './workerForm';
import { FIELD } from './fieldStyles';

interface AddWorkerFormProps {
  onAdd(body: { url: string; label: string; capacity: number }): Promise<unknown>;
}

/** Address, name and jobs at once; the server asks the address's /system_stats before it saves. */
export function AddWorkerForm({ onAdd }: AddWorkerFormProps) {
  const [draft, setDraft] = useState<WorkerDraft>(EMPTY_WORKER_DRAFT);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const set = (field: keyof WorkerDraft) => (event: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [field]: event.target.value }));
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
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_7rem]">
        <label className="grid gap-1 text-xs font-medium text-neutral-400">
          ComfyUI address
          <input
            value={draft.url}
            onChange={set('url')}
            placeholder="https://my-comfy.example.com"
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
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-neutral-500">
          {checking
            ? 'Asking the worker for its /system_stats…'
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
