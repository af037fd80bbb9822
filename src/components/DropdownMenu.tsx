// The open menu of a Dropdown (./Dropdown.tsx): its items and separators, focus on the item asked for,
// arrows, Home and End to move, Escape to close and return focus to the button, Tab or a press outside
// to close. A chunk of its own, loaded when the browser is idle after the page's first load.
import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
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

/** Which item takes focus: on opening, and each time the button's arrows ask again while open. */
export interface FocusRequest {
  at: 'first' | 'last';
}

type Item = Extract<DropdownItem, { type?: 'item' }>;
const isItem = (item: DropdownItem): item is Item => item.type !== 'separator';

interface DropdownMenuProps {
  id: string;
  triggerId: string;
  items: readonly DropdownItem[];
  align: 'start' | 'end';
  className?: string;
  focus: FocusRequest;
  /** The dropdown's root: a press outside it closes the menu. */
  rootRef: RefObject<HTMLDivElement | null>;
  /** Closes the menu, focus back on the button when `returnFocus`. */
  onClose: (returnFocus: boolean) => void;
}

export default function DropdownMenu({ id, triggerId, items, align, className, focus, rootRef, onClose }: DropdownMenuProps) {
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const count = items.filter(isItem).length;

  const focusItem = (index: number) => {
    if (count === 0) return;
    itemRefs.current[(index + count) % count]?.focus();
  };

  // Focus moves into the menu once it is rendered, and again when the button's arrows ask.
  useEffect(() => {
    const length = itemRefs.current.filter(Boolean).length;
    if (length > 0) itemRefs.current[(focus.at === 'first' ? 0 : length - 1) % length]?.focus();
  }, [focus]);

  // A press anywhere outside closes without taking focus away from where the user pressed.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) onClose(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [rootRef, onClose]);

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
        focusItem(count - 1);
        break;
      case 'Escape':
        // Stop here so a dialog around the menu stays open.
        event.preventDefault();
        event.stopPropagation();
        onClose(true);
        break;
      case 'Tab':
        onClose(false);
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
    onClose(!item.href);
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
    <div
      id={id}
      role="menu"
      aria-labelledby={triggerId}
      onKeyDown={onMenuKeyDown}
      className={cx(
        'absolute top-full z-40 mt-1 min-w-48 rounded-lg border border-gray-200 bg-white py-1 shadow-lg',
        align === 'end' ? 'right-0' : 'left-0',
        className,
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
  );
}
