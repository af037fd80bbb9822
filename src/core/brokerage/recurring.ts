// Recurring buys, the plans: create, list, read, change (amount, frequency, pause and resume) and
// delete, each scoped to the caller's account (a foreign account or plan id answers 404 like an
// unknown one). A plan is for an account that can trade, of a symbol the order engine accepts
// (./orders.ts requireTrading, ./prices.ts requireTradable), from a start date that is today or later
// in New York at the market's time (./market-time.ts). Its next run date is the schedule's
// (./recurring-schedule.ts), computed again whenever the plan changes; the runs: ./recurring-run.ts.
import { newId, nowIso } from '../../platform/primitives';
import { CENTS_SCALE, formatUnits, parseUnits } from '../../shared/decimal';
import { MAX_RECURRING_BUYS, type RecurringFrequency, type RecurringStatus } from '../../shared/recurring-rules';
import type { RecurringBuy, RecurringBuyBody, RecurringBuyChange } from '../../shared/schemas/recurring';
import { fail, isGuardTrip, requireAccount } from '../db';
import { idempotencyInsert, type IdempotencyScope } from '../idempotency';
import { newYorkDate } from './market-clock';
import { marketNowMs } from './market-time';
import { requireTrading } from './orders';
import { requireTradable } from './prices';
import { nextRunDate, type Schedule } from './recurring-schedule';

export interface PlanRow {
  id: string;
  user_id: string;
  account_id: string;
  symbol: string;
  notional_cents: number;
  frequency: RecurringFrequency;
  start_date: string;
  status: RecurringStatus;
  next_run_date: string | null;
  last_run_date: string | null;
  created_at: string;
  updated_at: string;
}

/** The engine trades US stocks and ETFs only (crypto lives in the Canton wallet). */
export const scheduleOf = (plan: Pick<PlanRow, 'start_date' | 'frequency'>): Schedule => ({ ...plan, asset_class: 'us_equity' });

const toPlan = (r: PlanRow): RecurringBuy => ({
  id: r.id,
  account_id: r.account_id,
  symbol: r.symbol,
  asset_class: 'us_equity',
  notional: formatUnits(BigInt(r.notional_cents), CENTS_SCALE),
  frequency: r.frequency,
  start_date: r.start_date,
  status: r.status,
  next_run_date: r.next_run_date,
  last_run_date: r.last_run_date,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

/** Today's New York date at the market's time. */
const today = async (db: D1Database, nowMs: number) => newYorkDate(await marketNowMs(db, nowMs));

async function requirePlan(db: D1Database, accountId: string, planId: string): Promise<PlanRow> {
  const row = await db.prepare(`SELECT * FROM recurring_buys WHERE id = ? AND account_id = ?`).bind(planId, accountId).first<PlanRow>();
  return row ?? fail(404, 'Recurring buy not found');
}

/** GET .../recurring-buys: oldest first. */
export async function listRecurringBuys(db: D1Database, userId: string, accountId: string): Promise<RecurringBuy[]> {
  await requireAccount(db, userId, accountId);
  const { results } = await db
    .prepare(`SELECT * FROM recurring_buys WHERE account_id = ? ORDER BY created_at, rowid LIMIT ?`)
    .bind(accountId, MAX_RECURRING_BUYS)
    .all<PlanRow>();
  return results.map(toPlan);
}

/** GET .../recurring-buys/{planId}. */
export async function getRecurringBuy(db: D1Database, userId: string, accountId: string, planId: string): Promise<RecurringBuy> {
  await requireAccount(db, userId, accountId);
  return toPlan(await requirePlan(db, accountId, planId));
}

/** POST .../recurring-buys: an active plan whose first run is its start date's (moved to a session for a stock). */
export async function createRecurringBuy(
  db: D1Database,
  userId: string,
  accountId: string,
  body: RecurringBuyBody,
  nowMs: number,
  scope: IdempotencyScope | null,
): Promise<RecurringBuy> {
  await requireAccount(db, userId, accountId);
  await requireTrading(db, userId, accountId);
  const quote = await requireTradable(db, body.symbol);
  const day = await today(db, nowMs);
  if (body.start_date < day) fail(400, `start_date must be today (${day} in New York) or later`, 'validation_failed');
  const now = nowIso(nowMs);
  const row: PlanRow = {
    id: newId(),
    user_id: userId,
    account_id: accountId,
    symbol: quote.symbol,
    notional_cents: Number(parseUnits(body.notional, CENTS_SCALE)),
    frequency: body.frequency,
    start_date: body.start_date,
    status: 'active',
    next_run_date: nextRunDate(scheduleOf(body), day, null),
    last_run_date: null,
    created_at: now,
    updated_at: now,
  };
  const plan = toPlan(row);
  const stmts = [
    // At most MAX_RECURRING_BUYS per account, counted inside the insert so racing creates cannot pass it.
    db
      .prepare(
        `INSERT INTO recurring_buys (id, user_id, account_id, symbol, notional_cents, frequency, start_date, status, next_run_date, last_run_date, created_at, updated_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12 WHERE (SELECT COUNT(*) FROM recurring_buys WHERE account_id = ?3) < ?13`,
      )
      .bind(
        row.id,
        row.user_id,
        row.account_id,
        row.symbol,
        row.notional_cents,
        row.frequency,
        row.start_date,
        row.status,
        row.next_run_date,
        row.last_run_date,
        row.created_at,
        row.updated_at,
        MAX_RECURRING_BUYS,
      ),
    db.prepare(`INSERT INTO batch_guard (reason) SELECT 'too many recurring buys' WHERE changes() = 0`),
  ];
  if (scope) stmts.push(idempotencyInsert(db, scope, 201, JSON.stringify({ data: plan })));
  try {
    await db.batch(stmts);
  } catch (err) {
    if (isGuardTrip(err)) {
      fail(409, `An account has at most ${MAX_RECURRING_BUYS} recurring buys`, 'conflict');
    }
    throw err;
  }
  return plan;
}

/** PATCH .../recurring-buys/{planId}: the next run is computed again from today, after the last run. */
export async function updateRecurringBuy(
  db: D1Database,
  userId: string,
  accountId: string,
  planId: string,
  change: RecurringBuyChange,
  nowMs: number,
): Promise<RecurringBuy> {
  await requireAccount(db, userId, accountId);
  const plan = await requirePlan(db, accountId, planId);
  const frequency = change.frequency ?? plan.frequency;
  const status = change.status ?? plan.status;
  const next = status === 'active' ? nextRunDate(scheduleOf({ start_date: plan.start_date, frequency }), await today(db, nowMs), plan.last_run_date) : null;
  const notional = change.notional === undefined ? plan.notional_cents : Number(parseUnits(change.notional, CENTS_SCALE));
  await db
    .prepare(
      `UPDATE recurring_buys SET notional_cents = ?3, frequency = ?4, status = ?5, next_run_date = ?6, updated_at = ?7 WHERE id = ?1 AND account_id = ?2`,
    )
    .bind(planId, accountId, notional, frequency, status, next, nowIso(nowMs))
    .run();
  return toPlan(await requirePlan(db, accountId, planId));
}

/** DELETE .../recurring-buys/{planId}: answers the plan as it was; the orders it placed stay. */
export async function deleteRecurringBuy(db: D1Database, userId: string, accountId: string, planId: string): Promise<RecurringBuy> {
  await requireAccount(db, userId, accountId);
  const plan = await requirePlan(db, accountId, planId);
  const { meta } = await db.prepare(`DELETE FROM recurring_buys WHERE id = ? AND account_id = ?`).bind(planId, accountId).run();
  if (meta.changes === 0) fail(404, 'Recurring buy not found');
  return toPlan(plan);
}
