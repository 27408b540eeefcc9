const SHORTCUTS: [string, string][] = [
  ['Space / right-click', 'Open the node menu'],
  ['N', 'Add a workflow node'],
  ['P', 'Add a primitive (movie input)'],
  ['C', 'Add a character input'],
  ['Delete / Backspace', 'Delete the selection'],
  ['Ctrl/Cmd + S', 'Save'],
  ['Arrow keys', 'Move the selected node 5 px (Shift: 20 px)'],
];

/** The editor's keyboard shortcuts, as its help and the node editor tutorial list them. */
export function ShortcutList({ className = 'text-xs' }: { className?: string }) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 ${className}`}>
      {SHORTCUTS.map(([keys, what]) => (
        <div key={keys} className="contents">
          <dt>
            <kbd className="rounded border border-white/15 bg-neutral-800 px-1.5 py-0.5 font-mono text-[11px]">
              {keys}
            </kbd>
          </dt>
          <dd>{what}</dd>
        </div>
      ))}
    </dl>
  );
}
