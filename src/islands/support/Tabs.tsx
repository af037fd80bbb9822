// Tabs by the WAI-ARIA tabs pattern: a tablist of tabs (aria-selected, aria-controls, one tab in the
// Tab order), arrow keys, Home and End move and activate; each panel is a labelled tabpanel.
// On phones the tabs share the width and a long label wraps onto two lines ("Base de
// connaissances" at 390 px): a cut-off label in a bar that scrolls without showing it was unreadable.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../../components/cx';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  panel: ReactNode;
}

export function Tabs<K extends string>({
  items,
  selected,
  onSelect,
  label,
}: {
  items: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  label: string;
}) {
  const base = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (k: K) => `${base}-tab-${k}`;
  const panelId = (k: K) => `${base}-panel-${k}`;

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : -1;
    if (next < 0) return;
    e.preventDefault();
    onSelect(items[next]!.key);
    refs.current[next]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className="-mx-1 flex gap-1 border-b border-gray-200 px-1">
        {items.map((item, index) => {
          const on = item.key === selected;
          return (
            <button
              key={item.key}
              ref={(el) => {
                refs.current[index] = el;
              }}
              id={tabId(item.key)}
              type="button"
              role="tab"
              aria-selected={on}
              aria-controls={panelId(item.key)}
              tabIndex={on ? 0 : -1}
              data-tab={item.key}
              onClick={() => onSelect(item.key)}
              onKeyDown={(e) => onKeyDown(e, index)}
              className={cx(
                '-mb-px min-h-11 min-w-0 flex-1 border-b-2 px-2 py-1 text-center text-sm font-medium leading-tight sm:flex-none sm:whitespace-nowrap sm:px-4',
                'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gray-900',
                on ? 'border-gray-900 text-gray-900' : 'border-transparent text-gray-600 hover:text-gray-900',
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) =>
        item.key === selected ? (
          <div
            key={item.key}
            id={panelId(item.key)}
            role="tabpanel"
            aria-labelledby={tabId(item.key)}
            tabIndex={0}
            className="pt-6 focus:outline-none focus-visible:outline-2 focus-visible:outline-gray-900"
          >
            {item.panel}
          </div>
        ) : null,
      )}
    </div>
  );
}
