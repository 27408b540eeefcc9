import type { ImportChange, PlannedScene, RemovableItem, ScriptPreview } from '@cinegraph/contracts';
import { countsText, importCounts } from './scriptFile';

const BADGE: Record<ImportChange, { label: string; className: string }> = {
  add: { label: 'new', className: 'bg-emerald-500/15 text-emerald-300 ring-emerald-400/30' },
  change: { label: 'changed', className: 'bg-amber-500/15 text-amber-300 ring-amber-400/30' },
  keep: { label: 'unchanged', className: 'bg-white/5 text-neutral-400 ring-white/10' },
};

function ChangeBadge({ change }: { change: ImportChange }) {
  const { label, className } = BADGE[change];
  return (
    <span
      className={`shrink-0 rounded-full px-2 py-0.5 text-[11px] font-medium ring-1 ring-inset ${className}`}
    >
      {label}
    </span>
  );
}

const takes = (n: number) => (n === 1 ? '1 take' : `${n} takes`);

/** The breakdown before anything is written: what the import adds, changes, keeps and could remove. */
export function ScriptPreviewView({
  preview,
  remove,
  onToggleRemove,
}: {
  preview: ScriptPreview;
  remove: ReadonlySet<string>;
  onToggleRemove(id: string): void;
}) {
  const counts = importCounts(preview);
  return (
    <div className="flex flex-col gap-5" data-testid="script-preview">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-xl bg-neutral-950/60 p-4 text-xs sm:grid-cols-4">
        <dt className="text-neutral-500">Title</dt>
        <dd className="text-neutral-200 sm:col-span-3">
          {preview.title}
          {preview.title_changes && <span className="ml-2 text-amber-300">(from the title page)</span>}
        </dd>
        <dt className="text-neutral-500">Scenes</dt>
        <dd className="text-neutral-200 sm:col-span-3">{countsText(counts.scenes)}</dd>
        <dt className="text-neutral-500">Shots</dt>
        <dd className="text-neutral-200 sm:col-span-3">{countsText(counts.shots)}</dd>
        <dt className="text-neutral-500">Characters</dt>
        <dd className="text-neutral-200 sm:col-span-3">{countsText(counts.characters)}</dd>
      </dl>

      <section aria-label="Characters">
        <h3 className="mb-2 text-xs font-semibold tracking-wider text-neutral-400 uppercase">Characters</h3>
        <ul className="flex flex-wrap gap-2">
          {preview.characters.map((c) => (
            <li key={c.name} className="flex items-center gap-2 rounded-lg bg-white/5 px-2.5 py-1 text-xs">
              <span className="font-medium text-neutral-100">{c.name}</span>
              <span className="text-neutral-500">{c.lines === 1 ? '1 line' : `${c.lines} lines`}</span>
              <ChangeBadge change={c.change} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-label="Scenes" className="flex flex-col gap-3">
        <h3 className="text-xs font-semibold tracking-wider text-neutral-400 uppercase">Scenes and shots</h3>
        {preview.scenes.map((scene, i) => (
          <SceneRows key={`${i}-${scene.heading}`} scene={scene} position={i + 1} />
        ))}
      </section>

      {preview.removable.length > 0 && (
        <section aria-label="No longer in the script" className="rounded-xl border border-red-500/20 p-4">
          <h3 className="text-xs font-semibold tracking-wider text-red-300 uppercase">
            No longer in the script
          </h3>
          <p className="mt-1 text-xs text-neutral-400">
            These stay in the movie unless you tick them. A ticked item is deleted with its takes.
          </p>
          <ul className="mt-3 flex flex-col gap-1.5">
            {preview.removable.map((item) => (
              <RemovableRow
                key={item.id}
                item={item}
                ticked={remove.has(item.id)}
                onToggle={onToggleRemove}
              />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function SceneRows({ scene, position }: { scene: PlannedScene; position: number }) {
  return (
    <article className="rounded-xl border border-white/10 bg-neutral-950/40 p-3" data-testid="preview-scene">
      <header className="flex flex-wrap items-center gap-2">
        <span className="text-xs text-neutral-500">{scene.number ?? position}</span>
        <h4 className="font-medium text-neutral-100">
          {scene.heading || '(before the first scene heading)'}
        </h4>
        <ChangeBadge change={scene.change} />
      </header>
      <p className="mt-1 text-xs text-neutral-400">
        {[scene.int_ext, scene.location, scene.time_of_day].filter(Boolean).join(' · ')}
        {scene.description && <span className="ml-2 text-neutral-500 italic">{scene.description}</span>}
      </p>
      <ol className="mt-2 flex flex-col gap-1.5">
        {scene.shots.map((shot, j) => (
          <li key={j} className="flex items-start gap-2 rounded-lg bg-white/[0.03] px-2.5 py-1.5 text-xs">
            <span className="w-5 shrink-0 text-neutral-500">{j + 1}</span>
            <div className="min-w-0 flex-1">
              <p className="whitespace-pre-line text-neutral-200">{shot.description}</p>
              {shot.dialogue && (
                <p className="mt-0.5 whitespace-pre-line text-sky-300/90">
                  <span className="text-neutral-500">Dialogue: </span>
                  {shot.dialogue}
                </p>
              )}
              {(shot.characters.length > 0 || shot.camera_angle || shot.takes > 0) && (
                <p className="mt-0.5 text-neutral-500">
                  {[
                    shot.characters.join(', '),
                    shot.camera_angle && `Camera: ${shot.camera_angle}`,
                    shot.takes > 0 && `${takes(shot.takes)} kept`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              )}
            </div>
            <ChangeBadge change={shot.change} />
          </li>
        ))}
      </ol>
    </article>
  );
}

function RemovableRow({
  item,
  ticked,
  onToggle,
}: {
  item: RemovableItem;
  ticked: boolean;
  onToggle(id: string): void;
}) {
  const where = item.level === 'shot' && item.scene_title ? ` (in ${item.scene_title})` : '';
  const loses = [item.shots > 0 && `${item.shots} shots`, item.takes > 0 && takes(item.takes)].filter(
    Boolean,
  );
  return (
    <li>
      <label className="flex cursor-pointer items-start gap-2 text-xs text-neutral-300">
        <input
          type="checkbox"
          className="mt-0.5 accent-red-500"
          checked={ticked}
          onChange={() => onToggle(item.id)}
        />
        <span>
          Remove {item.level} <span className="text-neutral-100">{item.title || '(untitled)'}</span>
          {where}
          {loses.length > 0 && <span className="text-red-300"> with {loses.join(' and ')}</span>}
        </span>
      </label>
    </li>
  );
}
