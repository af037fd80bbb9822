// The USD account's rules that every movement checks inside its own batch: a verified identity and
// the person's monthly limit (15,000.00 USD, counting deposits and withdrawals that were not
// cancelled, over every USD account of theirs; the month turns at 00:00 UTC on the 1st). Buying
// with the balance (a purchase) moves no money in or out of the account: it does not count.

/** A verified person's monthly limit, in cents (DolarApp's 15,000 USD); an unverified person's is 0. */
export const MONTHLY_LIMIT_CENTS = 1_500_000;

/** The calendar month (UTC) of `nowMs`: its first instant and the next month's (when the limit resets). */
export function monthWindow(nowMs: number) {
  const d = new Date(nowMs);
  return {
    start: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).toISOString(),
    resetsAt: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString(),
  };
}

/** SQL: the cents person ?user moved since ?start (deposits and withdrawals not cancelled; purchases do not count). */
export const usedSql = (user: string, start: string) =>
  `(SELECT COALESCE(SUM(amount_cents), 0) FROM usd_movements WHERE user_id = ${user} AND kind IN ('deposit', 'withdrawal') AND status <> 'cancelled' AND created_at >= ${start})`;

/** SQL: whether person ?user has an approved identity verification. */
export const verifiedSql = (user: string) => `EXISTS (SELECT 1 FROM profiles WHERE id = ${user} AND idv_status = 'approved')`;
