// The wallet's headline is what the person can spend (available); pending incoming and locked
// outgoing amounts are shown beside it, labelled, in the short form (the Accounts card, the asset
// page) and in the wallet screen's breakdown alike.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGS, t as translate } from '../../i18n';
import { $lang } from '../../stores/lang';
import type { WalletBalance as Balance } from '../../stores/wallet';
import { WalletBalance } from './WalletBalance';

// After 'Transfer 100' and a 7 CC send still offered: 0 available, 100 pending incoming, 7 locked.
const OFFERED: Balance = {
  partyId: 'ana::1220',
  instrument: 'CC',
  balance: '0.0000000000',
  locked: '7.0000000000',
  pendingIncoming: '100.0000000000',
  price: '0.1571',
  balance_usd_cents: 0,
  total: '107.0000000000',
  total_usd_cents: 1681,
};

afterEach(() => {
  cleanup();
  $lang.set('en');
});

describe('WalletBalance', () => {
  for (const lang of LANGS) {
    for (const breakdown of [false, true]) {
      it(`headlines what can be spent, with pending and locked labelled beside it (${lang}, ${breakdown ? 'breakdown' : 'short form'})`, () => {
        $lang.set(lang);
        const { container } = render(<WalletBalance balance={OFFERED} breakdown={breakdown} />);
        const text = (selector: string) => container.querySelector(selector)?.textContent;
        expect(text('[data-wallet-balance]')).toBe('$0.00');
        const summary = text('[data-wallet-summary]') ?? '';
        expect(summary).toContain(translate(lang, 'wallet.balance.title'));
        if (breakdown) {
          expect(text('[data-wallet-part="available"]')).toBe('0.00 CC');
          expect(text('[data-wallet-part="pending"]')).toBe('100.00 CC');
          expect(text('[data-wallet-part="locked"]')).toBe('7.00 CC');
          expect(summary).toContain(translate(lang, 'wallet.balance.pendingLabel'));
          expect(summary).toContain(translate(lang, 'wallet.balance.lockedLabel'));
        } else {
          expect(text('[data-wallet-units]')).toBe(translate(lang, 'wallet.balance.available', { amount: '0.00 CC' }));
          expect(text('[data-wallet-pending]')).toBe(translate(lang, 'wallet.balance.pending', { amount: '100.00 CC' }));
          expect(text('[data-wallet-locked]')).toBe(translate(lang, 'wallet.balance.locked', { amount: '7.00 CC' }));
        }
        expect(text('[data-wallet-total]')).toBe(translate(lang, 'wallet.balance.total', { amount: '107.00 CC' }));
      });
    }
  }

  it('shows no pending or locked line in the short form when there is none', () => {
    const { container } = render(
      <WalletBalance
        balance={{ ...OFFERED, balance: '5.0000000000', balance_usd_cents: 79, locked: '0', pendingIncoming: '0', total: '5', total_usd_cents: 79 }}
      />,
    );
    expect(container.querySelector('[data-wallet-balance]')?.textContent).toBe('$0.79');
    expect(container.querySelector('[data-wallet-pending]')).toBeNull();
    expect(container.querySelector('[data-wallet-locked]')).toBeNull();
  });
});
