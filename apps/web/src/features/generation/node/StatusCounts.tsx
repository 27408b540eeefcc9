import { endpoints } from '@cinegraph/contracts';
import { useState } from 'react';
import { apiCall } from '../../../lib/api';
import type { DisplayCounts } from '../logic/statusCounts';

const CELL = 'flex flex-col-reverse items-center rounded-md bg-neutral-950/60 px-1 py-1';

/** Pending, running, success and failed; hovering pending turns it into a button cancelling them all. */
export function StatusCounts({
  nodeId,
  counts,
  onCancelled,
}: {
  nodeId: string;
  counts: DisplayCounts;
  onCancelled(): void;
}) {
  const [hover, setHover] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  async function cancelAll() {
    setCancelling(true);
    try {
      await apiCall(endpoints.cancelNodeGenerations, { params: { nodeId } });
    } catch (error) {
      console.warn('Cancelling the generations failed', error);
    }
    setCancelling(false);
    onCancelled();
  }

  return (
    <dl aria-label="Generation status" className="mt-2 grid grid-cols-4 gap-1 text-center text-[10px]">
      <div
        onMouseEnter={() => setHover(true)}
        onMouseLeave={() => setHover(false)}
        className={`${CELL} ${hover ? 'bg-red-600/80' : ''}`}
      >
        {hover ? (
          <button
            type="button"
            aria-label="Cancel all pending generations"
            onClick={() => void cancelAll()}
            disabled={cancelling}
            className="flex size-full flex-col items-center font-semibold text-white"
          >
            <span className="text-sm">✕</span>
            <span>Cancel all</span>
          </button>
        ) : (
          <Count label="Pending" value={counts.pending} className="text-amber-300" />
        )}
      </div>
      <div className={CELL}>
        <Count label="Running" value={counts.running} className="text-sky-300" />
      </div>
      <div className={CELL}>
        <Count label="Success" value={counts.success} className="text-emerald-300" />
      </div>
      <div className={CELL}>
        <Count label="Failed" value={counts.failed} className="text-red-300" />
      </div>
    </dl>
  );
}

function Count({ label, value, className }: { label: string; value: number; className: string }) {
  return (
    <>
      <dt className="text-neutral-400">{label}</dt>
      <dd className={`text-sm font-semibold ${className}`} data-testid={`count-${label.toLowerCase()}`}>
        {value}
      </dd>
    </>
  );
}
