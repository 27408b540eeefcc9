import { endpoints, type AssetFileType, type UserAsset } from '@cinegraph/contracts';
import { useState } from 'react';
import { apiCall } from '../../lib/api';
import { useStoredUser } from '../../lib/session';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { AssetCard } from './AssetCard';
import { useAssetPages } from './useAssetPages';
import { useDebouncedValue } from './useDebouncedValue';

/** Spec: search debounce 300 ms. */
export const ASSET_SEARCH_DEBOUNCE_MS = 300;

interface AssetBrowserProps {
  open: boolean;
  fileType: AssetFileType;
  onClose(): void;
  onChoose(asset: UserAsset): void;
}

/** The modal 'Saved {file type}s': the user's files of one type to search, rename, delete and choose. */
export function AssetBrowser({ open, fileType, onClose, onChoose }: AssetBrowserProps) {
  return (
    <Dialog
      open={open}
      title={`Saved ${fileType}s`}
      onClose={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {open && <AssetBrowserBody fileType={fileType} onChoose={onChoose} />}
    </Dialog>
  );
}

function AssetBrowserBody({ fileType, onChoose }: Pick<AssetBrowserProps, 'fileType' | 'onChoose'>) {
  const { userId } = useStoredUser();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), ASSET_SEARCH_DEBOUNCE_MS);
  const pages = useAssetPages(userId, fileType, query);
  const [actionError, setActionError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<UserAsset | null>(null);
  const [busy, setBusy] = useState(false);

  if (!userId) return <p>Please sign in to view your files</p>;

  const rename = async (asset: UserAsset, filename: string) => {
    setActionError(null);
    try {
      await apiCall(endpoints.renameUserAsset, {
        params: { assetId: asset.id },
        body: { filename, user_id: userId },
      });
      await pages.refresh();
    } catch {
      setActionError('Failed to rename asset');
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    setActionError(null);
    try {
      await apiCall(endpoints.deleteUserAsset, {
        params: { assetId: deleting.id },
        query: { user_id: userId },
      });
      await pages.refresh();
    } catch {
      setActionError('Failed to delete asset');
    }
    setBusy(false);
    setDeleting(null);
  };

  return (
    <div className="flex flex-col gap-3">
      <input
        type="search"
        aria-label="Search files"
        placeholder="Search by name…"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="w-full rounded-lg border border-white/10 bg-neutral-950 px-3 py-1.5 text-sm text-neutral-100 outline-none placeholder:text-neutral-600 focus:border-amber-400"
      />
      {actionError && (
        <p role="alert" className="text-sm text-red-400">
          {actionError}
        </p>
      )}
      {pages.error ? (
        <p role="alert" className="text-sm text-red-400">
          Failed to load assets
        </p>
      ) : pages.loading ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading files" />
        </div>
      ) : pages.assets.length === 0 ? (
        <p className="py-6 text-center text-neutral-500">No files found</p>
      ) : (
        <ul
          aria-label={`Saved ${fileType}s`}
          className="grid max-h-[50vh] grid-cols-2 gap-2 overflow-y-auto pr-1"
        >
          {pages.assets.map((asset) => (
            <AssetCard
              key={asset.id}
              asset={asset}
              onChoose={onChoose}
              onRename={rename}
              onDelete={setDeleting}
            />
          ))}
        </ul>
      )}
      {pages.hasMore && !pages.error && (
        <Button size="sm" busy={pages.loadingMore} onClick={() => void pages.loadMore()}>
          Load More
        </Button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        variant="delete"
        title="Delete file"
        message={`Are you sure you want to delete ${deleting?.filename ?? 'this file'}?`}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
