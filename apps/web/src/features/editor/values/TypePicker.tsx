import { HANDLE_COLORS } from '@cinegraph/contracts';
import { PRIMITIVE_VALUE_TYPES, type PrimitiveValueType } from '../logic/values';

/** The first choice of a fresh input node: what kind of value it holds. */
export function TypePicker({ onPick }: { onPick(type: PrimitiveValueType): void }) {
  return (
    <div role="group" aria-label="Input type" className="flex flex-col gap-2">
      <p className="text-[11px] text-neutral-400">Choose the type of this input:</p>
      <div className="grid grid-cols-2 gap-1">
        {PRIMITIVE_VALUE_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            onClick={() => onPick(type)}
            className="nodrag flex items-center gap-1.5 rounded-md border border-white/10 px-2 py-1 text-left text-xs text-neutral-200 hover:bg-white/10"
          >
            <span
              className="size-2 rounded-full"
              style={{ background: HANDLE_COLORS[type] }}
              aria-hidden="true"
            />
            {type}
          </button>
        ))}
      </div>
    </div>
  );
}
