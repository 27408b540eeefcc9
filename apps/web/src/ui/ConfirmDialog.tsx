import { Button } from './Button';
import { Dialog } from './Dialog';
import { AlertIcon } from './icons';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** `delete` makes the confirm button red and labels it 'Delete' unless told otherwise. */
  variant?: 'delete' | 'default';
  /** While the confirmed action runs: buttons are disabled and Escape does nothing. */
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  variant = 'default',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const destructive = variant === 'delete';
  return (
    <Dialog
      open={open}
      title={title}
      onClose={() => !busy && onCancel()}
      icon={
        destructive && (
          <span className="flex size-9 items-center justify-center rounded-full bg-red-500/15 text-red-400">
            <AlertIcon className="size-5" />
          </span>
        )
      }
      footer={
        <>
          {/* Cancel comes first so it takes the initial focus: Enter must not destroy anything. */}
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm} busy={busy}>
            {confirmLabel ?? (destructive ? 'Delete' : 'Confirm')}
          </Button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}
