import type { EditorNode } from '@cinegraph/contracts';
import { useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { useStoredUser } from '../../lib/session';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { comfyIframePath, type ComfyIframeState } from './iframeState';
import { ShareWorkflowDialog } from './ShareWorkflowDialog';
import {
  errorMessage,
  reachableWorkerUrl,
  refreshEditorGraph,
  setInputsFromWorkflow,
  UPLOAD_MESSAGES,
} from './workflowApi';

const ACTION =
  'nodrag rounded-md px-2 py-1 text-xs font-medium text-neutral-300 ring-1 ring-white/10 ring-inset hover:bg-white/10 hover:text-white disabled:cursor-not-allowed disabled:opacity-50';

/** A workflow node's Upload workflow, Edit (the embedded editor) and Share buttons. */
export function WorkflowNodeActions({ node }: { node: EditorNode }) {
  const navigate = useNavigate();
  const { userId } = useStoredUser();
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) {
      setUploadError(UPLOAD_MESSAGES.noFile);
      return;
    }
    setUploading(true);
    setUploadError(null);
    try {
      await setInputsFromWorkflow(node.movie_id, node._id, { file, fileName: file.name });
    } catch (error) {
      setUploadError(errorMessage(error, UPLOAD_MESSAGES.failed));
    } finally {
      await refreshEditorGraph(node.movie_id).catch((error: unknown) => console.error(error));
      setUploading(false);
    }
  }

  async function edit() {
    setOpening(true);
    const url = await reachableWorkerUrl();
    setOpening(false);
    if (!url) {
      setUnavailable(true);
      return;
    }
    const state: ComfyIframeState = {
      originalWorkflow: node.workflow,
      nodeId: node._id,
      movieId: node.movie_id,
      nodeName: node.name,
      userId,
    };
    void navigate(comfyIframePath(url), { state });
  }

  const shownError = uploadError && uploadError !== node.upload_error ? uploadError : null;
  return (
    <div className="flex flex-col gap-1 px-3 pt-1 pb-2">
      <div className="flex flex-wrap gap-1.5">
        <input
          ref={fileRef}
          type="file"
          accept=".json,application/json"
          className="hidden"
          aria-label={`Workflow file for ${node.name}`}
          onChange={(event) => void upload(event)}
        />
        <button
          type="button"
          className={ACTION}
          disabled={uploading}
          onClick={() => fileRef.current?.click()}
        >
          {uploading ? 'Uploading…' : 'Upload workflow'}
        </button>
        <button type="button" className={ACTION} disabled={opening} onClick={() => void edit()}>
          Edit
        </button>
        <button type="button" className={ACTION} onClick={() => setShareOpen(true)}>
          Share
        </button>
      </div>
      {shownError && (
        <p role="alert" className="text-xs text-red-400">
          {shownError}
        </p>
      )}
      {/* Mounted while open only: every workflow node drawn in full carries these, and closed they
          cost each node their state and effects all the same. */}
      {shareOpen && <ShareWorkflowDialog open nodeId={node._id} onClose={() => setShareOpen(false)} />}
      {unavailable && (
        <Dialog
          open
          title="ComfyUI Not Available"
          onClose={() => setUnavailable(false)}
          footer={<Button onClick={() => setUnavailable(false)}>Close</Button>}
        >
          No ComfyUI instance is currently accessible.
        </Dialog>
      )}
    </div>
  );
}
