import {
  MAX_WORKER_CAPACITY,
  MAX_WORKER_LABEL_LENGTH,
  MIN_WORKER_CAPACITY,
  type OwnWorker,
} from '@cinegraph/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/Button';
import { PencilIcon, TrashIcon } from '../../ui/icons';
import { FIELD } from './fieldStyles';
import { CAPACITY_MESSAGE, failureMessage, parseCapacity } from './workerForm';
import { workerHealth, workerLoad } from './workerHealth';

interface WorkerItemProps {
  worker: OwnWorker;
  onSave(changes: { label: string; capacity: number }): Promise<unknown>;
  onRemove(): void;
}

const DOT = { healthy: 'bg-emerald-400 shadow-[0_0_8px] shadow-emerald-400/60', down: 'bg-red-500' } as const;

/** One worker: health dot, name, address, load; Edit turns name and jobs at once into fields. */
export function WorkerItem({ worker, onSave, onRemove }: WorkerItemProps) {
  const [editing, setEditing] = useState(false);
  const health = workerHealth(worker);
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-white/10 bg-neutral-900/60 p-4 sm:flex-row sm:items-start"
      aria-label={`Worker ${worker.label}`}
    >
      <span
        className={`mt-1.5 size-2.5 shrink-0 rounded-full ${DOT[health.tone]}`}
        role="img"
        aria-label={health.label}
        title={health.label}
      />
      <div className="min-w-0 flex-1">
        {editing ? (
          <WorkerEditForm worker={worker} onSave={onSave} onDone={() => setEditing(false)} />
        ) : (
          <>
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <h3 className="truncate font-medium text-white">{worker.label}</h3>
              <span
                className={`text-xs font-medium ${health.tone === 'healthy' ? 'text-emerald-300' : 'text-red-300'}`}
              >
                {health.label}
              </span>
            </div>
            <p className="truncate font-mono text-xs text-neutral-400">{worker.url}</p>
            <p className="mt-1 text-xs text-neutral-500">{workerLoad(worker)}</p>
            {worker.webhook && <ComfyApiSettings webhook={worker.webhook} />}
            {health.detail && (
              <p
                className={`mt-1 text-xs break-words ${health.tone === 'down' ? 'text-red-300/80' : 'text-neutral-500'}`}
              >
                {health.detail}
              </p>
            )}
          </>
        )}
      </div>
      {!editing && (
        <div className="flex shrink-0 gap-2">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setEditing(true)}
            aria-label={`Edit ${worker.label}`}
          >
            <PencilIcon />
            Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${worker.label}`}>
            <TrashIcon />
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}

/** The settings a user's own comfyui-api server needs: its own secret, so no one else can sign for it. */
function ComfyApiSettings({ webhook }: { webhook: NonNullable<OwnWorker['webhook']> }) {
  return (
    <details className="mt-2 text-xs text-neutral-400">
      <summary className="cursor-pointer">comfyui-api settings</summary>
      <p className="mt-1">Start the server with these (its webhook deliveries are refused otherwise):</p>
      <dl className="mt-1 grid gap-1 font-mono break-all">
        <dt className="text-neutral-500">WEBHOOK_SECRET</dt>
        <dd className="select-all text-neutral-300">{webhook.secret}</dd>
        <dt className="text-neutral-500">SYSTEM_WEBHOOK_URL (for live progress)</dt>
        <dd className="select-all text-neutral-300">{webhook.url}</dd>
        <dt className="text-neutral-500">SYSTEM_WEBHOOK_EVENTS</dt>
        <dd className="select-all text-neutral-300">execution_start,progress</dd>
      </dl>
    </details>
  );
}

function WorkerEditForm({
  worker,
  onSave,
  onDone,
}: {
  worker: OwnWorker;
  onSave: WorkerItemProps['onSave'];
  onDone(): void;
}) {
  const [label, setLabel] = useState(worker.label);
  const [capacity, setCapacity] = useState(String(worker.capacity));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const jobs = parseCapacity(capacity);
    if (jobs === null) return setError(CAPACITY_MESSAGE);
    setSaving(true);
    try {
      await onSave({ label: label.trim(), capacity: jobs });
      onDone();
    } catch (failure) {
      setError(failureMessage(failure));
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label={`Edit ${worker.label}`} className="grid gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <label className="grid min-w-40 flex-1 gap-1 text-xs font-medium text-neutral-400">
          Name
          <input
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            maxLength={MAX_WORKER_LABEL_LENGTH}
            readOnly={saving}
            autoFocus
            className={FIELD}
          />
        </label>
        <label className="grid w-28 gap-1 text-xs font-medium text-neutral-400">
          Jobs at once
          <input
            type="number"
            min={MIN_WORKER_CAPACITY}
            max={MAX_WORKER_CAPACITY}
            value={capacity}
            onChange={(e) => setCapacity(e.target.value)}
            readOnly={saving}
            className={FIELD}
          />
        </label>
        <Button type="submit" size="sm" variant="primary" busy={saving} className="mb-0.5">
          Save
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone} disabled={saving} className="mb-0.5">
          Cancel
        </Button>
      </div>
      <p className="truncate font-mono text-xs text-neutral-500">{worker.url}</p>
      {error && (
        <p role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
    </form>
  );
}
