import { HANDLE_COLORS, HANDLE_SIZE_PX, type Handle as HandleInfo } from '@cinegraph/contracts';
import { Handle, Position } from '@xyflow/react';

/** One named handle of a node: inputs on the left edge, outputs on the right, coloured by data type. */
export function HandleRow({ handle, side }: { handle: HandleInfo; side: 'input' | 'output' }) {
  const input = side === 'input';
  const tooltip = handle.tooltip
    ? `${handle.name} (${handle.type}): ${handle.tooltip}`
    : `${handle.name} (${handle.type})`;
  return (
    <div
      className={`relative flex items-center py-1 text-xs text-neutral-300 ${input ? 'pl-3' : 'justify-end pr-3'}`}
      title={tooltip}
    >
      <Handle
        id={handle.id}
        type={input ? 'target' : 'source'}
        position={input ? Position.Left : Position.Right}
        title={tooltip}
        aria-label={`${handle.name} ${side}`}
        data-handle-type={handle.type}
        style={{
          width: HANDLE_SIZE_PX,
          height: HANDLE_SIZE_PX,
          minWidth: HANDLE_SIZE_PX,
          minHeight: HANDLE_SIZE_PX,
          background: HANDLE_COLORS[handle.type] ?? HANDLE_COLORS.any,
          border: 'none',
        }}
      />
      <span className="truncate">{handle.name}</span>
      <span className="ml-1.5 text-[10px] text-neutral-500">{handle.type}</span>
    </div>
  );
}
