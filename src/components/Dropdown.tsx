// Dropdown menu by the WAI-ARIA menu button pattern: a button (aria-haspopup, aria-expanded) opens a
// role=menu below it with items and separators. Enter, Space or ArrowDown opens on the first item,
// ArrowUp on the last; arrows, Home and End move; Escape closes and returns focus to the button;
// Tab or a click outside closes. Items run `onSelect` or follow `href`.
import { useEffect, useEffectEvent, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { cx } from './cx';

export type DropdownItem =
  | {
      type?: 'item';
      id: string;
      label: ReactNode;
      onSelect?: () => void;
      /** Makes the item a link (still closes the menu). */
      href?: string;
      /** Shown and reachable but not activatable (e.g. the disabled 'Create New Account'). */
      disabled?: boolean;
      icon?: ReactNode;
    }
  | { type: 'separator'; id: string };

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

type Item = Extract<DropdownItem, { type?: 'item' }>;
const isItem = (item: DropdownItem): item is Item => item.type !== 'separator';

export function Dropdown({ label, triggerLabel, items, align = 'start', className, triggerClassName, menuClassName, onOpen }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const triggerId = useId();
  const menuId = useId();
  const menuItems = items.filter(isItem);

  const focusItem = (index: number) => {
    const count = menuItems.length;
    if (count === 0) return;
    itemRefs.current[(index + count) % count]?.focus();
  };

  const openMenu = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus;
    setOpen(true);
    onOpen?.();
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  // Focus moves into the menu once it is rendered; the items are read at that moment.
  const focusOnOpening = useEffectEvent(() => focusItem(focusOnOpen.current === 'first' ? 0 : menuItems.length - 1));
  useEffect(() => {
    if (open) focusOnOpening();
  }, [open]);

  // A press anywhere outside closes without taking focus away from where the user pressed.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Enter and Space reach onClick as native button clicks.
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const focus = event.key === 'ArrowDown' ? 'first' : 'last';
      if (open) focusItem(focus === 'first' ? 0 : menuItems.length - 1);
      else openMenu(focus);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = itemRefs.current.findIndex((element) => element === document.activeElement);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(current < 0 ? -1 : current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        break;
      case 'End':
        event.preventDefault();
        focusItem(menuItems.length - 1);
        break;
      case 'Escape':
        // Stop here so a dialog around the menu stays open.
        event.preventDefault();
        event.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      case ' ':
        // Links do not activate on Space natively; menu items should.
        if (event.target instanceof HTMLAnchorElement) {
          event.preventDefault();
          event.target.click();
        }
        break;
    }
  };

  const activate = (item: Item) => (event: MouseEvent<HTMLElement>) => {
    if (item.disabled) {
      event.preventDefault();
      return;
    }
    close(!item.href);
    item.onSelect?.();
  };

  let itemIndex = 0;
  const itemClass = (item: Item) =>
    cx(
      'flex w-full min-h-11 items-center gap-2 px-4 text-left text-sm text-gray-800',
      // A ring as well as the background: grey-100 on white alone is too faint to show focus.
      'focus:bg-gray-100 focus:outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gray-900',
      item.disabled ? 'cursor-not-allowed opacity-50' : 'hover:bg-gray-50',
    );

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
        className={cx('inline-flex min-h-11 items-center gap-2 rounded-lg px-3 focus-visible:outline-2 focus-visible:outline-gray-900', triggerClassName)}
      >
        {label}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-labelledby={triggerId}
          onKeyDown={onMenuKeyDown}
          className={cx(
            'absolute top-full z-40 mt-1 min-w-48 rounded-lg border border-gray-200 bg-white py-1 shadow-lg',
            align === 'end' ? 'right-0' : 'left-0',
            menuClassName,
          )}
        >
          {items.map((item) => {
            if (!isItem(item)) {
              return <div key={item.id} role="separator" className="my-1 h-px bg-gray-200" />;
            }
            const index = itemIndex++;
            const ref = (element: HTMLElement | null) => {
              itemRefs.current[index] = element;
            };
            const content = (
              <>
                {item.icon}
                {item.label}
              </>
            );
            return item.href && !item.disabled ? (
              <a key={item.id} ref={ref} href={item.href} role="menuitem" tabIndex={-1} onClick={activate(item)} className={itemClass(item)}>
                {content}
              </a>
            ) : (
              <button
                key={item.id}
                ref={ref}
                type="button"
                role="menuitem"
                tabIndex={-1}
                aria-disabled={item.disabled || undefined}
                onClick={activate(item)}
                className={itemClass(item)}
              >
                {content}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
