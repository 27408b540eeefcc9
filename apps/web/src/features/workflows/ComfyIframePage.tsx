import { endpoints } from '@cinegraph/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ComfyHelpDialog } from './ComfyHelpDialog';
import { FrameSilentError, requestFrameWorkflow } from './frameRequest';
import { readIframeState } from './iframeState';
import { frameUrl } from './logic/bridge';
import { ShareWorkflowDialog } from './ShareWorkflowDialog';
import { syncOnBack } from './syncBack';
import { EDITOR_READY_TIMEOUT_MS, useFrameBridge } from './useFrameBridge';
import { apiCall } from '../../lib/api';
import { errorMessage, refreshEditorGraph, UPLOAD_MESSAGES } from './workflowApi';

const BAR_BUTTON =
  'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-neutral-200 ring-1 ring-white/10 ring-inset hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-50';

type Opening =
  | { status: 'opening' }
  | { status: 'open'; src: string; problem: string | null }
  | { status: 'refused'; reason: string };

/**
 * The studio's address of the worker's editor (its proxy, so the frame works when the worker is
 * another site), with what is already known to keep the editor from starting.
 */
function useEditorOpening(url: string | null): Opening {
  const [opening, setOpening] = useState<Opening>({ status: 'opening' });
  useEffect(() => {
    if (!url) return;
    let current = true;
    apiCall(endpoints.openComfyEditor, { query: { url, origin: window.location.origin } })
      .then((answer) => current && setOpening({ status: 'open', ...answer }))
      .catch(
        (error: unknown) =>
          current && setOpening({ status: 'refused', reason: errorMessage(error, NOT_OPENED) }),
      );
    return () => {
      current = false;
    };
  }, [url]);
  return opening;
}

const NOT_OPENED = 'The editor could not be opened.';

/** /comfyui-iframe: a workflow node's graph in an embedded ComfyUI, saved back to the node on Back. */
export function ComfyIframePage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => readIframeState(location.state), [location.state]);
  const url = params.get('url');
  const opening = useEditorOpening(url);
  const src = opening.status === 'open' ? frameUrl(opening.src, window.location.origin) : null;
  const frameRef = useRef<HTMLIFrameElement>(null);
  const bridge = useFrameBridge(frameRef, src, state?.originalWorkflow);
  const [syncing, setSyncing] = useState(false);
  const [backError, setBackError] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);

  async function back() {
    setSyncing(true);
    setBackError(null);
    try {
      if (state) {
        const sent = await syncOnBack({
          target: state,
          originalLinks: state.originalWorkflow,
          readFrame: async () => {
            const frame = frameRef.current?.contentWindow;
            // An editor that never started holds no edit.
            if (!frame || !bridge.ready) return null;
            const current = await requestFrameWorkflow(frame);
            const before = await bridge.original.current;
            return before ? { original: before, current } : null;
          },
        });
        if (sent) await refreshEditorGraph(state.movieId);
      }
    } catch (error) {
      // Stay: the edit is still in the editor, and the user decides (fix it, or leave without saving).
      setBackError(
        error instanceof FrameSilentError
          ? error.message
          : `The workflow was not saved: ${errorMessage(error, UPLOAD_MESSAGES.failed)}`,
      );
      setSyncing(false);
      return;
    }
    void navigate(-1);
  }

  const notice = editorNotice(opening, bridge);
  return (
    <main id="main" className="fixed inset-x-0 top-16 bottom-0 flex flex-col bg-neutral-950">
      <div className="flex items-center gap-2 border-b border-white/10 bg-neutral-950/90 px-3 py-2">
        <button type="button" className={BAR_BUTTON} disabled={syncing} onClick={() => void back()}>
          {syncing ? 'Syncing...' : '‹ Back'}
        </button>
        <h1 className="min-w-0 flex-1 truncate text-sm font-semibold text-neutral-100">
          {state?.nodeName || 'ComfyUI Instance'}
        </h1>
        <button
          type="button"
          className={BAR_BUTTON}
          aria-label="Help about Cinegraph nodes"
          onClick={() => setHelpOpen(true)}
        >
          ?
        </button>
        <button type="button" className={BAR_BUTTON} disabled={!state} onClick={() => setShareOpen(true)}>
          Share Workflow
        </button>
      </div>
      {backError && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 bg-red-950/80 px-3 py-2 text-sm text-red-100"
        >
          <span className="min-w-0 flex-1">{backError}</span>
          <button type="button" className={BAR_BUTTON} onClick={() => void navigate(-1)}>
            Leave without saving
          </button>
        </div>
      )}
      {notice && (
        <p role="status" className="bg-amber-950/80 px-3 py-2 text-sm text-amber-100">
          {notice}
        </p>
      )}
      {src ? (
        <iframe
          ref={frameRef}
          src={src}
          title="ComfyUI workflow editor"
          className="min-h-0 w-full flex-1 border-0 bg-neutral-900"
          sandbox="allow-scripts allow-forms allow-popups allow-modals allow-downloads allow-pointer-lock"
          allow="clipboard-read; clipboard-write"
        />
      ) : (
        <p className="m-auto max-w-xl px-4 text-center text-sm text-neutral-400">
          {!url ? 'No URL provided.' : opening.status === 'refused' ? opening.reason : 'Opening the editor…'}
        </p>
      )}
      <ComfyHelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      {state && (
        <ShareWorkflowDialog open={shareOpen} nodeId={state.nodeId} onClose={() => setShareOpen(false)} />
      )}
    </main>
  );
}

/** What the page says while the editor is not ready: a known problem at once, else after the timeout. */
function editorNotice(opening: Opening, bridge: { ready: boolean; late: boolean }): string | null {
  if (opening.status !== 'open' || bridge.ready) return null;
  const seconds = EDITOR_READY_TIMEOUT_MS / 1000;
  if (opening.problem) return `The editor cannot start: ${opening.problem}`;
  if (!bridge.late) return null;
  return (
    `The editor did not become ready within ${seconds} s. The worker answers and has the Cinegraph node ` +
    "pack, but its page has not started the bridge: ComfyUI's own page may have failed (its console " +
    'tells), or the pack is older than the studio.'
  );
}
