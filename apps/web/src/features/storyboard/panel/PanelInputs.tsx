import type { HandleType, ItemInput } from '@cinegraph/contracts';
import { lazy, Suspense } from 'react';
import { isPrimitiveValueType } from '../../editor/logic/values';
import { UploadScope } from '../../assets/UploadScope';

// The value editors (media uploads, the asset browser) come after the list's tiles, not before them.
const ValueEditor = lazy(() =>
  import('../../editor/values/ValueEditor').then((m) => ({ default: m.ValueEditor })),
);

/** The item's inputs, each with the editor of its value type (the node editor's value editors). */
export function PanelInputs({
  itemId,
  inputs,
  level,
  onChange,
}: {
  /** Uploads into an input are tracked per item and input node, so a remount keeps their progress. */
  itemId: string;
  inputs: readonly ItemInput[];
  level: string;
  onChange(input: ItemInput, value: unknown): void;
}) {
  if (inputs.length === 0) {
    return (
      <p className="text-sm text-neutral-500">
        No {level} inputs. Add {level} inputs in the node editor.
      </p>
    );
  }
  return (
    <Suspense fallback={<p className="text-sm text-neutral-500">Loading inputs...</p>}>
      <ul className="flex flex-col gap-4">
        {inputs.map((input) => {
          const type = input.type as HandleType;
          return (
            <li key={input.node_id} role="group" aria-label={input.name} className="flex flex-col gap-1.5">
              <div className="flex items-baseline justify-between gap-2">
                <span className="text-sm font-medium text-neutral-200">{input.name}</span>
                <span className="text-[11px] text-neutral-500">
                  {input.type}
                  {input.hidden ? ' · hidden' : ''}
                </span>
              </div>
              {isPrimitiveValueType(type) ? (
                <UploadScope itemId={itemId} nodeId={input.node_id}>
                  <ValueEditor type={type} value={input.value} onChange={(value) => onChange(input, value)} />
                </UploadScope>
              ) : (
                <p className="text-xs text-neutral-500">This input takes its value from a connection.</p>
              )}
            </li>
          );
        })}
      </ul>
    </Suspense>
  );
}
