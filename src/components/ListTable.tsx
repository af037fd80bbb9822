// Generic list table for the signed-in screens (transactions, market, assets, feature requests):
// columns with header and cell renderers, and the loading / error / empty states every list needs.
// Rows can be clickable (mouse, or Enter when focused). With `renderMobileCard`, phones (< 768 px,
// Tailwind `md`) get cards instead of the table; both are in the markup and CSS picks one, so there
// is no layout shift and nothing to measure in JavaScript.
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useT } from './use-t';
import { Button } from './Button';
import { cx } from './cx';
import { Spinner } from './Spinner';

export interface ListColumn<T> {
  id: string;
  header: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  /** Classes for the cells of this column (alignment, width, truncation). */
  className?: string;
  headerClassName?: string;
}

export interface ListTableProps<T> {
  columns: readonly ListColumn<T>[];
  rows: readonly T[] | null | undefined;
  rowKey: (row: T, index: number) => string;
  loading?: boolean;
  /** Text beside the spinner; default 'Loading...'. */
  loadingText?: string;
  /** An error message replaces the list (e.g. 'Failed to load market data'). */
  error?: string | null;
  /** Shows a 'Try again' button in the error state. */
  onRetry?: () => void;
  /** Empty state; the title defaults to 'No results'. */
  emptyTitle?: string;
  emptyDescription?: string;
  onRowClick?: (row: T) => void;
  /** Card for one row on small screens; without it the table scrolls sideways there. */
  renderMobileCard?: (row: T, index: number) => ReactNode;
  /** Screen-reader caption naming the table. */
  caption?: string;
  /**
   * Rows that only size the columns: rendered collapsed (Tailwind's `collapse`: `visibility: collapse`, no inline style under the CSP; hidden from assistive
   * technology) in the table's foot, so the columns already have the width the whole list will need
   * when only its first rows are on screen (a page rendered on the Worker), and do not move when the
   * rest arrives. Give rows whose cells load nothing (no logo URLs).
   */
  sizerRows?: readonly T[] | null;
  className?: string;
}

// A click on a button or link inside a row is that control's, not the row's.
const NESTED_CONTROL = 'a,button,input,select,textarea,label,[role="button"]';

/**
 * A list item of a long list (cards on phones, requests, tickets): the browser skips its rendering
 * while it is off screen (`content-visibility: auto`, paint included), with a placeholder height until
 * it has been rendered once (`contain-intrinsic-size: auto`, then its real height is remembered).
 * Table rows cannot take it (containment does not apply to table rows), so only lists do.
 */
export const OFFSCREEN_ITEM = '[content-visibility:auto] [contain-intrinsic-size:auto_6rem]';

function fromNestedControl(event: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>): boolean {
  const target = event.target instanceof Element ? event.target.closest(NESTED_CONTROL) : null;
  return target !== null && target !== event.currentTarget && event.currentTarget.contains(target);
}

export function ListTable<T>({
  columns,
  rows,
  rowKey,
  loading = false,
  loadingText,
  error,
  onRetry,
  emptyTitle,
  emptyDescription,
  onRowClick,
  renderMobileCard,
  caption,
  className,
  sizerRows,
}: ListTableProps<T>) {
  const t = useT();

  if (loading) {
    return (
      <div role="status" className={cx('flex items-center justify-center gap-3 py-12 text-gray-600', className)}>
        <Spinner decorative />
        <span>{loadingText ?? t('common.loading')}</span>
      </div>
    );
  }

  if (error) {
    return (
      <div role="alert" className={cx('flex flex-col items-center gap-4 py-12 text-center', className)}>
        <p className="font-medium text-red-700">{error}</p>
        {onRetry && (
          <Button variant="outline" size="sm" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </div>
    );
  }

  if (!rows || rows.length === 0) {
    return (
      <div className={cx('py-12 text-center', className)}>
        <p className="font-semibold text-gray-900">{emptyTitle ?? t('common.noResults')}</p>
        {emptyDescription && <p className="mt-1 text-sm text-gray-600">{emptyDescription}</p>}
      </div>
    );
  }

  const rowProps = (row: T) =>
    onRowClick
      ? {
          tabIndex: 0,
          onClick: (event: MouseEvent<HTMLElement>) => {
            if (!fromNestedControl(event)) onRowClick(row);
          },
          onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
            if (event.key === 'Enter' && event.target === event.currentTarget) {
              event.preventDefault();
              onRowClick(row);
            }
          },
        }
      : {};
  const clickable = onRowClick
    ? 'cursor-pointer hover:bg-gray-50 focus-visible:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gray-900'
    : undefined;

  return (
    <div className={className}>
      <div className={renderMobileCard ? 'hidden md:block' : 'overflow-x-auto'}>
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          {caption && <caption className="sr-only">{caption}</caption>}
          <thead className="bg-gray-50">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  className={cx('px-4 py-3 text-left text-xs font-medium uppercase tracking-wide text-gray-500', column.headerClassName)}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200 bg-white">
            {rows.map((row, index) => (
              <tr key={rowKey(row, index)} className={clickable} {...rowProps(row)}>
                {columns.map((column) => (
                  <td key={column.id} className={cx('px-4 py-3 text-gray-900', column.className)}>
                    {column.cell(row, index)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {sizerRows && sizerRows.length > 0 && (
            <tfoot aria-hidden="true" inert data-sizer="">
              {sizerRows.map((row, index) => (
                <tr key={rowKey(row, index)} className="collapse">
                  {columns.map((column) => (
                    <td key={column.id} className={cx('px-4 py-3 text-gray-900', column.className)}>
                      {column.cell(row, index)}
                    </td>
                  ))}
                </tr>
              ))}
            </tfoot>
          )}
        </table>
      </div>
      {renderMobileCard && (
        <ul className="divide-y divide-gray-200 md:hidden" aria-label={caption}>
          {rows.map((row, index) => (
            <li key={rowKey(row, index)} className={cx('p-4', OFFSCREEN_ITEM, clickable)} {...rowProps(row)}>
              {renderMobileCard(row, index)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
