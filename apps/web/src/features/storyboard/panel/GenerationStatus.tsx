import type { LevelStats } from '../logic/newOutput';
import { statusRows } from '../logic/newOutput';

/** The 'Generation Status' block of a shot, or of all the shots of a scene. */
export function GenerationStatus({
  level,
  stats,
}: {
  level: 'scene' | 'shot';
  stats: LevelStats | undefined;
}) {
  const heading = level === 'scene' ? 'Generation Status (All Shots)' : 'Generation Status';
  const rows = stats ? statusRows(stats) : [];
  const total = rows.at(-1)?.count ?? 0;
  return (
    <section aria-label={heading} className="rounded-xl border border-white/10 bg-neutral-950/60 p-4">
      <h3 className="text-sm font-semibold text-neutral-200">{heading}</h3>
      {!stats ? (
        <p className="mt-2 text-sm text-neutral-500">Loading...</p>
      ) : total === 0 ? (
        <p className="mt-2 text-sm text-neutral-500">
          {level === 'scene' ? 'No generations in this scene' : 'No generations for this shot'}
        </p>
      ) : (
        <dl className="mt-3 grid grid-cols-5 gap-2 text-center">
          {rows.map((row) => (
            <div key={row.label} className="rounded-lg bg-white/5 px-1 py-2">
              <dt className="text-[10px] tracking-wide text-neutral-400 uppercase">{row.label}</dt>
              <dd className="text-lg font-semibold text-neutral-100">{row.count}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
