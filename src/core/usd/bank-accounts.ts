// Bank accounts a person adds to their USD account to withdraw to (simulated): the holder must be
// the verified person (their profile's first and last name, compared without case or accents); only
// the account number's last 4 digits and its hash are kept.
import { newId, nowIso, sha256Hex } from '../../platform/primitives';
import type { UsdBankAccount } from '../../shared/schemas/usd';
import { sameName } from '../../shared/person-name';
import { fail } from '../db';
import { idempotencyInsert, type IdempotencyScope } from '../idempotency';
import { BANK_ACCOUNT_COLUMNS, requireUsdWallet, requireVerified } from './account';

interface NewBankAccount {
  holder_name: string;
  bank_name: string;
  account_number: string;
  routing_number: string;
}

/** POST /usd/accounts/{accountId}/bank-accounts */
export async function addBankAccount(
  db: D1Database,
  userId: string,
  accountId: string,
  body: NewBankAccount,
  scope: IdempotencyScope | null,
): Promise<UsdBankAccount> {
  const walletId = await requireUsdWallet(db, userId, accountId);
  await requireVerified(db, userId);
  const profile = await db
    .prepare('SELECT first_name, last_name FROM profiles WHERE id = ?')
    .bind(userId)
    .first<{ first_name: string | null; last_name: string | null }>();
  if (!sameName(body.holder_name, `${profile?.first_name ?? ''} ${profile?.last_name ?? ''}`)) {
    fail(422, 'The holder name must be your verified name', 'holder_name_mismatch');
  }
  const row: UsdBankAccount = {
    id: newId(),
    holder_name: body.holder_name,
    bank_name: body.bank_name,
    account_last4: body.account_number.slice(-4),
    routing_number: body.routing_number,
    created_at: nowIso(),
  };
  const stmts = [
    db
      .prepare(
        `INSERT INTO usd_bank_accounts (id, wallet_id, holder_name, bank_name, account_last4, account_hash, routing_number, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        row.id,
        walletId,
        row.holder_name,
        row.bank_name,
        row.account_last4,
        await sha256Hex('usd-bank-account', body.account_number),
        row.routing_number,
        row.created_at,
      ),
  ];
  if (scope) stmts.push(idempotencyInsert(db, scope, 200, JSON.stringify({ data: row })));
  await db.batch(stmts);
  return row;
}

/** GET /usd/accounts/{accountId}/bank-accounts */
export async function listBankAccounts(db: D1Database, userId: string, accountId: string): Promise<UsdBankAccount[]> {
  const walletId = await requireUsdWallet(db, userId, accountId);
  const { results } = await db
    .prepare(`SELECT ${BANK_ACCOUNT_COLUMNS} FROM usd_bank_accounts WHERE wallet_id = ? ORDER BY created_at, id`)
    .bind(walletId)
    .all<UsdBankAccount>();
  return results;
}
