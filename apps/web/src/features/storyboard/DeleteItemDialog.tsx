import type { StoryboardLevel } from '@cinegraph/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { deleteConfirmation, type StoryboardItem } from './logic/levels';

/** The confirmation before deleting, worded for the item's type. */
export function DeleteItemDialog({
  level,
  item,
  onCancel,
  onConfirm,
}: {
  level: StoryboardLevel;
  item: StoryboardItem | null;
  onCancel(): void;
  onConfirm(item: StoryboardItem): Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const { title, message } = deleteConfirmation(level);
  async function confirm() {
    if (!item) return;
    setBusy(true);
    await onConfirm(item);
    setBusy(false);
  }
  return (
    <ConfirmDialog
      open={item !== null}
      title={title}
      message={message}
      variant="delete"
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => void confirm()}
    />
  );
}
