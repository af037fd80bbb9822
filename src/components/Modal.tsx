// Modal dialog rendered in a portal on <body>. Accessible by the WAI-ARIA dialog pattern: role=dialog,
// aria-modal, named by its title; focus moves in on open, Tab cycles inside, focus returns to the
// element that opened it on close. Escape, the backdrop and the close button close it unless
// `closeBlocked` (e.g. while saving, spec: "Closing is blocked while saving").
import { useEffect, useEffectEvent, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useT } from './use-t';
import { cx } from './cx';
import { focusableIn } from './focusable';
import { IconButton } from './Icon';
import { CloseIcon } from './icons';

export type ModalSize = 'sm' | 'md' | 'lg';

export interface ModalProps {
  open: boolean;
  /** Called on Escape, backdrop click or the close button (never while closeBlocked). */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Action buttons, right-aligned under the content. */
  footer?: ReactNode;
  closeBlocked?: boolean;
  size?: ModalSize;
  /** Element to focus on open; default: the first focusable element of the content. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  className?: string;
}

const SIZES: Record<ModalSize, string> = { sm: 'sm:max-w-sm', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl' };

// Open dialogs, innermost last: only the innermost one keeps focus (a dialog may open another).
const openDialogs: HTMLElement[] = [];

export function Modal(props: ModalProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<Dialog {...props} />, document.body);
}

function Dialog({ onClose, title, description, children, footer, closeBlocked = false, size = 'md', initialFocusRef, className }: Omit<ModalProps, 'open'>) {
  const t = useT();
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  const requestClose = () => {
    if (!closeBlocked) onClose();
  };

  // The element to focus is read at opening, not followed afterwards.
  const focusInitial = useEffectEvent((panel: HTMLElement) => (initialFocusRef?.current ?? focusableIn(panel)[0] ?? panel).focus());

  // Runs once per opening: remember the trigger, move focus in, lock page scroll; undo on close.
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const trigger = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openDialogs.push(panel);
    focusInitial(panel);

    // Focus that escapes (a click elsewhere, assistive tech) is brought back into the top dialog.
    const keepFocusInside = (event: FocusEvent) => {
      if (openDialogs[openDialogs.length - 1] !== panel) return;
      if (event.target instanceof Node && !panel.contains(event.target)) panel.focus();
    };
    document.addEventListener('focusin', keepFocusInside);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    return () => {
      document.removeEventListener('focusin', keepFocusInside);
      const index = openDialogs.indexOf(panel);
      if (index >= 0) openDialogs.splice(index, 1);
      if (openDialogs.length === 0) document.body.style.overflow = overflow;
      if (trigger?.isConnected) trigger.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // Stop here so an outer dialog does not close too.
      event.stopPropagation();
      requestClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const panel = panelRef.current;
    if (!panel) return;
    const items = focusableIn(panel);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      panel.focus();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <div data-modal-backdrop="" aria-hidden="true" className="absolute inset-0 bg-black/50" onClick={requestClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={cx(
          'relative max-h-[90dvh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl focus:outline-none sm:rounded-2xl',
          SIZES[size],
          className,
        )}
      >
        <h2 id={titleId} className="pr-10 text-lg font-semibold text-gray-900">
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className="mt-1 text-sm text-gray-600">
            {description}
          </p>
        )}
        <div className="mt-4">{children}</div>
        {footer && <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{footer}</div>}
        {/* Last in DOM order so opening focuses the first field, not the close button. */}
        <IconButton label={t('common.close')} onClick={requestClose} disabled={closeBlocked} className="absolute right-2 top-2 text-gray-500">
          <CloseIcon />
        </IconButton>
      </div>
    </div>
  );
}
