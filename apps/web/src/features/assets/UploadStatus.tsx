import type { UploadState } from './uploadStore';

/** The upload's progress bar, or its error in the spec's words. */
export function UploadStatus({ state }: { state: UploadState }) {
  if (state.status === 'error') {
    return (
      <p role="alert" className="text-[11px] text-red-400">
        {state.error}
      </p>
    );
  }
  if (state.status !== 'uploading' && state.status !== 'done') return null;
  const label = state.status === 'done' ? `Uploaded ${state.filename}` : `Uploading ${state.filename}`;
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={state.progress}
        className="h-1.5 flex-1 overflow-hidden rounded-full bg-white/10"
      >
        <div
          className="h-full rounded-full bg-[var(--editor-accent,#fbbf24)] transition-[width]"
          style={{ width: `${state.progress}%` }}
        />
      </div>
      <span className="w-9 text-right text-[11px] text-neutral-400 tabular-nums">{state.progress}%</span>
    </div>
  );
}
