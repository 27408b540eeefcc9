import type { NodeProps } from '@xyflow/react';
import { lazy, memo, Suspense } from 'react';
import { useOffline } from '../../../lib/offline';
import { useLazyDialog } from '../../../ui/useLazyDialog';
import { DownloadNodeControls } from '../../exports/DownloadNodeControls';
import type { CanvasNode } from '../logic/canvasNodes';
import { HandleRow } from './HandleRow';
import { NodeShell } from './NodeShell';

/**
 * The descriptions dialog's code is asked for when it is first opened: the editor's page loads what it
 * draws first, and every file it asks for before its reads holds them back.
 */
const DescriptionsDialog = lazy(() =>
  import('../../storyboard/descriptions/DescriptionsDialog').then((m) => ({ default: m.DescriptionsDialog })),
);

/**
 * A utility node (and any node kind the canvas does not know): drawn from the handles it carries.
 * Memoised: dragging another node leaves it as it is.
 */
export const UtilityNode = memo(function UtilityNode({ data, type, selected }: NodeProps<CanvasNode>) {
  const { node } = data;
  const offline = useOffline();
  // Kept mounted once opened: the tab chosen stays for the next opening.
  const descriptions = useLazyDialog();
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
            onClick={descriptions.show}
          >
            Edit Descriptions
          </button>
          {descriptions.mounted && (
            <Suspense fallback={null}>
              <DescriptionsDialog
                movieId={node.movie_id}
                open={descriptions.open}
                onClose={descriptions.close}
              />
            </Suspense>
          )}
        </div>
      )}
      {node.utility_kind === 'download' && <DownloadNodeControls node={node} />}
    </NodeShell>
  );
});
