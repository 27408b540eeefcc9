import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { UploadScope } from '../../assets/UploadScope';
import { useEditorActions } from '../editorActions';
import { primitiveDataType, type CanvasNode } from '../logic/canvasNodes';
import { defaultValueFor, isPrimitiveValueType, type PrimitiveValueType } from '../logic/values';
import { TypePicker } from '../values/TypePicker';
import { ValueEditor } from '../values/ValueEditor';
import { HandleRow } from './HandleRow';
import { NodeShell } from './NodeShell';

/**
 * An input node (movie, scene, shot or character level): a name, a typed value and one output.
 * Memoised: dragging another node leaves it as it is.
 */
export const PrimitiveNode = memo(function PrimitiveNode({ data, type, selected }: NodeProps<CanvasNode>) {
  const { node } = data;
  const actions = useEditorActions();
  const dataType = primitiveDataType(node);
  const output = node.output_handles[0] ?? { id: 'output', name: 'output', type: dataType };

  function pickType(picked: PrimitiveValueType) {
    actions.updateNode(node._id, {
      output_handles: [
        {
          id: output.id,
          name: output.name,
          type: picked,
          ...(output.tooltip ? { tooltip: output.tooltip } : {}),
        },
      ],
      value: defaultValueFor(picked),
    });
  }

  return (
    <NodeShell node={node} type={type} selected={selected} renameLabel="Input name">
      <div className="flex flex-col gap-2 px-3 pt-3 pb-1">
        {dataType === 'any' || !isPrimitiveValueType(dataType) ? (
          <TypePicker onPick={pickType} />
        ) : (
          <UploadScope itemId={node.movie_id} nodeId={node._id}>
            <ValueEditor
              type={dataType}
              value={node.value}
              onChange={(value) => actions.updateNode(node._id, { value })}
            />
          </UploadScope>
        )}
      </div>
      <HandleRow handle={output} side="output" />
    </NodeShell>
  );
});
