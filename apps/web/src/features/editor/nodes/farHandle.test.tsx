import { HANDLE_SIZE_PX } from '@cinegraph/contracts';
import { Handle, Position, ReactFlow, type HandleType, type NodeProps } from '@xyflow/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FAR_HANDLE, restingHandle } from './farHandle';

/** The attributes of each handle in `html`, by its data-id, the class's names sorted. */
function handlesIn(html: string): Map<string, Record<string, string>> {
  const found = new Map<string, Record<string, string>>();
  for (const [tag] of html.matchAll(/<div [^>]*react-flow__handle[^>]*>/g)) {
    const attributes = Object.fromEntries(
      [...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [
        name!,
        name === 'class' ? value!.split(/\s+/).sort().join(' ') : value!,
      ]),
    );
    found.set(attributes['data-id']!, attributes);
  }
  return found;
}

function ReactFlowHandles({ type }: { type: HandleType }) {
  return (
    <Handle
      id={`${type}-1`}
      type={type}
      position={type === 'target' ? Position.Left : Position.Right}
      className={FAR_HANDLE}
    />
  );
}

describe('a card’s handle dot', () => {
  it('is the size of a handle drawn in full', () => {
    for (const part of ['size', 'min-h', 'min-w']) {
      expect(FAR_HANDLE.split(' ')).toContain(`${part}-[${HANDLE_SIZE_PX}px]!`);
    }
  });

  it('carries the classes and data React Flow’s Handle has at rest, where a connection ends on it', () => {
    const both = (_props: NodeProps) => (
      <>
        <ReactFlowHandles type="target" />
        <ReactFlowHandles type="source" />
      </>
    );
    const html = renderToString(
      <ReactFlow
        nodes={[{ id: 'n1', position: { x: 0, y: 0 }, data: {}, type: 'both', width: 100, height: 50 }]}
        nodeTypes={{ both }}
      />,
    );
    const reactFlow = handlesIn(html);
    expect(reactFlow.size).toBe(2);
    for (const type of ['target', 'source'] as const) {
      const position = type === 'target' ? Position.Left : Position.Right;
      const { className, ...data } = restingHandle('1', 'n1', { id: `${type}-1`, type }, position);
      const rendered = reactFlow.get(`1-n1-${type}-1-${type}`);
      expect(rendered).toEqual({ ...data, class: className.split(/\s+/).sort().join(' ') });
    }
  });
});
