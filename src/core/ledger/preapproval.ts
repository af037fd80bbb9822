// TransferPreapprovals: a receiver who holds a live one is sent to directly (the transfer settles at
// once, no offer); it lives 90 days and is renewed when read or used with less than 30 days left.
import { nowIso } from '../../platform/primitives';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A TransferPreapproval lives 90 days, renewed when it is read or used with less than 30 days left. */
export const PREAPPROVAL_TTL_MS = 90 * DAY_MS;
export const PREAPPROVAL_RENEW_MS = 30 * DAY_MS;

export async function preapprovalOf(db: D1Database, partyId: string, now: string) {
  return db
    .prepare('SELECT expires_at FROM ledger_transfer_preapprovals WHERE receiver_party = ? AND expires_at > ?')
    .bind(partyId, now)
    .first<{ expires_at: string }>();
}

/**
 * GET /wallets/canton/preapproval/{accountId}: whether the party's preapproval is live; reading a
 * live one with less than 30 days left renews it to 90.
 */
export async function getPreapproval(db: D1Database, partyId: string) {
  const nowMs = Date.now();
  const now = nowIso(nowMs);
  const row = await preapprovalOf(db, partyId, now);
  if (!row) return { enabled: false, expiresAt: null };
  if (row.expires_at >= nowIso(nowMs + PREAPPROVAL_RENEW_MS)) return { enabled: true, expiresAt: row.expires_at };
  const expiresAt = nowIso(nowMs + PREAPPROVAL_TTL_MS);
  await db
    .prepare('UPDATE ledger_transfer_preapprovals SET expires_at = ? WHERE receiver_party = ? AND expires_at < ?')
    .bind(expiresAt, partyId, expiresAt)
    .run();
  return { enabled: true, expiresAt };
}

/** PUT /wallets/canton/preapproval/{accountId}: on creates (or renews) the 90-day preapproval, off removes it. */
export async function setPreapproval(db: D1Database, partyId: string, enabled: boolean) {
  if (!enabled) {
    await db.prepare('DELETE FROM ledger_transfer_preapprovals WHERE receiver_party = ?').bind(partyId).run();
    return { enabled: false, expiresAt: null };
  }
  const nowMs = Date.now();
  const expiresAt = nowIso(nowMs + PREAPPROVAL_TTL_MS);
  await db
    .prepare(
      `INSERT INTO ledger_transfer_preapprovals (receiver_party, created_at, expires_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (receiver_party) DO UPDATE SET expires_at = excluded.expires_at`,
    )
    .bind(partyId, nowIso(nowMs), expiresAt)
    .run();
  return { enabled: true, expiresAt };
}
