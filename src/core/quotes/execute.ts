// Executing a locked quote: ONE D1 batch marks it executed (only while it is still locked and
// unexpired), moves its CC from the treasury to the wallet's party, writes the COMPLETED deposit row
// (amount_usd = the cents paid), the notification and the idempotency record; a quote paid from the
// USD balance also takes the cents paid from the account's USD account there, guarded
// (../usd/purchases.ts). The figures are the ones locked: a price that moved since changes nothing.
// Two executes of one quote, racing or not, move money once: the loser's batch trips a guard and
// rolls back whole.
import { newId, nowIso, sha256Hex } from '../../platform/primitives';
import { LEDGER_SCALE, formatUnits } from '../../shared/decimal';
import type { OnrampProvider } from '../../shared/transaction-labels';
import { fail, isGuardTrip } from '../db';
import { idempotencyInsert, type IdempotencyScope } from '../idempotency';
import { spendFromTreasury, withTreasuryTopUp } from '../ledger/faucet';
import { notifyTransaction } from '../ledger/notify';
import { NETWORK, TREASURY_PARTY, contractId } from '../ledger/parties';
import { payingUsdWallet, requireUsdCovers, usdPurchaseStatements } from '../usd/purchases';
import { usdText } from './pricing';
import { requireReceivingWallet } from './quotes';

interface QuoteRow {
  id: string;
  wallet_id: string;
  onramp_provider: OnrampProvider;
  amount_usd_cents: number;
  fee_usd_cents: number;
  rate: string;
  net_units: string;
  status: 'locked' | 'executed' | 'expired';
  expires_at: string;
}

/** The caller's quote, or 404 (another user's id looks like an unknown one). */
export async function requireQuote(db: D1Database, userId: string, id: string): Promise<QuoteRow> {
  const row = await db
    .prepare(
      `SELECT id, wallet_id, onramp_provider, amount_usd_cents, fee_usd_cents, rate, CAST(net_destination_amount AS TEXT) AS net_units, status, expires_at
       FROM quotes WHERE id = ? AND user_id = ?`,
    )
    .bind(id, userId)
    .first<QuoteRow>();
  return row ?? fail(404, 'Quote not found');
}

/** 409 `quote_used` or `quote_expired` when the quote can no longer be executed (marking a lapsed one expired). */
async function refuseUnexecutable(db: D1Database, quote: QuoteRow, now: string) {
  if (quote.status === 'executed') fail(409, 'This quote was already executed', 'quote_used');
  if (quote.status === 'expired' || quote.expires_at <= now) {
    await db.prepare(`UPDATE quotes SET status = 'expired' WHERE id = ? AND status = 'locked'`).bind(quote.id).run();
    fail(409, 'This quote has expired: get a new quote', 'quote_expired');
  }
}

/** Why a guarded batch of `quote` was refused, when the quote or the USD balance says so (else nothing). */
async function refuseAfterTrip(db: D1Database, userId: string, quote: QuoteRow, usdWalletId: string | null) {
  await refuseUnexecutable(db, await requireQuote(db, userId, quote.id), nowIso());
  if (usdWalletId) await requireUsdCovers(db, usdWalletId, quote.amount_usd_cents);
}

/** POST /quotes/{id}/execute for the quote's owner `userId`. */
export async function executeQuote(db: D1Database, userId: string, quote: QuoteRow, scope: IdempotencyScope | null) {
  await refuseUnexecutable(db, quote, nowIso());
  const wallet = await requireReceivingWallet(db, userId, quote.wallet_id);
  const usdWalletId = quote.onramp_provider === 'usd_balance' ? await payingUsdWallet(db, wallet.accountId) : null;
  if (usdWalletId) await requireUsdCovers(db, usdWalletId, quote.amount_usd_cents);
  const units = BigInt(quote.net_units);
  const attempt = async () => {
    const now = nowIso();
    const txId = newId();
    const txHash = '1220' + (await sha256Hex('quote', quote.id, wallet.partyId, quote.net_units, now));
    const answer = {
      quote_id: quote.id,
      transaction_id: txId,
      amount_paid_usd: usdText(BigInt(quote.amount_usd_cents)),
      fees_usd: usdText(BigInt(quote.fee_usd_cents)),
      exchange_rate: quote.rate,
      amount_received: formatUnits(units, LEDGER_SCALE),
      destination_asset: 'CC' as const,
      wallet_id: wallet.walletId,
      onramp_provider: quote.onramp_provider,
      simulated: true as const,
      executed_at: now,
      funds_available_at: now,
      affectedParties: [wallet.partyId],
    };
    const stmts = [
      db
        .prepare(`UPDATE quotes SET status = 'executed', executed_at = ?2, transaction_id = ?3 WHERE id = ?1 AND status = 'locked' AND expires_at > ?2`)
        .bind(quote.id, now, txId),
      db.prepare(`INSERT INTO batch_guard (reason) SELECT 'quote no longer executable' WHERE changes() = 0`),
      ...spendFromTreasury(db, `quote:${quote.id}`, units, now),
      db
        .prepare(
          `INSERT INTO ledger_holdings (contract_id, owner_party, instrument_id, amount, created_by, created_at)
           VALUES (?, ?, 'CC', CAST(? AS INTEGER), ?, ?)`,
        )
        .bind(contractId(), wallet.partyId, quote.net_units, `quote:${quote.id}`, now),
      db
        .prepare(
          `INSERT INTO transactions (id, account_id, wallet_id, type, amount_usd, asset, network, asset_amount, status, tx_hash, counterparty_party, quote_id, description, created_at, updated_at)
           VALUES (?, ?, ?, 'deposit', ?, 'CC', ?, CAST(? AS INTEGER), 'COMPLETED', ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          txId,
          wallet.accountId,
          wallet.walletId,
          quote.amount_usd_cents,
          NETWORK,
          quote.net_units,
          txHash,
          TREASURY_PARTY,
          quote.id,
          'CC bought with a locked quote',
          now,
          now,
        ),
      notifyTransaction(db, 'quote_executed', now, txId),
      ...(usdWalletId ? usdPurchaseStatements(db, { walletId: usdWalletId, userId, cents: quote.amount_usd_cents, transactionId: txId, now }) : []),
    ];
    if (scope) stmts.push(idempotencyInsert(db, scope, 200, JSON.stringify({ data: answer })));
    await db.batch(stmts);
    return answer;
  };
  // A guard tripped because the quote was used or lapsed, or the USD balance went down, meanwhile:
  // say which, the retry after a treasury top-up included.
  const refuse = () => refuseAfterTrip(db, userId, quote, usdWalletId);
  try {
    return await withTreasuryTopUp(db, units, attempt, refuse);
  } catch (err) {
    if (isGuardTrip(err)) await refuse();
    throw err;
  }
}
