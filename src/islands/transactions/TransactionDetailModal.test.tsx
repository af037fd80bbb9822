// The transaction detail's error state offers Try again, which loads the detail once more.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadDictionary } from '../../i18n';
import { $lang } from '../../stores/lang';

const load = vi.fn();
vi.mock('../../stores/transactions', () => ({ loadTransactionDetail: (id: string) => load(id) }));

const { default: TransactionDetailModal } = await import('./TransactionDetailModal');

beforeAll(async () => {
  await loadDictionary('es');
});
afterEach(() => {
  cleanup();
  load.mockReset();
});

describe('TransactionDetailModal', () => {
  it('shows the failure with Try again in the user language, and Try again loads the detail again', async () => {
    $lang.set('es');
    load.mockRejectedValue(new Error('offline'));
    render(<TransactionDetailModal id="3f1c9a52-6b7e-4d21-9c3a-0a1b2c3d4e5f" onClose={() => {}} />);
    await screen.findByRole('alert');
    expect(load).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(load).toHaveBeenLastCalledWith('3f1c9a52-6b7e-4d21-9c3a-0a1b2c3d4e5f');
  });
});
