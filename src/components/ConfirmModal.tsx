// A confirmation before an action that cannot be undone (cancel an order, delete a recurring buy).
// The caller runs the action and says when it is busy. Nothing of it is in a page's first load: the
// dialog (./ConfirmDialog.tsx) is fetched once the browser is idle (lazyDialog), and a press that
// opens it before then shows it once it has arrived.
import { Suspense } from 'react';
import type { ConfirmModalProps } from './ConfirmDialog';
import { lazyDialog } from './lazy-dialog';

export type { ConfirmModalProps };

const ConfirmDialog = lazyDialog(() => import('./ConfirmDialog'));

export function ConfirmModal({ open, ...props }: ConfirmModalProps) {
  return open ? (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  ) : null;
}
