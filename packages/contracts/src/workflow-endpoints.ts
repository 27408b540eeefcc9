import { AssetOwnerQuery } from './assets';
import { EditorNode, MovieNodeParams } from './editor';
import { endpoint } from './endpoint';
import { DeletedResponse } from './movies';
import {
  LikeWorkflowBody,
  LikeWorkflowResponse,
  LoadSharedWorkflowBody,
  SharedWorkflow,
  SharedWorkflowIdParams,
  SharedWorkflowsQuery,
  SharedWorkflowsResponse,
  ShareWorkflowBody,
  UpdateSharedWorkflowBody,
} from './shared-workflows';

/** Workflow nodes' files and the community's shared workflows (spec: set inputs, shared workflows). */
export const workflowEndpoints = {
  setInputsFromWorkflow: endpoint({
    method: 'POST',
    path: '/editor/set_inputs_from_workflow/node/:nodeId/movie/:movieId',
    summary:
      'Multipart form: `file` (a ComfyUI workflow, UI or API format), optional `link` and `api_link`; derives the handles',
    auth: true,
    params: MovieNodeParams,
    response: EditorNode,
  }),
  loadSharedWorkflow: endpoint({
    method: 'POST',
    path: '/editor/load_shared_workflow/node/:nodeId/movie/:movieId',
    summary: "Copy a shared workflow into a workflow node and derive the node's handles",
    auth: true,
    params: MovieNodeParams,
    body: LoadSharedWorkflowBody,
    response: EditorNode,
  }),
  listSharedWorkflows: endpoint({
    method: 'GET',
    path: '/worker/shared-workflows',
    summary: 'Shared workflows, by likes; with user_id only that user’s own',
    auth: true,
    query: SharedWorkflowsQuery,
    response: SharedWorkflowsResponse,
  }),
  likeWorkflow: endpoint({
    method: 'POST',
    path: '/worker/like-workflow',
    summary: 'Like or dislike a shared workflow; the same action again removes the vote',
    auth: true,
    othersItems: "Anyone signed in votes on anyone's shared workflow.",
    body: LikeWorkflowBody,
    response: LikeWorkflowResponse,
  }),
  deleteSharedWorkflow: endpoint({
    method: 'DELETE',
    path: '/worker/shared-workflow/:id',
    summary: 'Delete a shared workflow (owner only)',
    auth: true,
    params: SharedWorkflowIdParams,
    query: AssetOwnerQuery,
    response: DeletedResponse,
  }),
  shareWorkflow: endpoint({
    method: 'POST',
    path: '/worker/share-workflow',
    summary: "Publish a workflow node's workflow to the community",
    auth: true,
    body: ShareWorkflowBody,
    response: SharedWorkflow,
  }),
  updateSharedWorkflow: endpoint({
    method: 'POST',
    path: '/worker/update-shared-workflow',
    summary: 'Update a shared workflow’s title, description and (from a node) its files (owner only)',
    auth: true,
    body: UpdateSharedWorkflowBody,
    response: SharedWorkflow,
  }),
  putSharedWorkflow: endpoint({
    method: 'PUT',
    path: '/worker/update-shared-workflow',
    summary: 'The same as POST update-shared-workflow',
    auth: true,
    body: UpdateSharedWorkflowBody,
    response: SharedWorkflow,
  }),
};
