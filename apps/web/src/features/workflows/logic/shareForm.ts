export const SHARE_MESSAGES = {
  titleRequired: 'Please enter a title',
  saveFirst: 'Remember to save your workflow before sharing!',
  shared: 'Workflow shared successfully!',
  updated: 'Workflow updated successfully!',
  failed: 'Failed to process workflow. Please try again.',
} as const;

/** How long the success message stays before the dialog closes. */
export const SHARE_SUCCESS_CLOSE_MS = 1500;

/** 'none' publishes a new shared workflow; otherwise the id of the user's workflow to update. */
export type ShareMode = 'none' | (string & {});

export interface ShareForm {
  title: string;
  description: string;
  mode: ShareMode;
}

export const EMPTY_SHARE_FORM: ShareForm = { title: '', description: '', mode: 'none' };

export function shareFormError(form: ShareForm): string | null {
  return form.title.trim() ? null : SHARE_MESSAGES.titleRequired;
}

/** The share or update call for the form: which one, and its trimmed body. */
export function shareRequest(form: ShareForm, userId: string, nodeId: string) {
  const title = form.title.trim();
  const description = form.description.trim();
  if (form.mode === 'none') {
    return { kind: 'share' as const, body: { user_id: userId, node_id: nodeId, title, description } };
  }
  return {
    kind: 'update' as const,
    body: { user_id: userId, workflow_id: form.mode, node_id: nodeId, title, description },
  };
}
