import type { AssetFileType, UserAsset } from '@cinegraph/contracts';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useStoredUser } from '../../lib/session';
import { fileProblem } from './fileRules';
import { runUpload, UPLOAD_FAILED, UploadError } from './runUpload';
import { useUploadScope } from './UploadScope';
import { DONE_BAR_MS, uploadKey, uploadStore, type UploadState } from './uploadStore';
import { browserUploadTransport } from './xhrTransport';

export interface UseUpload {
  state: UploadState;
  /** Whether there is a signed-in user to upload for. */
  canUpload: boolean;
  /** Checks and uploads the files of one drop or pick; `onUploaded` gets the recorded asset. */
  upload(files: readonly File[]): void;
  reset(): void;
}

/** Uploads into one input, with progress that outlives the input's component (see uploadStore). */
export function useUpload(fileType: AssetFileType, onUploaded: (asset: UserAsset) => void): UseUpload {
  const { userId } = useStoredUser();
  const { itemId, nodeId } = useUploadScope();
  const key = uploadKey(userId ?? '', itemId, nodeId);
  const state = useSyncExternalStore(
    uploadStore.subscribe,
    () => uploadStore.get(key),
    () => uploadStore.get(key),
  );

  // The newest callback, so a value edited while the file was uploading is not overwritten by a stale one.
  const uploaded = useRef(onUploaded);
  useEffect(() => {
    uploaded.current = onUploaded;
  });

  const upload = useCallback(
    (files: readonly File[]) => {
      const file = files[0];
      const problem = fileProblem(files, fileType);
      if (problem || !file || !userId) {
        if (problem) uploadStore.set(key, { status: 'error', filename: file?.name ?? '', error: problem });
        return;
      }
      if (uploadStore.get(key).status === 'uploading') return;
      const filename = file.name;
      uploadStore.set(key, { status: 'uploading', filename, progress: 0 });
      runUpload(browserUploadTransport(userId), {
        userId,
        fileType,
        file,
        metadata: { node_id: nodeId, item_id: itemId, uploaded_at: new Date().toISOString() },
        onProgress: (progress) => uploadStore.set(key, { status: 'uploading', filename, progress }),
      }).then(
        (asset) => {
          const done: UploadState = { status: 'done', filename, progress: 100, url: asset.url };
          uploadStore.set(key, done);
          uploaded.current(asset);
          // The bar shows 100 % for a moment, then goes: the input's value now shows the file.
          setTimeout(() => uploadStore.clearIfStill(key, done), DONE_BAR_MS);
        },
        (error: unknown) => {
          const message = error instanceof UploadError ? error.message : UPLOAD_FAILED;
          uploadStore.set(key, { status: 'error', filename, error: message });
        },
      );
    },
    [fileType, itemId, key, nodeId, userId],
  );

  const reset = useCallback(() => uploadStore.set(key, { status: 'idle' }), [key]);
  return { state, canUpload: Boolean(userId), upload, reset };
}
