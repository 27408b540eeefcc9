import type { GenerateEstimate } from '@cinegraph/contracts';
import { estimateLines } from '../logic/estimateLines';

/** The batch's cost before it starts: jobs, GPU time, wait, and what the tier has left. */
export function GenerateEstimateSummary({ estimate, error }: { estimate?: GenerateEstimate; error?: Error }) {
  if (error) return <p className="mt-3 text-sm text-red-400">Cost estimate: {error.message}</p>;
  if (!estimate) return null;
  return (
    <dl
      aria-label="Cost estimate"
      className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl border border-white/10 bg-neutral-950/60 p-3 text-sm"
    >
      {estimateLines(estimate).map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-neutral-400">{label}</dt>
          <dd className="text-neutral-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
