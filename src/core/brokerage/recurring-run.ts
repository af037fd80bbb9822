// Recurring buys, the runs: the app clock's timed work (src/worker/clock/jobs.ts). Each active plan
// whose run is due (9:30 New York on its next run date, at the market's time: ./market-time.ts)
// places a market day buy of its amount through the order engine's own placeOrder, with the run's
// record and the plan's next date in the placement's batch, so they commit together. Its
// client_order_id is the plan's id and the run's date: a repeated or racing run of the same date finds
// the order placed and writes nothing. A run the engine refuses (not enough buying power, trading
// blocked, a symbol no longer traded) places nothing: it is recorded as skipped, the plan moves to its
// next date and the person is notified, in one batch (one record per plan and date: a racing skip
// writes nothing twice). A run late by more than its day (the clock was down) is made up once, never
// once per missed date.
import { newId, nowIso } from '../../platform/primitives';
import { CENTS_SCALE, formatUnits } from '../../shared/decimal';
import type { OrderBody } from '../../shared/schemas/order';
import { Refusal } from '../../platform/errors';
import { isUniqueViolation } from '../db';
import { notifyRecurringRun } from '../ledger/notify';
import { newYorkDate } from './market-clock';
import { marketNowMs } from './market-time';
import { placeOrder } from './orders';
import { scheduleOf, type PlanRow } from './recurring';
import { nextRunDate, runDueAt } from './recurring-schedule';

/** Plans one run handles at most (the clock comes back at once for the rest: they are still due). */
const BATCH = 100;

export interface RecurringRun {
  placed: number;
  skipped: number;
  /** The accounts whose plans ran (their people's screens are told). */
  accounts: string[];
}

/** The client_order_id of a plan's run on a date. */
export const runOrderId = (planId: string, runDate: string) => `recurring-${planId}-${runDate}`;

/** The record of a run, and the plan moved to `next` (only from the run's own date, so a racing change of the plan wins). */
function runStatements(
  db: D1Database,
  plan: PlanRow,
  run: { id: string; date: string; next: string; now: string },
  outcome: 'placed' | 'skipped',
  reason: string | null,
) {
  return [
    db
      .prepare(
        `INSERT INTO recurring_runs (id, plan_id, run_date, outcome, order_id, reason, symbol, notional_cents, created_at)
         VALUES (?1, ?2, ?3, ?4, (SELECT id FROM orders WHERE user_id = ?5 AND client_order_id = ?6), ?7, ?8, ?9, ?10)`,
      )
      .bind(run.id, plan.id, run.date, outcome, plan.user_id, runOrderId(plan.id, run.date), reason, plan.symbol, plan.notional_cents, run.now),
    db
      .prepare(`UPDATE recurring_buys SET next_run_date = ?3, last_run_date = ?2, updated_at = ?4 WHERE id = ?1 AND status = 'active' AND next_run_date = ?2`)
      .bind(plan.id, run.date, run.next, run.now),
  ];
}

/** Runs one due plan at the real instant `nowMs` (`at`: the market's). Answers what happened, or null when a racing run had done it. */
async function runPlan(db: D1Database, plan: PlanRow, nowMs: number, at: number): Promise<'placed' | 'skipped' | null> {
  const date = plan.next_run_date!;
  const today = newYorkDate(at);
  // The next run comes after today once today's 9:30 has passed (a late run stands for today's too).
  const next = nextRunDate(scheduleOf(plan), today, runDueAt(today) <= at ? today : date);
  const run = { id: newId(), date, next, now: nowIso(nowMs) };
  const body: OrderBody = {
    symbol: plan.symbol,
    side: 'buy',
    type: 'market',
    time_in_force: 'day',
    notional: formatUnits(BigInt(plan.notional_cents), CENTS_SCALE),
    client_order_id: runOrderId(plan.id, date),
  };
  try {
    const { created } = await placeOrder(db, plan.user_id, plan.account_id, body, nowMs, null, runStatements(db, plan, run, 'placed', null));
    return created ? 'placed' : null;
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    try {
      await db.batch([...runStatements(db, plan, run, 'skipped', err.code), notifyRecurringRun(db, 'recurring_buy_skipped', run.now, run.id, plan.user_id)]);
      return 'skipped';
    } catch (raced) {
      if (isUniqueViolation(raced, 'recurring_runs')) return null;
      throw raced;
    }
  }
}

/** The recurring buys due at the real instant `nowMs`. */
export async function runDueRecurringBuys(db: D1Database, nowMs: number): Promise<RecurringRun> {
  const at = await marketNowMs(db, nowMs);
  const result: RecurringRun = { placed: 0, skipped: 0, accounts: [] };
  const { results } = await db
    .prepare(`SELECT * FROM recurring_buys WHERE status = 'active' AND next_run_date <= ? ORDER BY next_run_date, rowid LIMIT ?`)
    .bind(newYorkDate(at), BATCH)
    .all<PlanRow>();
  const touched = new Set<string>();
  for (const plan of results) {
    if (runDueAt(plan.next_run_date!) > at) continue;
    // One plan's failure (logged; it stays due for the next run) does not hold back the others.
    const outcome = await runPlan(db, plan, nowMs, at).catch((err: unknown) => {
      console.error(`recurring buy ${plan.id} failed:`, err instanceof Error ? err.message : String(err));
      return null;
    });
    if (outcome === null) continue;
    result[outcome]++;
    touched.add(plan.account_id);
  }
  result.accounts = [...touched];
  return result;
}

/** When the next run is due, as a real instant (9:30 New York of the earliest next run date); null without an active plan. */
export async function nextRecurringRunMs(db: D1Database, nowMs: number): Promise<number | null> {
  const date = await db.prepare(`SELECT MIN(next_run_date) AS date FROM recurring_buys WHERE status = 'active'`).first<string | null>('date');
  if (!date) return null;
  return runDueAt(date) - ((await marketNowMs(db, nowMs)) - nowMs);
}
