// Small D1 helpers shared by the core services: known errors and the caller's scope (an account is
// the caller's only when a user_accounts row links them). Ids, time and hashing: src/platform/primitives.ts.
import { Refusal } from '../platform/errors';
import type { ErrorCode } from '../shared/error-codes';

/**
 * The core's one way to refuse: `code` names it for clients (src/shared/error-codes.ts), else its
 * status does (404 is `not_found`: a foreign id looks like a missing one).
 */
export function fail(status: 400 | 403 | 404 | 409 | 413 | 422, message: string, code?: ErrorCode): never {
  throw new Refusal(status, message, code);
}

/** A batch aborted by its own `batch_guard` statement (see migrations/0010). */
export const isGuardTrip = (err: unknown) => err instanceof Error && err.message.includes('batch_guard_tripped');
/** Runs a batch that guards itself: true when it committed, false when its own guard refused it (nothing written). */
export async function guardedBatch(db: D1Database, stmts: D1PreparedStatement[]): Promise<boolean> {
  try {
    await db.batch(stmts);
    return true;
  } catch (err) {
    if (isGuardTrip(err)) return false;
    throw err;
  }
}

export const isUniqueViolation = (err: unknown, table: string) =>
  err instanceof Error && err.message.includes('UNIQUE constraint failed') && err.message.includes(table);

export interface AccountRow {
  id: string;
  name: string;
}

/** The account if the caller belongs to it; 404 otherwise (a foreign id looks like a missing one). */
export async function requireAccount(db: D1Database, userId: string, accountId: string): Promise<AccountRow> {
  const row = await db
    .prepare(
      `SELECT a.id, a.name FROM user_accounts ua JOIN accounts a ON a.id = ua.account_id
       WHERE ua.user_id = ? AND ua.account_id = ?`,
    )
    .bind(userId, accountId)
    .first<AccountRow>();
  return row ?? fail(404, 'Account not found');
}
