import type { Generation, WorkflowNodeSummary } from '@cinegraph/contracts';

import { ALL_WORKFLOWS } from '../generationReads';

export { ALL_WORKFLOWS };
export const UNKNOWN_WORKFLOW = 'Unknown Workflow';

export interface WorkflowGroup {
  workflowId: string;
  name: string;
  generations: Generation[];
}

/** The workflows the screen offers: hidden ones left out unless hidden items are shown. */
export function visibleWorkflows(
  workflows: readonly WorkflowNodeSummary[],
  showHidden: boolean,
): WorkflowNodeSummary[] {
  return workflows.filter((workflow) => showHidden || !workflow.hidden);
}

/**
 * One section per shown workflow (each may be empty), then one per unknown workflow id that still has
 * generations. Hidden workflows and generations are left out unless shown; order is by index.
 */
export function groupByWorkflow(
  generations: readonly Generation[],
  workflows: readonly WorkflowNodeSummary[],
  showHidden: boolean,
): WorkflowGroup[] {
  const shown = visibleGenerations(generations, showHidden);
  const known = new Set(workflows.map((workflow) => workflow.id));
  const groups: WorkflowGroup[] = visibleWorkflows(workflows, showHidden).map((workflow) => ({
    workflowId: workflow.id,
    name: workflow.name,
    generations: shown.filter((generation) => generation.workflow_node_id === workflow.id),
  }));
  const unknownIds = [...new Set(shown.map((g) => g.workflow_node_id))].filter((id) => !known.has(id));
  for (const id of unknownIds) {
    groups.push({
      workflowId: id,
      name: UNKNOWN_WORKFLOW,
      generations: shown.filter((generation) => generation.workflow_node_id === id),
    });
  }
  return groups;
}

export function visibleGenerations(generations: readonly Generation[], showHidden: boolean): Generation[] {
  return generations
    .filter((generation) => showHidden || !generation.hidden)
    .map((generation, position) => ({ generation, position }))
    .sort((a, b) => a.generation.index - b.generation.index || a.position - b.position)
    .map(({ generation }) => generation);
}
