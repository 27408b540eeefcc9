import type { SceneShots } from '../logic/shotSelection';

/** One scene of the generate modal: collapsed at first, its shots as checkboxes (invalid ones disabled). */
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
                shot.valid ? 'cursor-pointer hover:bg-white/5' : 'cursor-not-allowed opacity-50'
              }`}
              title={shot.valid ? undefined : 'Some inputs of this shot are missing'}
            >
              <input
                type="checkbox"
                checked={selected.has(shot.shot_id)}
                disabled={!shot.valid}
                onChange={() => onToggle(shot.shot_id)}
                className="mt-0.5 size-4 accent-amber-400"
              />
              <span>
                <span className="mr-2 text-neutral-500">Shot {position + 1}</span>
                {shot.description || 'No description'}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </details>
  );
}
