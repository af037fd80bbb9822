// Dropdown menu by the WAI-ARIA menu button pattern: a button (aria-haspopup, aria-expanded) opens a
// role=menu below it with items and separators. Enter, Space or ArrowDown opens on the first item,
// ArrowUp on the last; arrows, Home and End move; Escape closes and returns focus to the button;
// Tab or a click outside closes. Items run `onSelect` or follow `href`.
// The button paints with the page; the menu (./DropdownMenu.tsx) is no part of the first load: its
// chunk is fetched once the browser is idle (lazyDialog), or when the button is pointed at or focused,
// so the first open waits for no network.
import { Suspense, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';
import type { DropdownItem, FocusRequest } from './DropdownMenu';
import { lazyDialog } from './lazy-dialog';

export type { DropdownItem };

const loadMenu = () => import('./DropdownMenu');
const DropdownMenu = lazyDialog(loadMenu);
/** A pointer over the button or focus on it fetches the menu now if the idle moment has not come yet. */
const warmMenu = () => void loadMenu();

export interface DropdownProps {
  /** Content of the trigger button. */
  label: ReactNode;
  /** Accessible name of the trigger when `label` is not text (an avatar, an icon). */
  triggerLabel?: string;
  items: readonly DropdownItem[];
  /** Which trigger edge the menu lines up with. */
  align?: 'start' | 'end';
  className?: string;
  triggerClassName?: string;
  menuClassName?: string;
  /** Called each time the menu opens (e.g. to mark what it lists as seen). */
  onOpen?: () => void;
}

export function Dropdown({ label, triggerLabel, items, align = 'start', className, triggerClassName, menuClassName, onOpen }: DropdownProps) {
  const [open, setOpen] = useState(false);
  // A new object each time, so the menu focuses again even when asked for the same item.
  const [focus, setFocus] = useState<FocusRequest>({ at: 'first' });
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const triggerId = useId();
  const menuId = useId();

  const openMenu = (at: FocusRequest['at']) => {
    setFocus({ at });
    setOpen(true);
    onOpen?.();
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Enter and Space reach onClick as native button clicks.
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const at = event.key === 'ArrowDown' ? 'first' : 'last';
      if (open) setFocus({ at });
      else openMenu(at);
    }
  };

  return (
    <div ref={rootRef} className={cx('relative inline-block', className)}>
      <button
        ref={triggerRef}
        id={triggerId}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={triggerLabel}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onTriggerKeyDown}
        onPointerEnter={warmMenu}
        onFocus={warmMenu}
        className={cx('inline-flex min-h-11 items-center gap-2 rounded-lg px-3 focus-visible:outline-2 focus-visible:outline-gray-900', triggerClassName)}
      >
        {label}
      </button>
      {open && (
        <Suspense fallback={null}>
          <DropdownMenu
            id={menuId}
            triggerId={triggerId}
            items={items}
            align={align}
            className={menuClassName}
            focus={focus}
            rootRef={rootRef}
            onClose={close}
          />
        </Suspense>
      )}
    </div>
  );
}
