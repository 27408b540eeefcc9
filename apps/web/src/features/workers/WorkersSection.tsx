import { endpoints, type OwnWorker } from '@cinegraph/contracts';
import { useState } from 'react';
import useSWR from 'swr';
import { apiCall, endpointUrl } from '../../lib/api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/toast';
import { AddWorkerForm } from './AddWorkerForm';
import { useOwnWorkers } from './useOwnWorkers';
import { failureMessage } from './workerForm';
import { WorkerItem } from './WorkerItem';

/** The account page's "ComfyUI Workers": the user's own ComfyUI instances that run their jobs. */
export function WorkersSection() {
  const { data: workers, error, isLoading, mutate, add, update, remove } = useOwnWorkers();
  const toast = useToast();
  const [removing, setRemoving] = useState<OwnWorker | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: rules } = useSWR(endpointUrl(endpoints.ownWorkerRules), () =>
    apiCall(endpoints.ownWorkerRules),
  );

  async function confirmRemove() {
    if (!removing) return;
    setBusy(true);
    try {
      await remove(removing._id);
      toast.success(`${removing.label} removed`);
      setRemoving(null);
    } catch (failure) {
      toast.error(failureMessage(failure));
      setRemoving(null);
      void mutate();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="workers-heading" className="mt-12">
      <h2 id="workers-heading" className="text-xl font-semibold tracking-tight text-white">
        ComfyUI Workers
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-neutral-400">
        Add a ComfyUI you run yourself, reachable from the studio by its address. It runs only your jobs, next
        to the shared workers; its health is checked every 15 seconds and jobs go only to healthy workers.
      </p>
      {rules && (
        <p data-testid="private-addresses" className="mt-2 max-w-2xl text-sm text-neutral-400">
          {rules.private_addresses_allowed
            ? 'This studio also reaches workers on private and local addresses (its USER_WORKERS_ALLOW_PRIVATE is on), such as a GPU box at http://127.0.0.1:8188 or on your own network.'
            : 'This studio reaches workers only at public internet addresses; whoever runs it can allow private and local ones (a GPU box on the same network) with USER_WORKERS_ALLOW_PRIVATE=true.'}
        </p>
      )}

      <div className="mt-5 grid gap-3">
        {workers ? (
          workers.length > 0 ? (
            <ul className="grid gap-3" aria-label="Your workers">
              {workers.map((worker) => (
                <WorkerItem
                  key={worker._id}
                  worker={worker}
                  onSave={(changes) => update(worker._id, changes)}
                  onRemove={() => setRemoving(worker)}
                />
              ))}
            </ul>
          ) : (
            <p className="rounded-xl border border-dashed border-white/10 px-4 py-6 text-center text-sm text-neutral-500">
              No workers of your own yet. Your jobs run on the shared workers.
            </p>
          )
        ) : error ? (
          <p role="alert" className="text-sm text-red-300">
            Failed to load your workers.{' '}
            <button type="button" className="underline" onClick={() => void mutate()}>
              Try again
            </button>
          </p>
        ) : isLoading ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading your workers" />
          </div>
        ) : null}
        <AddWorkerForm
          onAdd={async (body) => {
            const worker = await add(body);
            toast.success(`${worker.label} added`);
          }}
        />
      </div>

      <ConfirmDialog
        open={removing !== null}
        title="Remove worker"
        message={`Remove ${removing?.label ?? 'this worker'} (${removing?.url ?? ''})? Your jobs will no longer run on it.`}
        confirmLabel="Remove"
        variant="delete"
        busy={busy}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
