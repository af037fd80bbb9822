// A confirmation before an action that cannot be undone (cancel an order, delete a recurring buy):
// the question, what went wrong when the action failed (announced), a button that keeps things as
// they are and one that goes ahead. The caller runs the action and says when it is busy.
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

export function ConfirmModal({ open, title, children, failure, busy, keepLabel, confirmLabel, action, onConfirm, onClose }: ConfirmModalProps) {
  return (
    <Modal
      open={open}
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
      {open && (
        <div className="space-y-2">
          {failure && (
            <p role="alert" className="text-sm text-red-700">
              {failure}
            </p>
          )}
          <p className="text-sm text-gray-700">{children}</p>
        </div>
      )}
    </Modal>
  );
}
