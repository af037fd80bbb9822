// A transfer that ended without moving money (rejected, withdrawn, expired) says so in words and
// carries no sign or colour of money in or out, for the sender and the receiver; a rejection is not
// "Failed". Every row shows its asset amount beside its USD value.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGS, t as translate } from '../../i18n';
import { $lang } from '../../stores/lang';
import type { Transaction } from '../../stores/transactions';
import { Counterparty, StatusBadge, TransactionAmount } from './TransactionCells';

const row = (over: Partial<Transaction>): Transaction => ({
  id: '3f1c9a52-6b7e-4d21-9c3a-0a1b2c3d4e5f',
  account_id: 'a',
  wallet_id: null,
  created_at: '2026-11-25T06:52:00.000Z',
  updated_at: '2026-11-25T06:53:00.000Z',
  type: 'transfer',
  amount_usd: 157,
  asset: 'CC',
  asset_amount: '10.0000000000',
  network: 'canton',
  status: 'COMPLETED',
  tx_hash: null,
  description: null,
  counterparty: 'ana::1220',
  direction: 'received',
  counterparty_name: 'Ana G.',
  status_reason: null,
  ...over,
});

function cells(tx: Transaction) {
  const { container } = render(
    <div>
      <StatusBadge value={tx.status} reason={tx.status_reason} />
      <TransactionAmount tx={tx} />
      <Counterparty tx={tx} />
    </div>,
  );
  const text = (selector: string) => container.querySelector(selector)?.textContent ?? null;
  return {
    status: text('[data-status]'),
    amount: text('[data-amount]'),
    moneyDirection: container.querySelector('[data-amount]')?.getAttribute('data-direction') ?? null,
    asset: text('[data-asset-amount]'),
    counterparty: text('[data-tx-direction]'),
  };
}

afterEach(() => {
  cleanup();
  $lang.set('en');
});

const ENDED = [
  { status: 'FAILED', reason: 'rejected' },
  { status: 'CANCELLED', reason: 'withdrawn' },
  { status: 'CANCELLED', reason: 'expired' },
] as const;

describe('a transaction row', () => {
  for (const lang of LANGS) {
    for (const { status, reason } of ENDED) {
      for (const direction of ['sent', 'received'] as const) {
        it(`says "${reason}" in words with no sign of money in or out (${lang}, ${direction})`, () => {
          $lang.set(lang);
          // The core signs a sender's asset amount ("-10.0000000000").
          const shown = cells(row({ status, status_reason: reason, direction, asset_amount: direction === 'sent' ? '-10.0000000000' : '10.0000000000' }));
          expect(shown.status).toBe(translate(lang, `transactions.reason.${reason}`));
          expect(shown.status).not.toContain(translate(lang, 'transactions.status.failed'));
          expect(shown.amount).toBe('$1.57');
          expect(shown.moneyDirection).toBeNull();
          expect(shown.asset).toBe('10.00 CC');
          // The other person is named, but not as money sent or received.
          expect(shown.counterparty).toBe(translate(lang, direction === 'sent' ? 'transactions.to' : 'transactions.from', { name: 'Ana G.' }));
        });
      }
    }

    it(`shows a completed transfer signed, with its asset amount beside the USD value (${lang})`, () => {
      $lang.set(lang);
      const shown = cells(row({}));
      expect(shown.status).toBe(translate(lang, 'transactions.status.completed'));
      expect(shown.amount).toBe(`${translate(lang, 'transactions.direction.in')} +$1.57`);
      expect(shown.moneyDirection).toBe('in');
      expect(shown.asset).toBe('10.00 CC');
      const sent = cells(row({ direction: 'sent', asset_amount: '-10.0000000000' }));
      expect(sent.amount).toBe(`${translate(lang, 'transactions.direction.out')} -$1.57`);
      expect(sent.asset).toBe('10.00 CC');
    });
  }

  for (const lang of LANGS) {
    it(`names the treasury in the user's language, not the server's English (${lang})`, () => {
      $lang.set(lang);
      const shown = cells(row({ counterparty_name: 'Dólar treasury', counterparty_kind: 'treasury' }));
      expect(shown.counterparty).toContain(translate(lang, 'transactions.from', { name: translate(lang, 'wallet.offers.treasury') }));
      if (lang !== 'en') expect(shown.counterparty).not.toContain('Dólar treasury');
    });
  }

  it('shows no asset amount for a row without one', () => {
    expect(cells(row({ asset_amount: null, type: 'deposit', asset: 'USD', direction: null })).asset).toBeNull();
  });

  it('shows a stock order as a buy or a sell of its shares, to a millionth, at the price a share came to, in the person’s language', () => {
    const buy = row({ type: 'stock_order', amount_usd: 1000, asset: 'AAPL', asset_amount: '0.0526310000', direction: 'sent', network: 'brokerage' });
    const shown = cells(buy);
    expect(shown.moneyDirection).toBe('out');
    expect(shown.asset).toBe('0.052631 AAPL');
    const { container } = render(<Counterparty tx={buy} />);
    expect(container.querySelector('[data-tx-order]')?.getAttribute('data-tx-order')).toBe('buy');
    expect(container.textContent).toBe(translate('en', 'trade.tx.buy', { qty: '0.052631', symbol: 'AAPL', price: '$190.00' }));
    cleanup();
    $lang.set('es');
    const sell = render(<Counterparty tx={{ ...buy, direction: 'received', amount_usd: 1999, asset_amount: '0.1000000000' }} />);
    expect(sell.container.textContent).toBe(translate('es', 'trade.tx.sell', { qty: '0.1', symbol: 'AAPL', price: '$199.90' }));
  });
});
