import { endpoints } from '@cinegraph/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ComfyHelpDialog } from './ComfyHelpDialog';
import { requestFrameWorkflow } from './frameRequest';
import { readIframeState } from './iframeState';
import { frameOrigin, frameUrl, isKnownWorker } from './logic/bridge';
import { ShareWorkflowDialog } from './ShareWorkflowDialog';
import { syncOnBack } from './syncBack';
import { useFrameBridge } from './useFrameBridge';
import { apiCall } from '../../lib/api';
import { refreshEditorGraph } from './workflowApi';

const BAR_BUTTON =
  'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-neutral-200 ring-1 ring-white/10 ring-inset hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-50';

/** The addresses of the ComfyUI workers the user may open (null while loading). */
function useKnownWorkerUrls(): string[] | null {
  const [urls, setUrls] = useState<string[] | null>(null);
  useEffect(() => {
    apiCall(endpoints.tunnelStatus)
      .then((status) => setUrls(status.tunneled_workers.map((worker) => worker.tunnel_url)))
      .catch(() => setUrls([]));
  }, []);
  return urls;
}

/** /comfyui-iframe: a workflow node's graph in an embedded ComfyUI, saved back to the node on Back. */
export function ComfyIframePage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const state = useMemo(() => readIframeState(location.state), [location.state]);
  const url = params.get('url');
  const known = useKnownWorkerUrls();
  const allowed = url !== null && known !== null && isKnownWorker(url, known, window.location.origin);
  const src = allowed ? frameUrl(url, window.location.origin) : null;
  const origin = src ? frameOrigin(src) : null;
  const frameRef = useRef<HTMLIFrameElement>(null);
  const original = useFrameBridge(frameRef, origin, state?.originalWorkflow);
  const [syncing, setSyncing] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [shareOpen, setShareOpen] = useState(false);

  async function back() {
    setSyncing(true);
    const frame = frameRef.current?.contentWindow;
    try {
      if (state) {
        const sent = await syncOnBack({
          target: state,
          originalLinks: state.originalWorkflow,
          readFrame: async () => {
            if (!frame || !origin) return null;
            const current = await requestFrameWorkflow(frame, origin);
            const before = await original.current;
            return current && before ? { original: before, current } : null;
          },
        });
        if (sent) await refreshEditorGraph(state.movieId);
      }
    } catch (error) {
      console.error('Saving the workflow on Back failed', error);
    }
    void navigate(-1);
  }

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
      {src ? (
        <iframe
          ref={frameRef}
          src={src}
          title="ComfyUI workflow editor"
          className="min-h-0 w-full flex-1 border-0 bg-neutral-900"
          allow="clipboard-read; clipboard-write"
        />
      ) : (
        <p className="m-auto text-sm text-neutral-400">
          {!url
            ? 'No URL provided.'
            : known === null
              ? 'Checking the worker…'
              : 'This address is not one of your ComfyUI workers.'}
        </p>
      )}
      <ComfyHelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
      {state && (
        <ShareWorkflowDialog open={shareOpen} nodeId={state.nodeId} onClose={() => setShareOpen(false)} />
      )}
    </main>
  );
}
