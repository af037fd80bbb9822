// Net worth on the Accounts overview: everything the person owns in the active account, in one
// number of USD cents. Its parts: the USD account's available balance (which is also the brokerage's
// cash, so it is counted once), the brokerage's investments (its positions' market value) and the
// Canton wallet's available value at the current price, as the wallet screen's headline counts it.
// Money not yet the person's (incoming offers waiting for acceptance) is kept apart and never in the
// total. Today's change is the investments' change since the last close: the USD account has none,
// and the wallet's balance carries no previous price, so the overview says what it counts.
import { usdCents } from './decimal';

export interface NetWorthInput {
  /** The USD account's available cents (null: no USD account). */
  usd: { available_cents: number } | null;
  /** The brokerage account's figures (null: not opened). */
  brokerage: { status: string; long_market_value_cents: number; change_today_cents: number } | null;
  /** The Canton wallet's balance (null: no wallet). */
  wallet: { balance_usd_cents: number; pendingIncoming: string; price: string } | null;
}

export interface NetWorth {
  total: bigint;
  usd: bigint | null;
  investments: bigint | null;
  digital: bigint | null;
  /** Incoming offers' value, not in the total (0 without any). */
  pending: bigint;
  /** The investments' change since the last close (null without a brokerage account). */
  changeToday: bigint | null;
}

export function netWorth({ usd, brokerage, wallet }: NetWorthInput): NetWorth {
  const opened = brokerage?.status === 'active' ? brokerage : null;
  const parts = {
    usd: usd ? BigInt(usd.available_cents) : null,
    investments: opened ? BigInt(opened.long_market_value_cents) : null,
    digital: wallet ? BigInt(wallet.balance_usd_cents) : null,
  };
  return {
    total: (parts.usd ?? 0n) + (parts.investments ?? 0n) + (parts.digital ?? 0n),
    ...parts,
    pending: wallet ? (usdCents(wallet.pendingIncoming, wallet.price) ?? 0n) : 0n,
    changeToday: opened ? BigInt(opened.change_today_cents) : null,
  };
}
