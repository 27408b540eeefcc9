import type { SceneShots } from '../logic/shotSelection';

/**
 * One scene of the generate modal: collapsed at first, its shots as checkboxes; an invalid one is disabled
 * and says which inputs it is missing.
 */
export function SceneShotsPanel({
  group,
  selected,
  onToggle,
}: {
  group: SceneShots;
  selected: ReadonlySet<string>;
  onToggle(shotId: string): void;
}) {
  const count = group.shots.filter((shot) => selected.has(shot.shot_id)).length;
  return (
    <details className="group rounded-xl border border-white/10 bg-neutral-950/60">
      <summary className="flex cursor-pointer items-center justify-between gap-3 px-4 py-3 font-medium text-neutral-100">
        <span>{group.title || 'Untitled scene'}</span>
        <span className="text-xs text-neutral-400">
          {count} of {group.shots.length} selected
        </span>
      </summary>
      <ul className="space-y-1 px-4 pb-3">
        {group.shots.map((shot, position) => (
          <li key={shot.shot_id}>
            <label
              className={`flex items-start gap-3 rounded-lg px-2 py-1.5 ${
                shot.valid ? 'cursor-pointer hover:bg-white/5' : 'cursor-not-allowed'
              }`}
            >
              <input
                type="checkbox"
                checked={selected.has(shot.shot_id)}
                disabled={!shot.valid}
                onChange={() => onToggle(shot.shot_id)}
                className="mt-0.5 size-4 accent-amber-400 disabled:opacity-50"
              />
              <span>
                <span className={shot.valid ? undefined : 'opacity-50'}>
                  <span className="mr-2 text-neutral-500">Shot {position + 1}</span>
                  {shot.description || 'No description'}
                </span>
                {!shot.valid && shot.missing.length > 0 && (
                  <span className="block text-xs text-amber-300/90" data-testid="shot-missing">
                    Missing: {shot.missing.join(', ')}
                  </span>
                )}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </details>
  );
}
