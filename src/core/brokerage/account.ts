// The brokerage account of one of the caller's accounts: opening it (a wallet of chain `brokerage`,
// one per account, for a verified person, with the suitability answers and the W-8BEN declaration,
// one batch) and reading it. Cash is the account's USD account's available balance; buying power is
// cash less what open buy orders reserve (usd_balances.reserved_cents); equity is cash plus the
// positions' market value (./positions.ts).
import { newId, nowIso } from '../../platform/primitives';
import type { BrokerageAccount, OpenBrokerageBody } from '../../shared/schemas/brokerage';
import { sameName } from '../../shared/person-name';
import { requireVerifiedIdentity } from '../accounts/verified';
import { fail, isUniqueViolation, requireAccount } from '../db';
import { idempotencyInsert, type IdempotencyScope } from '../idempotency';
import { portfolioFigures } from './positions';

interface Opened {
  wallet_id: string;
  account_number: string;
  created_at: string;
}

interface VerifiedIdentity {
  verified: boolean;
  legal_name: string | null;
  country: string | null;
}

/** The person's verification: approved or not, and the name and country it approved (null when not on record). */
async function verifiedIdentity(db: D1Database, userId: string): Promise<VerifiedIdentity> {
  const row = await db
    .prepare(
      `SELECT p.idv_status, p.first_name, p.last_name,
         (SELECT v.country FROM identity_verifications v WHERE v.id = p.idv_id AND v.status = 'approved') AS country
       FROM profiles p WHERE p.id = ?`,
    )
    .bind(userId)
    .first<{ idv_status: string | null; first_name: string | null; last_name: string | null; country: string | null }>();
  const verified = row?.idv_status === 'approved';
  const name = [row?.first_name, row?.last_name].filter(Boolean).join(' ');
  return { verified, legal_name: verified && name ? name : null, country: verified ? (row?.country ?? null) : null };
}

interface Cash {
  /** The USD account's available cents (0 without a USD account). */
  cash: number;
  /** What open buy orders hold of it. */
  reserved: number;
}

async function usdCash(db: D1Database, accountId: string): Promise<Cash> {
  const row = await db
    .prepare(`SELECT b.available_cents, b.reserved_cents FROM wallets w JOIN usd_balances b ON b.wallet_id = w.id WHERE w.account_id = ? AND w.kind = 'usd'`)
    .bind(accountId)
    .first<{ available_cents: number; reserved_cents: number }>();
  return { cash: row?.available_cents ?? 0, reserved: row?.reserved_cents ?? 0 };
}

const NO_POSITIONS = { long_market_value_cents: 0, change_today_cents: 0, unrealized_pl_cents: 0 };

async function openedAccount(db: D1Database, accountId: string): Promise<Opened | null> {
  return db
    .prepare(
      `SELECT a.wallet_id, a.account_number, a.created_at FROM wallets w JOIN brokerage_accounts a ON a.wallet_id = w.id
       WHERE w.account_id = ? AND w.kind = 'brokerage'`,
    )
    .bind(accountId)
    .first<Opened>();
}

/** The account as the API answers it, from what was read (or is being written). */
function answer(
  accountId: string,
  identity: VerifiedIdentity,
  { cash, reserved }: Cash,
  portfolio: typeof NO_POSITIONS,
  opened: Opened | null,
  suitability: BrokerageAccount['suitability'],
  w8ben: BrokerageAccount['w8ben'],
): BrokerageAccount {
  const reasons: BrokerageAccount['trading_blocked_reasons'] = [];
  if (!identity.verified) reasons.push('identity_not_verified');
  if (!suitability) reasons.push('suitability_required');
  if (!w8ben) reasons.push('w8ben_required');
  return {
    status: opened ? 'active' : identity.verified ? 'not_opened' : 'unverified',
    account_id: accountId,
    wallet_id: opened?.wallet_id ?? null,
    account_number: opened?.account_number ?? null,
    currency: 'USD',
    cash_cents: cash,
    reserved_cents: reserved,
    buying_power_cents: Math.max(0, cash - reserved),
    ...portfolio,
    equity_cents: cash + portfolio.long_market_value_cents,
    trading_blocked: reasons.length > 0,
    trading_blocked_reasons: reasons,
    verified_identity: { legal_name: identity.legal_name, country: identity.country },
    suitability,
    w8ben,
    created_at: opened?.created_at ?? null,
  };
}

/** GET /brokerage/accounts/{accountId}: the account's brokerage account, or what it needs to be opened. */
export async function readBrokerageAccount(db: D1Database, userId: string, accountId: string): Promise<BrokerageAccount> {
  await requireAccount(db, userId, accountId);
  const [identity, cash, opened] = await Promise.all([verifiedIdentity(db, userId), usdCash(db, accountId), openedAccount(db, accountId)]);
  if (!opened) return answer(accountId, identity, cash, NO_POSITIONS, null, null, null);
  const portfolio = await portfolioFigures(db, accountId);
  const [suitability, w8ben] = await db.batch([
    db
      .prepare(
        `SELECT experience, risk_tolerance, horizon, answered_at FROM brokerage_suitability WHERE wallet_id = ? ORDER BY answered_at DESC, rowid DESC LIMIT 1`,
      )
      .bind(opened.wallet_id),
    db
      .prepare(`SELECT legal_name, country, date_signed, signed_at FROM brokerage_w8ben WHERE wallet_id = ? ORDER BY signed_at DESC, rowid DESC LIMIT 1`)
      .bind(opened.wallet_id),
  ]);
  return answer(
    accountId,
    identity,
    cash,
    portfolio,
    opened,
    (suitability!.results[0] as BrokerageAccount['suitability']) ?? null,
    (w8ben!.results[0] as BrokerageAccount['w8ben']) ?? null,
  );
}

/** The W-8BEN's refusals: the legal name and country are the verified ones, the signature is the legal name. */
function checkW8Ben(identity: VerifiedIdentity, w8ben: OpenBrokerageBody['w8ben']) {
  if (!identity.legal_name || !sameName(w8ben.legal_name, identity.legal_name)) {
    fail(422, 'The legal name must be your verified name', 'legal_name_mismatch');
  }
  if (identity.country && w8ben.country !== identity.country) fail(422, 'The country of residence must be your verified country', 'country_mismatch');
  if (!sameName(w8ben.signature, w8ben.legal_name)) fail(422, 'The signature must be your legal name', 'signature_mismatch');
}

/**
 * POST /brokerage/accounts/{accountId}: opens the account's brokerage account for a verified person
 * with both documents, in one batch (the wallet, the account, the documents and the Idempotency-Key's
 * answer); opening it again (racing ones too, through the wallets' unique index) answers the existing
 * one unchanged. Answers whether it was opened now, and the account.
 */
export async function openBrokerageAccount(
  db: D1Database,
  userId: string,
  accountId: string,
  body: OpenBrokerageBody,
  scope: IdempotencyScope | null,
): Promise<{ created: boolean; account: BrokerageAccount }> {
  await requireAccount(db, userId, accountId);
  await requireVerifiedIdentity(db, userId);
  const [identity, cash, existing] = await Promise.all([verifiedIdentity(db, userId), usdCash(db, accountId), openedAccount(db, accountId)]);
  if (existing) return { created: false, account: await readBrokerageAccount(db, userId, accountId) };
  checkW8Ben(identity, body.w8ben);

  const walletId = newId();
  const now = nowIso();
  const opened: Opened = { wallet_id: walletId, account_number: `DB${walletId.replace(/-/g, '').slice(0, 10).toUpperCase()}`, created_at: now };
  const suitability = { ...body.suitability, answered_at: now };
  const w8ben = { legal_name: body.w8ben.legal_name, country: body.w8ben.country, date_signed: now.slice(0, 10), signed_at: now };
  const account = answer(accountId, identity, cash, NO_POSITIONS, opened, suitability, w8ben);
  const stmts = [
    db
      .prepare(
        `INSERT INTO wallets (id, account_id, kind, chain, vendor, address, label, network, is_active, created_by, created_at, updated_at)
         VALUES (?, ?, 'brokerage', 'brokerage', 'dolar', NULL, 'Brokerage Account', 'us_equities', 1, ?, ?, ?)`,
      )
      .bind(walletId, accountId, userId, now, now),
    db
      .prepare(`INSERT INTO brokerage_accounts (wallet_id, account_number, status, opened_by, created_at, updated_at) VALUES (?, ?, 'active', ?, ?, ?)`)
      .bind(walletId, opened.account_number, userId, now, now),
    db
      .prepare(`INSERT INTO brokerage_suitability (id, wallet_id, user_id, experience, risk_tolerance, horizon, answered_at) VALUES (?, ?, ?, ?, ?, ?, ?)`)
      .bind(newId(), walletId, userId, suitability.experience, suitability.risk_tolerance, suitability.horizon, now),
    db
      .prepare(`INSERT INTO brokerage_w8ben (id, wallet_id, user_id, legal_name, country, date_signed, signature, signed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
      .bind(newId(), walletId, userId, w8ben.legal_name, w8ben.country, w8ben.date_signed, body.w8ben.signature, now),
  ];
  if (scope) stmts.push(idempotencyInsert(db, scope, 201, JSON.stringify({ data: account })));
  try {
    await db.batch(stmts);
  } catch (err) {
    // Another open of this account won the race: its account is the answer.
    if (!isUniqueViolation(err, 'wallets')) throw err;
    return { created: false, account: await readBrokerageAccount(db, userId, accountId) };
  }
  return { created: true, account };
}
