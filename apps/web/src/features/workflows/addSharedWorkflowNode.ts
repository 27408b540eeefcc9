import { endpoints, type SharedWorkflow } from '@cinegraph/contracts';
import { createBodyFor } from '../editor/logic/nodeChoices';
import { apiCall } from '../../lib/api';
import { refreshEditorGraph } from './workflowApi';

/** Adds a workflow node named after a shared workflow, copies the workflow into it and redraws the graph. */
export async function addSharedWorkflowNode(
  movieId: string,
  position: { x: number; y: number },
  workflow: SharedWorkflow,
): Promise<void> {
  const body = createBodyFor({ kind: 'workflow', template: 'empty_workflow' }, position);
  const name = workflow.title.trim().slice(0, 200) || body.name;
  const node = await apiCall(endpoints.createNode, { params: { movieId }, body: { ...body, name } });
  try {
    await apiCall(endpoints.loadSharedWorkflow, {
      params: { movieId, nodeId: node._id },
      body: { workflow_id: workflow._id },
    });
  } finally {
    await refreshEditorGraph(movieId);
  }
}
