import { SpinnerWheel } from '../../../ui/Spinner';
import type { TileState } from '../logic/statusCounts';

/**
 * What a tile shows without a preview: a spinner per waiting and running, a face per failure and cancel.
 * `doneLabel` names a finished take that has no picture (the tutorial's takes are text).
 */
export function TileFace({ state, doneLabel = 'No preview' }: { state: TileState; doneLabel?: string }) {
  switch (state) {
    case 'waiting':
      return (
        <Face label="Pending..." className="text-amber-300">
          <span className="flex gap-1" aria-hidden="true">
            {[0, 150, 300].map((delay) => (
              <span
                key={delay}
                style={{ animationDelay: `${delay}ms` }}
                className="size-2 animate-bounce rounded-full bg-amber-300"
              />
            ))}
          </span>
        </Face>
      );
    case 'running':
      return (
        <Face label="Generating..." className="text-sky-300">
          <SpinnerWheel size="md" />
        </Face>
      );
    case 'failed':
      return (
        <Face label="Generation failed" className="text-red-400">
          <span aria-hidden="true" className="text-3xl">
            ☹
          </span>
        </Face>
      );
    case 'cancelled':
      return (
        <Face label="Cancelled" className="text-neutral-400">
          <span aria-hidden="true" className="text-3xl">
            ⊘
          </span>
        </Face>
      );
    case 'done':
      return (
        <Face label={doneLabel} className="text-neutral-500">
          <span aria-hidden="true" className="text-3xl">
            ▣
          </span>
        </Face>
      );
  }
}

function Face({
  label,
  className,
  children,
}: {
  label: string;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <div className={`absolute inset-0 flex flex-col items-center justify-center gap-2 ${className}`}>
      {children}
      <span className="text-xs font-medium">{label}</span>
    </div>
  );
}
