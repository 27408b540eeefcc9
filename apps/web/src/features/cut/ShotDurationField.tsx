import { useState } from 'react';
import { parseDurationInput } from './logic/durationInput';

export interface ShotDurationFieldProps {
  /** The duration set on the shot, or null: the take's length. */
  duration: number | null;
  onChange(duration: number | null): void;
  className: string;
}

/** The shot panel's duration in seconds; empty means the take's length (a video's, else a still's). */
export function ShotDurationField({ duration, onChange, className }: ShotDurationFieldProps) {
  const shown = duration === null ? '' : String(duration);
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  // A duration changed elsewhere (the player's strip) shows here too.
  const [saved, setSaved] = useState(duration);
  if (saved !== duration) {
    setSaved(duration);
    setText(shown);
  }
  function commit() {
    const parsed = parseDurationInput(text);
    if ('error' in parsed) return setError(parsed.error);
    setError(null);
    if (parsed.duration !== duration) onChange(parsed.duration);
  }
  return (
    <label className="flex flex-col gap-1.5 text-xs font-medium tracking-wide text-neutral-400 uppercase">
      Duration (seconds)
      <input
        inputMode="decimal"
        value={text}
        placeholder="From the take"
        aria-invalid={error !== null}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => event.key === 'Enter' && commit()}
        className={`${className} normal-case`}
      />
      {error && <span className="text-xs font-normal text-red-400 normal-case">{error}</span>}
    </label>
  );
}
