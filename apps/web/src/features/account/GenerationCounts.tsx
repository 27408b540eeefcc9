import type { GenerationsStatusCount } from '@cinegraph/contracts';

const LABELS: [keyof GenerationsStatusCount, string, string][] = [
  ['PENDING', 'Pending', 'text-neutral-200'],
  ['RUNNING', 'Running', 'text-sky-300'],
  ['SUCCESS', 'Success', 'text-emerald-300'],
  ['FAILED', 'Failed', 'text-red-300'],
  ['CANCELLED', 'Cancelled', 'text-neutral-400'],
];

/** The user's generations by status, as the spec labels them. */
export function GenerationCounts({ counts }: { counts: GenerationsStatusCount }) {
  return (
    <section aria-labelledby="generations-heading" className="mt-10">
      <h2 id="generations-heading" className="text-xl font-semibold tracking-tight text-white">
        Generations
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-5">
        {LABELS.map(([key, label, color]) => (
          <div key={key} className="rounded-xl border border-white/10 bg-neutral-900/60 px-4 py-3">
            <dt className="text-xs text-neutral-400">{label}</dt>
            <dd className={`mt-1 text-xl font-semibold ${color}`} aria-label={`${label}: ${counts[key]}`}>
              {counts[key]}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
