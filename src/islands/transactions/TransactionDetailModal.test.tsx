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

describe('TransactionDetailModal, a person-to-person transfer', () => {
  it('shows the side, the other person’s masked name and why it failed, in the user language', async () => {
    $lang.set('es');
    load.mockResolvedValue({
      id: '3f1c9a52-6b7e-4d21-9c3a-0a1b2c3d4e5f',
      account_id: 'a',
      wallet_id: null,
      type: 'transfer',
      status: 'FAILED',
      amount_usd: 31,
      asset: 'CC',
      asset_amount: '2.0000000000',
      network: 'canton',
      tx_hash: null,
      created_at: '2026-11-25T06:52:00.000Z',
      updated_at: '2026-11-25T06:53:00.000Z',
      description: null,
      counterparty: null,
      direction: 'sent',
      counterparty_name: 'Ana G.',
      status_reason: 'rejected',
      offer: null,
    });
    render(<TransactionDetailModal id="3f1c9a52-6b7e-4d21-9c3a-0a1b2c3d4e5f" onClose={() => {}} />);
    await screen.findByText('Ana G.');
    expect(document.querySelector('[data-detail-direction="sent"]')!.textContent).toBe('Enviada');
    expect(document.querySelector('[data-detail-reason="rejected"]')!.textContent).toBe('Rechazada por el destinatario');
  });
});
