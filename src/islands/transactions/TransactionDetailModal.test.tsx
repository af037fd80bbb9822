// The transaction detail's error state offers Try again, which loads the detail once more.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LANGS, loadDictionary, t as translate } from '../../i18n';
import { OFFER_STATUSES, STATUS_REASONS } from '../../shared/transaction-labels';
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

/** A person-to-person transfer of 2 CC with Ana G.; each test gives its status, side and offer. */
const P2P = {
  id: '3f1c9a52-6b7e-4d21-9c3a-0a1b2c3d4e5f',
  account_id: 'a',
  wallet_id: null,
  type: 'transfer',
  amount_usd: 31,
  asset: 'CC',
  asset_amount: '2.0000000000',
  network: 'canton',
  tx_hash: null,
  created_at: '2026-11-25T06:52:00.000Z',
  updated_at: '2026-11-25T06:53:00.000Z',
  description: null,
  counterparty: null,
  counterparty_name: 'Ana G.',
};

describe('TransactionDetailModal, a person-to-person transfer', () => {
  it('shows the side, the other person’s masked name and why it failed, in the user language', async () => {
    $lang.set('es');
    load.mockResolvedValue({ ...P2P, status: 'FAILED', direction: 'sent', status_reason: 'rejected', offer: null });
    render(<TransactionDetailModal id="3f1c9a52-6b7e-4d21-9c3a-0a1b2c3d4e5f" onClose={() => {}} />);
    await screen.findByText('Ana G.');
    // The side says an offer went out and no money moved, not "Sent" as if money had.
    expect(document.querySelector('[data-detail-direction="sent"]')!.textContent).toBe('Oferta enviada, no se movió dinero');
    expect(document.querySelector('[data-detail-reason="rejected"]')!.textContent).toBe('Rechazada por el destinatario');
    // A rejection is the receiver's choice, not a failure: the status says it in words.
    expect(document.querySelector('[data-detail-status]')!.textContent).toBe('Rechazada por el destinatario');
    expect(document.querySelector('[data-detail="transaction"]')!.textContent).not.toContain('Fallida');
  });
});

describe('TransactionDetailModal, the side of a transfer', () => {
  const ENDED = [
    { status: 'FAILED', status_reason: 'rejected' },
    { status: 'CANCELLED', status_reason: 'withdrawn' },
    { status: 'CANCELLED', status_reason: 'expired' },
  ] as const;
  for (const lang of LANGS) {
    for (const direction of ['sent', 'received'] as const) {
      it(`says an ended offer moved no money, not "${direction}" (${lang})`, async () => {
        await loadDictionary(lang);
        $lang.set(lang);
        for (const ended of ENDED) {
          load.mockResolvedValue({ ...P2P, ...ended, direction, offer: null });
          render(<TransactionDetailModal id="3f1c9a52-6b7e-4d21-9c3a-0a1b2c3d4e5f" onClose={() => {}} />);
          await screen.findByText('Ana G.');
          const side = document.querySelector(`[data-detail-direction="${direction}"]`)!.textContent;
          expect(side).toBe(translate(lang, direction === 'sent' ? 'transactions.direction.offerOut' : 'transactions.direction.offerIn'));
          expect(side).not.toBe(translate(lang, direction === 'sent' ? 'transactions.direction.out' : 'transactions.direction.in'));
          cleanup();
        }
      });

      it(`says a completed transfer was ${direction} (${lang})`, async () => {
        await loadDictionary(lang);
        $lang.set(lang);
        load.mockResolvedValue({ ...P2P, status: 'COMPLETED', status_reason: null, direction, offer: null });
        render(<TransactionDetailModal id="3f1c9a52-6b7e-4d21-9c3a-0a1b2c3d4e5f" onClose={() => {}} />);
        await screen.findByText('Ana G.');
        expect(document.querySelector(`[data-detail-direction="${direction}"]`)!.textContent).toBe(
          translate(lang, direction === 'sent' ? 'transactions.direction.out' : 'transactions.direction.in'),
        );
      });
    }
  }
});

describe('TransactionDetailModal, the treasury', () => {
  for (const lang of LANGS) {
    it(`names the treasury in ${lang} by its counterparty kind`, async () => {
      await loadDictionary(lang);
      $lang.set(lang);
      load.mockResolvedValue({
        ...P2P,
        counterparty_name: 'Dólar treasury',
        counterparty_kind: 'treasury',
        status: 'PENDING',
        direction: null,
        status_reason: null,
        offer: null,
      });
      render(<TransactionDetailModal id="3f1c9a52-6b7e-4d21-9c3a-0a1b2c3d4e5f" onClose={() => {}} />);
      const name = await screen.findByText(translate(lang, 'wallet.offers.treasury'));
      expect(name.hasAttribute('data-detail-counterparty-name')).toBe(true);
    });
  }
});

describe('TransactionDetailModal, the status history', () => {
  const offerTx = (status: (typeof OFFER_STATUSES)[number]) => ({
    ...P2P,
    status: status === 'pending' ? 'PENDING' : status === 'accepted' ? 'COMPLETED' : status === 'rejected' ? 'FAILED' : 'CANCELLED',
    direction: 'received',
    status_reason: (STATUS_REASONS as readonly string[]).includes(status) ? status : null,
    offer: {
      offerId: 'o1',
      senderPartyId: 's::1220',
      receiverPartyId: 'r::1220',
      instrument: 'CC',
      amount: '2.0000000000',
      status,
      expiresAt: '2026-11-26T06:52:00.000Z',
      createdAt: '2026-11-25T06:52:00.000Z',
      settledAt: status === 'pending' ? null : '2026-11-25T06:53:00.000Z',
    },
  });

  // Every status an offer can reach and every reason the core writes on a transaction (the core's
  // types are these lists): a new value without a label fails here.
  for (const lang of LANGS) {
    for (const status of OFFER_STATUSES) {
      it(`labels the offer's "${status}" line in ${lang}`, async () => {
        await loadDictionary(lang);
        $lang.set(lang);
        load.mockResolvedValue(offerTx(status));
        render(<TransactionDetailModal id="3f1c9a52-6b7e-4d21-9c3a-0a1b2c3d4e5f" onClose={() => {}} />);
        await screen.findByText('Ana G.');
        const lines = [...document.querySelectorAll('[data-detail-history] li')].map((li) => li.textContent ?? '');
        expect(lines).toHaveLength(2);
        for (const line of lines) expect(line, line).toMatch(/^\p{L}/u);
        if ((STATUS_REASONS as readonly string[]).includes(status)) {
          expect(document.querySelector(`[data-detail-reason="${status}"]`)?.textContent).toMatch(/^\p{L}/u);
        }
      });
    }
  }
});
