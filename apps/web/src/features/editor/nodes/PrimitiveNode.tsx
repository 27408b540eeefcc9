import type { NodeProps } from '@xyflow/react';
import { useState } from 'react';
import { useEditorActions } from '../editorActions';
import { primitiveDataType, type CanvasNode } from '../logic/canvasNodes';
import { defaultValueFor, isPrimitiveValueType, type PrimitiveValueType } from '../logic/values';
import { TypePicker } from '../values/TypePicker';
import { ValueEditor } from '../values/ValueEditor';
import { HandleRow } from './HandleRow';
import { NodeShell } from './NodeShell';

/** An input node (movie, scene, shot or character level): a name, a typed value and one output. */
export function PrimitiveNode({ data, type, selected }: NodeProps<CanvasNode>) {
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
    <NodeShell
      node={node}
      type={type}
      selected={selected}
      title={<NodeNameField name={node.name} onRename={(name) => actions.updateNode(node._id, { name })} />}
    >
      <div className="flex flex-col gap-2 px-3 pt-3 pb-1">
        {dataType === 'any' || !isPrimitiveValueType(dataType) ? (
          <TypePicker onPick={pickType} />
        ) : (
          <ValueEditor
            type={dataType}
            value={node.value}
            onChange={(value) => actions.updateNode(node._id, { value })}
          />
        )}
      </div>
      <HandleRow handle={output} side="output" />
    </NodeShell>
  );
}

/** The input's name, edited in place (it names the value in scenes, shots and characters). */
function NodeNameField({ name, onRename }: { name: string; onRename(name: string): void }) {
  const [draft, setDraft] = useState(name);
  const [shown, setShown] = useState(name);
  if (shown !== name) {
    setShown(name);
    setDraft(name);
  }
  return (
    <input
      aria-label="Input name"
      value={draft}
      onChange={(event) => {
        setDraft(event.target.value);
        if (event.target.value.trim()) onRename(event.target.value);
      }}
      onBlur={() => !draft.trim() && setDraft(name)}
      className="nodrag w-full truncate rounded bg-transparent px-1 text-sm font-semibold outline-none focus:bg-neutral-950 focus:ring-1 focus:ring-[var(--editor-accent)]"
    />
  );
}
