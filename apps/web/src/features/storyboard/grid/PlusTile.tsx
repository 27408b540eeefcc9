import type { StoryboardLevel } from '@cinegraph/contracts';
import { PlusIcon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';

/** The trailing tile that adds an item at the end; covered by a loading overlay while it is created. */
export function PlusTile({
  level,
  creating,
  onCreate,
}: {
  level: StoryboardLevel;
  creating: boolean;
  onCreate(): void;
}) {
  return (
    <div className="relative min-h-40 rounded-xl">
      <button
        type="button"
        aria-label={`Add ${level}`}
        onClick={onCreate}
        disabled={creating}
        className="flex size-full min-h-40 items-center justify-center rounded-xl border-2 border-dashed border-white/15 text-neutral-400 transition-colors hover:border-amber-400/60 hover:text-amber-300"
      >
        <PlusIcon className="size-8" />
      </button>
      {creating && <Spinner overlay label={`Adding ${level}...`} />}
    </div>
  );
}
