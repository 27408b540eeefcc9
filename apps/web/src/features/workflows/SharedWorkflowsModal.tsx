import type { SharedWorkflow } from '@cinegraph/contracts';
import { useState } from 'react';
import { useStoredUser } from '../../lib/session';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { SharedWorkflowCard } from './SharedWorkflowCard';
import { BROWSER_MESSAGES, useSharedWorkflows } from './useSharedWorkflows';

interface SharedWorkflowsModalProps {
  open: boolean;
  onClose(): void;
  /** Puts the chosen workflow into a node; the modal closes once it resolves. */
  onLoad(workflow: SharedWorkflow): Promise<void>;
}

/** The community's shared workflows: search, most liked first, votes, and Load into a node. */
export function SharedWorkflowsModal({ open, onClose, onLoad }: SharedWorkflowsModalProps) {
  return (
    <Dialog
      open={open}
      title="Shared Workflows"
      onClose={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {open && <SharedWorkflowsList onLoad={onLoad} onClose={onClose} />}
    </Dialog>
  );
}

function SharedWorkflowsList({ onLoad, onClose }: Omit<SharedWorkflowsModalProps, 'open'>) {
  const { userId } = useStoredUser();
  const list = useSharedWorkflows(userId);
  const [loadingId, setLoadingId] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  async function load(workflow: SharedWorkflow) {
    setLoadingId(workflow._id);
    setLoadError(null);
    try {
      await onLoad(workflow);
      onClose();
    } catch (failure) {
      console.error('Loading the shared workflow failed', failure);
      setLoadError(failure instanceof Error ? failure.message : 'Request failed');
    } finally {
      setLoadingId(null);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <input
        type="search"
        aria-label="Search shared workflows"
        placeholder="Search workflows…"
        value={list.search}
        onChange={(event) => list.setSearch(event.target.value)}
        className="w-full rounded-lg border border-white/10 bg-neutral-950 px-3 py-2 text-sm text-neutral-100 outline-none focus:border-amber-400"
      />
      {(list.error ?? loadError) && (
        <p role="alert" className="text-xs text-red-400">
          {list.error ?? loadError}
        </p>
      )}
      <ul className="flex max-h-80 flex-col gap-2 overflow-y-auto">
        {list.items.map((workflow) => (
          <SharedWorkflowCard
            key={workflow._id}
            workflow={workflow}
            userId={userId}
            loading={loadingId === workflow._id}
            onVote={(action) => void list.vote(workflow, action)}
            onDelete={() => void list.remove(workflow._id)}
            onLoad={() => void load(workflow)}
          />
        ))}
      </ul>
      {list.loading && <Spinner size="sm" label="Loading workflows" />}
      {!list.loading && !list.error && list.items.length === 0 && (
        <p className="py-4 text-center text-sm text-neutral-500">{BROWSER_MESSAGES.empty}</p>
      )}
      {list.hasMore && !list.loading && (
        <Button size="sm" onClick={list.loadMore}>
          Load More
        </Button>
      )}
    </div>
  );
}
