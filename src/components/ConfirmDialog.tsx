// The dialog of ConfirmModal (./ConfirmModal.tsx), in a chunk of its own: the question, what went
// wrong when the action failed (announced), a button that keeps things as they are and one that goes
// ahead.
import type { ReactNode } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';

export interface ConfirmModalProps {
  open: boolean;
  title: string;
  /** The question, naming what the action changes. */
  children: ReactNode;
  /** The action's failure in words, or null. */
  failure: string | null;
  busy: boolean;
  keepLabel: string;
  confirmLabel: string;
  /** The confirm button's data-action, for tests and analytics. */
  action: string;
  onConfirm: () => void;
  onClose: () => void;
}

export default function ConfirmDialog({
  title,
  children,
  failure,
  busy,
  keepLabel,
  confirmLabel,
  action,
  onConfirm,
  onClose,
}: Omit<ConfirmModalProps, 'open'>) {
  return (
    <Modal
      open
      onClose={onClose}
      closeBlocked={busy}
      size="sm"
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {keepLabel}
          </Button>
          <Button loading={busy} onClick={onConfirm} data-action={action}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-2">
        {failure && (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        )}
        <p className="text-sm text-gray-700">{children}</p>
      </div>
    </Modal>
  );
}
