// On-ramp quotes: the indicative quote shown while an amount is typed, and the locked quote (a
// one-time id, its figures kept as they were, valid QUOTE_LOCK_MS). A quote to be paid from the USD
// balance is locked only when the account's USD account is open and covers its amount (executing
// checks again, inside its batch). Executing one: ./execute.ts.
import { newId, nowIso } from '../../platform/primitives';
import { CENTS_SCALE, parseUnits } from '../../shared/decimal';
import type { OnrampProvider } from '../../shared/transaction-labels';
import { fail } from '../db';
import { ccPrice } from '../ledger/price';
import { requireWallet } from '../ledger/wallets';
import { payingUsdWallet, requireUsdCovers } from '../usd/purchases';
import { figuresAnswer, quoteFigures, type QuoteFigures } from './pricing';

/** How long a locked quote can be executed. */
export const QUOTE_LOCK_MS = 30_000;

/** The figures for `amountUsd` (text the contract accepted) at CC's price now; 400 when nothing would be received. */
async function currentFigures(db: D1Database, amountUsd: string): Promise<QuoteFigures> {
  const figures = quoteFigures(parseUnits(amountUsd, CENTS_SCALE), await ccPrice(db));
  return figures ?? fail(400, 'The amount must be more than the 2.50 USD fee', 'amount_below_minimum');
}

/** GET /quotes/indicative: what the amount would buy now; nothing is kept. */
export async function indicativeQuote(db: D1Database, amountUsd: string) {
  return { ...figuresAnswer(await currentFigures(db, amountUsd)), indicative: true as const };
}

export interface LockRequest {
  amount_usd: string;
  onramp_provider: OnrampProvider;
  wallet_id: string;
}

/**
 * The caller's wallet that can receive CC: one of their Canton wallets with a ledger party. Any
 * other id (another user's, unknown, or a wallet with no party) is 404 alike.
 */
export async function requireReceivingWallet(db: D1Database, userId: string, walletId: string) {
  const wallet = await requireWallet(db, userId, walletId);
  const party = wallet.address
    ? await db.prepare('SELECT party_id FROM ledger_parties WHERE party_id = ?').bind(wallet.address).first<{ party_id: string }>()
    : null;
  if (wallet.chain !== 'canton' || wallet.is_active !== 1 || !party) fail(404, 'Wallet not found');
  return { walletId: wallet.id, accountId: wallet.account_id, partyId: party.party_id };
}

/** POST /quotes: locks the current figures for QUOTE_LOCK_MS under a new id. */
export async function lockQuote(db: D1Database, userId: string, body: LockRequest) {
  const wallet = await requireReceivingWallet(db, userId, body.wallet_id);
  const figures = await currentFigures(db, body.amount_usd);
  if (body.onramp_provider === 'usd_balance') await requireUsdCovers(db, await payingUsdWallet(db, wallet.accountId), Number(figures.amount_cents));
  const id = newId();
  const createdMs = Date.now();
  const created_at = nowIso(createdMs);
  const expires_at = nowIso(createdMs + QUOTE_LOCK_MS);
  await db
    .prepare(
      `INSERT INTO quotes (id, user_id, account_id, wallet_id, onramp_provider, destination_asset, amount_usd_cents, fee_usd_cents,
         market_price, rate, net_destination_amount, status, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, 'CC', ?, ?, ?, ?, CAST(? AS INTEGER), 'locked', ?, ?)`,
    )
    .bind(
      id,
      userId,
      wallet.accountId,
      wallet.walletId,
      body.onramp_provider,
      Number(figures.amount_cents),
      Number(figures.fee_cents),
      figures.price,
      figures.rate,
      figures.net_units.toString(),
      created_at,
      expires_at,
    )
    .run();
  return { id, ...figuresAnswer(figures), onramp_provider: body.onramp_provider, wallet_id: wallet.walletId, created_at, expires_at };
}
