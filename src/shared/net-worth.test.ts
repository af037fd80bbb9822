import { describe, expect, it } from 'vitest';
import { netWorth } from './net-worth';

const brokerage = { status: 'active', long_market_value_cents: 10_53, change_today_cents: -47 };
const wallet = { balance_usd_cents: 25_00, pendingIncoming: '3.5', price: '0.15' };

describe('net worth', () => {
  it('sums the USD balance, the investments and the wallet’s available value, counting the brokerage’s cash once', () => {
    expect(netWorth({ usd: { available_cents: 90_00 }, brokerage, wallet })).toEqual({
      total: 125_53n,
      usd: 90_00n,
      investments: 10_53n,
      digital: 25_00n,
      pending: 53n,
      changeToday: -47n,
    });
  });

  it('keeps incoming offers out of the total', () => {
    const withPending = netWorth({ usd: null, brokerage: null, wallet: { ...wallet, pendingIncoming: '1000' } });
    expect(withPending.total).toBe(25_00n);
    expect(withPending.pending).toBe(150_00n);
  });

  it('counts nothing of a part that does not exist, and no change without an opened brokerage account', () => {
    expect(netWorth({ usd: null, brokerage: { ...brokerage, status: 'not_opened' }, wallet: null })).toEqual({
      total: 0n,
      usd: null,
      investments: null,
      digital: null,
      pending: 0n,
      changeToday: null,
    });
  });
});
