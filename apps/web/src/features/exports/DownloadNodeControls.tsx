import type { EditorNode } from '@cinegraph/contracts';
import { useState } from 'react';
import { useToast } from '../../ui/toast';
import { useEditorActions } from '../editor/editorActions';
import { downloadsAll, withDownloadsAll } from './logic/downloadChoice';
import { downloadErrorMessage, isNothingToDownload } from './logic/downloadErrors';
import { downloadNodeTakes } from './logic/downloadNodeTakes';

const BUTTON =
  'nodrag rounded-md px-2 py-1 text-xs whitespace-nowrap focus-visible:outline-2 focus-visible:outline-amber-400 disabled:opacity-50';

/**
 * The Download node's controls: the 'Download New' / 'Download All' toggle (only takes not downloaded
 * before, or every take marked use-as-input), kept on the node through the editor's node update, and
 * the button that saves the zip.
 */
export function DownloadNodeControls({ node }: { node: EditorNode }) {
  const toast = useToast();
  const actions = useEditorActions();
  const all = downloadsAll(node.value);
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const count = await downloadNodeTakes(node._id, node.movie_id, all);
      toast.success(`Downloading ${count} take${count === 1 ? '' : 's'}`);
    } catch (error) {
      if (isNothingToDownload(error)) toast.info(error.message);
      else toast.error(downloadErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex items-center gap-2 border-t border-white/10 px-3 py-2">
      <button
        type="button"
        role="switch"
        aria-checked={all}
        title={all ? 'Every take marked use-as-input' : 'Only takes not downloaded before'}
        onClick={() => actions.updateNode(node._id, { value: withDownloadsAll(node.value, !all) })}
        className={`${BUTTON} flex-1 bg-white/5 text-neutral-200 hover:bg-white/10`}
      >
        {all ? 'Download All' : 'Download New'}
      </button>
      <button
        type="button"
        onClick={() => void download()}
        disabled={busy}
        className={`${BUTTON} bg-amber-400 font-semibold text-neutral-950 hover:bg-amber-300`}
      >
        {busy ? 'Preparing…' : 'Download'}
      </button>
    </div>
  );
}
