import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../stores/lang';
import { ListTable, type ListColumn } from './ListTable';

afterEach(() => {
  cleanup();
  act(() => setLanguage('en'));
});

interface Row {
  symbol: string;
  price: string;
}
const rows: Row[] = [
  { symbol: 'CC', price: '$0.15' },
  { symbol: 'USDC', price: '$1.00' },
];
const columns: ListColumn<Row>[] = [
  { id: 'asset', header: 'Asset', cell: (row) => row.symbol },
  { id: 'price', header: 'Price', cell: (row) => row.price, className: 'text-right' },
  {
    id: 'actions',
    header: 'Actions',
    cell: (row) => (
      <button type="button" onClick={() => void row}>
        Buy {row.symbol}
      </button>
    ),
  },
];
const rowKey = (row: Row) => row.symbol;

describe('ListTable', () => {
  it('renders headers and one row per item with each column cell', () => {
    render(<ListTable columns={columns} rows={rows} rowKey={rowKey} caption="Assets" />);
    const table = screen.getByRole('table', { name: 'Assets' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Asset', 'Price', 'Actions']);
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((tr) => within(tr).getAllByRole('cell')[0]?.textContent)).toEqual(['CC', 'USDC']);
    expect(within(bodyRows[0]!).getAllByRole('cell')[1]?.className).toContain('text-right');
  });

  it('shows a spinner and Loading... instead of the table while loading', () => {
    render(<ListTable columns={columns} rows={rows} rowKey={rowKey} loading />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading...');
    expect(status.querySelector('svg.animate-spin')).not.toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('takes a screen-specific loading text', () => {
    render(<ListTable columns={columns} rows={[]} rowKey={rowKey} loading loadingText="Loading account data..." />);
    expect(screen.getByRole('status').textContent).toBe('Loading account data...');
  });

  it('shows the error as an alert with an optional retry', async () => {
    const onRetry = vi.fn();
    render(<ListTable columns={columns} rows={rows} rowKey={rowKey} error="Failed to load market data" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Failed to load market data');
    expect(screen.queryByRole('table')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows the empty state title and description when there are no rows', () => {
    render(
      <ListTable
        columns={columns}
        rows={[]}
        rowKey={rowKey}
        emptyTitle="No assets found"
        emptyDescription="Your digital assets will appear here once you have some in your wallet."
      />,
    );
    expect(screen.getByText('No assets found')).toBeTruthy();
    expect(screen.getByText('Your digital assets will appear here once you have some in your wallet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('falls back to a translated default empty title, also when rows are missing', () => {
    act(() => setLanguage('es'));
    render(<ListTable columns={columns} rows={undefined} rowKey={rowKey} />);
    expect(screen.getByText('Sin resultados')).toBeTruthy();
  });

  it('translates the loading text with the current language', () => {
    act(() => setLanguage('fs'));
    render(<ListTable columns={columns} rows={rows} rowKey={rowKey} loading />);
    expect(screen.getByRole('status').textContent).toBe('Chargement...');
  });

  it('runs onRowClick on a row click and on Enter when the row is focused', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    render(<ListTable columns={columns} rows={rows} rowKey={rowKey} onRowClick={onRowClick} />);
    const [, first, second] = screen.getAllByRole('row');
    await user.click(within(first!).getByText('CC'));
    expect(onRowClick).toHaveBeenLastCalledWith(rows[0]);
    expect(second!.tabIndex).toBe(0);
    second!.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(rows[1]);
    expect(onRowClick).toHaveBeenCalledTimes(2);
  });

  it('leaves clicks and Enter on a control inside a row to that control', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    render(<ListTable columns={columns} rows={rows} rowKey={rowKey} onRowClick={onRowClick} />);
    await user.click(screen.getByRole('button', { name: 'Buy CC' }));
    screen.getByRole('button', { name: 'Buy USDC' }).focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('makes rows neither focusable nor clickable without onRowClick', () => {
    render(<ListTable columns={columns} rows={rows} rowKey={rowKey} />);
    expect(screen.getAllByRole('row')[1]!.hasAttribute('tabindex')).toBe(false);
  });

  it('uses the mobile card renderer below 768 px and the table from md up', async () => {
    const onRowClick = vi.fn();
    render(
      <ListTable columns={columns} rows={rows} rowKey={rowKey} caption="Assets" onRowClick={onRowClick} renderMobileCard={(row) => <p>Card {row.symbol}</p>} />,
    );
    const cards = screen.getByRole('list', { name: 'Assets' });
    expect(cards.className).toContain('md:hidden');
    expect(screen.getByRole('table').parentElement?.className).toContain('hidden md:block');
    const items = within(cards).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Card CC', 'Card USDC']);
    fireEvent.click(within(items[1]!).getByText('Card USDC'));
    expect(onRowClick).toHaveBeenCalledWith(rows[1]);
  });
});
