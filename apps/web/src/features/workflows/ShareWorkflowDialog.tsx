import { endpoints, SHARE_DIALOG_LIST_LIMIT, type SharedWorkflow } from '@cinegraph/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { apiCall } from '../../lib/api';
import { useStoredUser } from '../../lib/session';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import {
  EMPTY_SHARE_FORM,
  SHARE_MESSAGES,
  SHARE_SUCCESS_CLOSE_MS,
  shareFormError,
  shareRequest,
  type ShareForm,
} from './logic/shareForm';
import { errorMessage } from './workflowApi';

interface ShareWorkflowDialogProps {
  open: boolean;
  nodeId: string;
  onClose(): void;
}

const FIELD =
  'w-full rounded-lg border border-white/10 bg-neutral-950 px-3 py-2 text-sm text-neutral-100 outline-none focus:border-amber-400';

/** Publishes a workflow node's workflow, or updates one the user published before. */
export function ShareWorkflowDialog({ open, nodeId, onClose }: ShareWorkflowDialogProps) {
  const { userId } = useStoredUser();
  const ids = { title: useId(), description: useId(), mode: useId() };
  const [form, setForm] = useState<ShareForm>(EMPTY_SHARE_FORM);
  const [mine, setMine] = useState<SharedWorkflow[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  // The user's own shared workflows, read each time the dialog opens.
  useEffect(() => {
    if (!open || !userId) return;
    let live = true;
    apiCall(endpoints.listSharedWorkflows, { query: { user_id: userId, limit: SHARE_DIALOG_LIST_LIMIT } })
      .then((page) => live && setMine(page.workflows))
      .catch((failure: unknown) => console.error('Listing your shared workflows failed', failure));
    return () => {
      live = false;
    };
  }, [open, userId]);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => {
      setForm(EMPTY_SHARE_FORM);
      setSuccess(null);
      setError(null);
      closeRef.current();
    }, SHARE_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [success]);

  function pickMode(mode: string) {
    const existing = mine.find((item) => item._id === mode);
    setForm(
      existing ? { mode, title: existing.title, description: existing.description } : { ...form, mode },
    );
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    const invalid = shareFormError(form);
    if (invalid || !userId) {
      setError(invalid ?? SHARE_MESSAGES.failed);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const request = shareRequest(form, userId, nodeId);
      if (request.kind === 'share') await apiCall(endpoints.shareWorkflow, { body: request.body });
      else await apiCall(endpoints.updateSharedWorkflow, { body: request.body });
      setSuccess(request.kind === 'share' ? SHARE_MESSAGES.shared : SHARE_MESSAGES.updated);
    } catch (failure) {
      setError(errorMessage(failure, SHARE_MESSAGES.failed));
    } finally {
      setBusy(false);
    }
  }

  const blank = !form.title.trim();
  return (
    <Dialog
      open={open}
      title="Share Workflow"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            busy={busy}
            disabled={blank || success !== null}
            onClick={() => void submit()}
          >
            {form.mode === 'none' ? 'Share' : 'Update'}
          </Button>
        </>
      }
    >
      <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
        <p className="rounded-lg bg-amber-400/10 px-3 py-2 text-xs text-amber-300">
          {SHARE_MESSAGES.saveFirst}
        </p>
        {mine.length > 0 && (
          <label htmlFor={ids.mode} className="flex flex-col gap-1 text-xs text-neutral-400">
            Publish as
            <select
              id={ids.mode}
              className={FIELD}
              value={form.mode}
              onChange={(e) => pickMode(e.target.value)}
            >
              <option value="none">A new shared workflow</option>
              {mine.map((item) => (
                <option key={item._id} value={item._id}>
                  Update “{item.title}”
                </option>
              ))}
            </select>
          </label>
        )}
        <label htmlFor={ids.title} className="flex flex-col gap-1 text-xs text-neutral-400">
          Title
          <input
            id={ids.title}
            className={FIELD}
            value={form.title}
            maxLength={200}
            onChange={(e) => setForm({ ...form, title: e.target.value })}
          />
        </label>
        <label htmlFor={ids.description} className="flex flex-col gap-1 text-xs text-neutral-400">
          Description
          <textarea
            id={ids.description}
            className={`${FIELD} min-h-20`}
            value={form.description}
            maxLength={5000}
            onChange={(e) => setForm({ ...form, description: e.target.value })}
          />
        </label>
        {error && (
          <p role="alert" className="text-xs text-red-400">
            {error}
          </p>
        )}
        {success && (
          <p role="status" className="text-xs text-emerald-400">
            {success}
          </p>
        )}
      </form>
    </Dialog>
  );
}
