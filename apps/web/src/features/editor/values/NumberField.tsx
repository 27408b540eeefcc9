import { useState } from 'react';
import { clampNumberInput } from '../logic/values';

interface NumberFieldProps {
  label: string;
  value: number;
  min?: number;
  max?: number;
  step?: number;
  onCommit(value: number): void;
}

/** A number typed freely, clamped to its range on blur; text that is not a number reverts. */
export function NumberField({ label, value, min, max, step, onCommit }: NumberFieldProps) {
  const [draft, setDraft] = useState(String(value));
  const [shown, setShown] = useState(value);
  // A new value from outside (a reload, another field) replaces the draft.
  if (shown !== value) {
    setShown(value);
    setDraft(String(value));
  }
  function commit() {
    const next = clampNumberInput(draft, value, min, max);
    setDraft(String(next));
    if (next !== value) onCommit(next);
  }
  return (
    <label className="flex min-w-0 flex-1 flex-col gap-1 text-[11px] text-neutral-400">
      {label}
      <input
        type="text"
        inputMode="decimal"
        aria-label={label}
        value={draft}
        step={step}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => event.key === 'Enter' && event.currentTarget.blur()}
        className="nodrag w-full rounded-md border border-white/10 bg-neutral-950 px-2 py-1 text-sm text-neutral-100 outline-none focus:border-[var(--editor-accent)]"
      />
    </label>
  );
}
