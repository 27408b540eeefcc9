/** Where shared workflows keep their own copies of the workflow files. */
export const SHARED_WORKFLOW_PREFIX = 'shared-workflows/';

export function sharedWorkflowPrefix(workflowId: string): string {
  return `${SHARED_WORKFLOW_PREFIX}${workflowId}/`;
}
