/** A demo's row of tabs (node categories, sample entity levels); the panel below is the caller's. */
export function DemoTabs<T extends string>({
  label,
  tabs,
  current,
  onPick,
}: {
  label: string;
  tabs: readonly T[];
  current: T;
  onPick(tab: T): void;
}) {
  return (
    <div role="tablist" aria-label={label} className="flex gap-1">
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={tab === current}
          onClick={() => onPick(tab)}
          className="rounded-lg px-3 py-1.5 text-sm text-neutral-300 hover:bg-white/5 aria-selected:bg-amber-400/15 aria-selected:text-amber-300"
        >
          {tab}
        </button>
      ))}
    </div>
  );
}
