import type { NodeProps } from '@xyflow/react';
import { memo, useState } from 'react';
import { useOffline } from '../../../lib/offline';
import { DownloadNodeControls } from '../../exports/DownloadNodeControls';
import { DescriptionsDialog } from '../../storyboard/descriptions/DescriptionsDialog';
import type { CanvasNode } from '../logic/canvasNodes';
import { HandleRow } from './HandleRow';
import { NodeShell } from './NodeShell';

/**
 * A utility node (and any node kind the canvas does not know): drawn from the handles it carries.
 * Memoised: dragging another node leaves it as it is.
 */
export const UtilityNode = memo(function UtilityNode({ data, type, selected }: NodeProps<CanvasNode>) {
  const { node } = data;
  const offline = useOffline();
  const [descriptionsOpen, setDescriptionsOpen] = useState(false);
  return (
    <NodeShell node={node} type={type} selected={selected}>
      <div className="py-2">
        {node.input_handles.map((handle) => (
          <HandleRow key={handle.id} handle={handle} side="input" />
        ))}
        {node.output_handles.map((handle) => (
          <HandleRow key={handle.id} handle={handle} side="output" />
        ))}
      </div>
      {node.utility_kind === 'prompt' && !offline && (
        <div className="border-t border-white/10 px-3 py-2">
          <button
            type="button"
            className="nodrag w-full rounded-md bg-white/5 px-2 py-1 text-xs text-neutral-200 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-amber-400"
            onClick={() => setDescriptionsOpen(true)}
          >
            Edit Descriptions
          </button>
          <DescriptionsDialog
            movieId={node.movie_id}
            open={descriptionsOpen}
            onClose={() => setDescriptionsOpen(false)}
          />
        </div>
      )}
      {node.utility_kind === 'download' && <DownloadNodeControls node={node} />}
    </NodeShell>
  );
});
