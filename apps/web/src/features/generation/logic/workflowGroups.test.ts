import type { Generation } from '@cinegraph/contracts';
import { describe, expect, it } from 'vitest';
import { groupByWorkflow, UNKNOWN_WORKFLOW, visibleWorkflows } from './workflowGroups';

const take = (id: string, workflow: string, index: number, hidden = false) =>
  ({ _id: id, workflow_node_id: workflow, index, hidden }) as Generation;

const workflows = [
  { id: 'w1', name: 'Text to Video', hidden: false },
  { id: 'w2', name: 'Upscale', hidden: true },
  { id: 'w3', name: 'Lip Sync', hidden: false },
];

describe('groupByWorkflow', () => {
  it('makes one section per shown workflow, empty ones too, and titles unknown ones', () => {
    const groups = groupByWorkflow(
      [take('b', 'w1', 1), take('a', 'w1', 0), take('x', 'gone', 0), take('u', 'w2', 0)],
      workflows,
      false,
    );
    expect(groups.map((g) => [g.name, g.generations.map((t) => t._id)])).toEqual([
      ['Text to Video', ['a', 'b']],
      ['Lip Sync', []],
      [UNKNOWN_WORKFLOW, ['x']],
    ]);
  });

  it('shows hidden workflows and generations when hidden items are shown', () => {
    const groups = groupByWorkflow([take('u', 'w2', 0, true)], workflows, true);
    expect(groups.find((g) => g.workflowId === 'w2')?.generations.map((t) => t._id)).toEqual(['u']);
    expect(
      groupByWorkflow([take('u', 'w2', 0, true)], workflows, false).flatMap((g) => g.generations),
    ).toEqual([]);
  });

  it('omits hidden workflows from the list unless shown', () => {
    expect(visibleWorkflows(workflows, false).map((w) => w.id)).toEqual(['w1', 'w3']);
  });
});
