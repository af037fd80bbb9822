// The timed work of the app, in one list: what the app's clock (./app-clock.ts) runs when it is due.
// Each job says when it is next due (from its own rows, so nothing is scheduled twice or lost when a
// run fails) and does its work for a given time. A run must be safe to repeat and to race another
// run: it picks its rows inside the statements that change them. Only the embedded mode owns a ledger
// (APP_MODE local or demo with no UPSTREAM_API_URL); in production the upstream keeps its own time,
// so there the jobs do nothing.
import { nextMarketSessionMs, runMarketSession } from '../../core/brokerage/market-session';
import { nextRecurringRunMs, runDueRecurringBuys } from '../../core/brokerage/recurring-run';
import { nextSnapshotMs, takeSnapshots } from '../../core/brokerage/snapshots';
import { decideDueReviews, nextReviewDue } from '../../core/identity/review';
import { expireLapsedOffers, nextOfferExpiry } from '../../core/ledger/expiry';
import { nextWithdrawalSettlement, settleDueWithdrawals } from '../../core/usd/settlement';
import { nowIso } from '../../platform/primitives';
import type { Bindings } from '../env';
import { notifyParties } from '../live/notify';
import { refreshMovedPrices } from '../market/cache';
import { ownsLedger } from './owns-ledger';

export interface ClockJob {
  readonly name: string;
  /** When the job is next due (epoch ms; in the past when overdue), or null when it has nothing to do. */
  nextDueMs(env: Bindings): Promise<number | null>;
  /** Does what is due at `nowMs`. */
  run(env: Bindings, nowMs: number): Promise<unknown>;
}

/**
 * Lapsed transfer offers expire (their locks released, both rows CANCELLED 'expired') at `nowMs`
 * (the clock's time, or a test's fake one); the parties whose screens changed are told (live
 * updates). Answers what it did, for the tests and the log.
 */
export async function expireOffers(env: Bindings, nowMs: number): Promise<{ expired: number; parties: string[] }> {
  if (!ownsLedger(env)) return { expired: 0, parties: [] };
  const result = await expireLapsedOffers(env.DB, nowIso(nowMs));
  if (result.parties.length > 0) {
    await notifyParties(env, result.parties, { type: 'wallet.changed' });
    console.log(`expiry job: ${result.expired} offers expired, ${result.parties.length} parties to notify`);
  }
  return result;
}

/**
 * Identity verifications pending review are decided (approved, or rejected with their reason) once
 * their decide_at has come, at `nowMs`; the people's open screens are told (live updates: their
 * notifications of the decision). Answers what it did, for the tests and the log.
 */
export async function decideIdentityReviews(env: Bindings, nowMs: number): Promise<{ decided: number; users: string[]; parties: string[] }> {
  if (!ownsLedger(env)) return { decided: 0, users: [], parties: [] };
  const result = await decideDueReviews(env.DB, nowIso(nowMs));
  if (result.decided > 0) {
    await notifyParties(env, result.parties, { type: 'notifications.new' });
    console.log(`identity review job: ${result.decided} verifications decided`);
  }
  return result;
}

/** Pending USD withdrawals due at `nowMs` settle (COMPLETED, the person notified). Answers how many. */
export async function settleWithdrawals(env: Bindings, nowMs: number): Promise<{ settled: number }> {
  if (!ownsLedger(env)) return { settled: 0 };
  const settled = await settleDueWithdrawals(env.DB, nowIso(nowMs));
  if (settled > 0) console.log(`withdrawal settlement job: ${settled} withdrawals settled`);
  return { settled };
}

/**
 * The market session at `nowMs` (the market's time adds a test's offset: core/brokerage/market-time.ts):
 * lapsed day orders expire, and while the market is open the embedded prices move, orders placed
 * while it was closed fill at the open and limit orders whose limit the price reached fill. The
 * people whose orders changed are told (live updates: their notifications and money), and moved
 * prices rewrite the cached market list, so no screen estimates at the price before the move. Why the
 * engine runs here and not in a Durable Object per account: core/brokerage/market-session.ts.
 */
export async function runMarket(env: Bindings, nowMs: number) {
  if (!ownsLedger(env)) return { moved: false, filled: 0, expired: 0, rejected: 0, accounts: [] };
  const result = await runMarketSession(env.DB, nowMs);
  if (result.moved) await refreshMovedPrices(env);
  if (result.accounts.length > 0) {
    await notifyAccounts(env, result.accounts);
    console.log(`market job: ${result.filled} filled, ${result.expired} expired, ${result.rejected} rejected`);
  }
  return result;
}

/** Tells the open screens of `accounts`' parties that they have new notifications (and money that moved). */
async function notifyAccounts(env: Bindings, accounts: string[]) {
  const { results } = await env.DB.prepare(`SELECT DISTINCT party_id FROM ledger_parties WHERE account_id IN (SELECT value FROM json_each(?))`)
    .bind(JSON.stringify(accounts))
    .all<{ party_id: string }>();
  await notifyParties(
    env,
    results.map((r) => r.party_id),
    { type: 'notifications.new' },
  );
}

/**
 * The recurring buys due at `nowMs` (9:30 New York of their run date, the market's time): each places
 * its market buy through the order engine, or is skipped without enough buying power and the person
 * told (core/brokerage/recurring-run.ts). The people whose plans ran are told (live updates).
 */
export async function runRecurringBuys(env: Bindings, nowMs: number) {
  if (!ownsLedger(env)) return { placed: 0, skipped: 0, accounts: [] };
  const result = await runDueRecurringBuys(env.DB, nowMs);
  if (result.accounts.length > 0) {
    await notifyAccounts(env, result.accounts);
    console.log(`recurring buys job: ${result.placed} placed, ${result.skipped} skipped`);
  }
  return result;
}

/**
 * The portfolio snapshots due at `nowMs`: after a trading day's close, that day's row for every
 * brokerage account holding a position or cash (core/brokerage/snapshots.ts; repeated or racing
 * runs write each day once). Answers the date and how many rows it wrote.
 */
export async function snapshotPortfolios(env: Bindings, nowMs: number): Promise<{ date: string | null; written: number }> {
  if (!ownsLedger(env)) return { date: null, written: 0 };
  const result = await takeSnapshots(env.DB, nowMs);
  if (result.written > 0) console.log(`snapshot job: ${result.written} portfolio snapshots for ${result.date}`);
  return result;
}

/** When the next of `at` (an ISO time or null) is due, in epoch ms. */
const dueMs = (at: string | null) => (at === null ? null : Date.parse(at));

export const JOBS: readonly ClockJob[] = [
  {
    name: 'offer expiry',
    nextDueMs: async (env) => dueMs(await nextOfferExpiry(env.DB)),
    run: expireOffers,
  },
  {
    name: 'identity review',
    nextDueMs: async (env) => dueMs(await nextReviewDue(env.DB)),
    run: decideIdentityReviews,
  },
  {
    name: 'withdrawal settlement',
    nextDueMs: async (env) => dueMs(await nextWithdrawalSettlement(env.DB)),
    run: settleWithdrawals,
  },
  {
    name: 'market session',
    nextDueMs: (env) => nextMarketSessionMs(env.DB, Date.now()),
    run: runMarket,
  },
  {
    name: 'recurring buys',
    nextDueMs: (env) => nextRecurringRunMs(env.DB, Date.now()),
    run: runRecurringBuys,
  },
  {
    name: 'portfolio snapshots',
    nextDueMs: (env) => nextSnapshotMs(env.DB, Date.now()),
    run: snapshotPortfolios,
  },
];
