// The brokerage's daily portfolio snapshots and the history read from them. After each trading
// day's close (16:00 New York, 13:00 on an early close: ./market-clock.ts) the app clock's snapshot
// job writes one row per brokerage account that holds a position or cash: equity (the positions'
// market value at the close's prices plus the USD account's cash), cash and cost basis, in cents.
// The row's key is (account, New York date) and it is inserted OR IGNORE, so a repeated or racing
// run writes each day once; a run late after the close (the clock asleep) still writes the last
// closed day while the market stays closed, since prices move only while it is open. Weekends and
// holidays have no session, so they have no row. The history answers the stored days of a period
// and ends with today's point computed live (never stored), so the chart ends at the current value.
import { formatUnits, CENTS_SCALE } from '../../shared/decimal';
import type { PortfolioPeriod } from '../../shared/portfolio-periods';
import type { PortfolioHistory } from '../../shared/schemas/portfolio-history';
import { nowIso } from '../../platform/primitives';
import { requireAccount } from '../db';
import { positionFigures } from './arithmetic';
import { CALENDAR_COVERS, marketClock, newYorkDate, tradingDay } from './market-clock';
import { marketNowMs } from './market-time';
import { quotesOf } from './prices';

/** Accounts one run snapshots at most (the job is due again at once for the rest). */
const BATCH = 200;
const DAY_MS = 86_400_000;

/** An account's value at the current prices, in cents. */
export interface AccountValue {
  equity: bigint;
  cash: bigint;
  costBasis: bigint;
}

/**
 * The trading date whose snapshot is due at the market's instant `at`: the latest session that has
 * closed, while the market is closed (null while it is open: its last closed day was taken at that
 * close, and the values now have moved since).
 */
export function snapshotDate(at: number): string | null {
  if (marketClock(at).is_open) return null;
  for (let back = 0; back < 10; back++) {
    const date = newYorkDate(at - back * DAY_MS);
    if (date < CALENDAR_COVERS.first) return null;
    const day = tradingDay(date);
    if (day && day.closeAt <= at) return date;
  }
  return null;
}

/** Opened brokerage accounts holding a position or cash, opened by `before` (an ISO time). */
const HOLDING = `SELECT w.account_id FROM wallets w JOIN brokerage_accounts a ON a.wallet_id = w.id
  WHERE w.kind = 'brokerage' AND a.created_at <= ?1
    AND (EXISTS (SELECT 1 FROM positions p WHERE p.account_id = w.account_id AND p.qty > 0)
      OR EXISTS (SELECT 1 FROM wallets u JOIN usd_balances b ON b.wallet_id = u.id WHERE u.account_id = w.account_id AND u.kind = 'usd' AND b.available_cents > 0))`;
const MISSING = `${HOLDING} AND NOT EXISTS (SELECT 1 FROM portfolio_snapshots s WHERE s.account_id = w.account_id AND s.date = ?2)`;

/** The accounts' values at the current prices (cash 0 without a USD account; a position without a price is left out). */
export async function accountValues(db: D1Database, accountIds: string[]): Promise<Map<string, AccountValue>> {
  const ids = JSON.stringify(accountIds);
  const [positions, cash] = await db.batch<{ account_id: string; symbol: string; qty: number; cost_basis_cents: number; available_cents: number }>([
    db.prepare(`SELECT account_id, symbol, qty, cost_basis_cents FROM positions WHERE qty > 0 AND account_id IN (SELECT value FROM json_each(?))`).bind(ids),
    db
      .prepare(
        `SELECT w.account_id, b.available_cents FROM wallets w JOIN usd_balances b ON b.wallet_id = w.id
         WHERE w.kind = 'usd' AND w.account_id IN (SELECT value FROM json_each(?))`,
      )
      .bind(ids),
  ]);
  const values = new Map(accountIds.map((id) => [id, { equity: 0n, cash: 0n, costBasis: 0n }]));
  for (const row of cash!.results) {
    const value = values.get(row.account_id)!;
    value.cash = BigInt(row.available_cents);
    value.equity += value.cash;
  }
  const quotes = await quotesOf(db, [...new Set(positions!.results.map((r) => r.symbol))]);
  for (const row of positions!.results) {
    const quote = quotes.get(row.symbol);
    if (!quote) continue;
    const figures = positionFigures({ qty: BigInt(row.qty), costBasis: BigInt(row.cost_basis_cents) }, quote.price, quote.lastday);
    const value = values.get(row.account_id)!;
    value.equity += figures.marketValue;
    value.costBasis += figures.costBasis;
  }
  return values;
}

/** The close of a trading date as an ISO time (the accounts opened after it have no row for it). */
const closeIso = (date: string) => nowIso(tradingDay(date)!.closeAt);

/**
 * Takes the snapshots due at the real instant `nowMs` (the market's time adds a test's offset):
 * the last closed trading day's row of every account holding a position or cash that lacks it.
 * Answers the date and how many rows this run wrote.
 */
export async function takeSnapshots(db: D1Database, nowMs: number): Promise<{ date: string | null; written: number }> {
  const date = snapshotDate(await marketNowMs(db, nowMs));
  if (!date) return { date, written: 0 };
  const { results } = await db.prepare(`${MISSING} LIMIT ?3`).bind(closeIso(date), date, BATCH).all<{ account_id: string }>();
  if (results.length === 0) return { date, written: 0 };
  const values = await accountValues(
    db,
    results.map((r) => r.account_id),
  );
  const now = nowIso(nowMs);
  const written = await db.batch(
    [...values].map(([accountId, v]) =>
      db
        .prepare(
          `INSERT OR IGNORE INTO portfolio_snapshots (account_id, date, equity_cents, cash_cents, cost_basis_cents, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .bind(accountId, date, Number(v.equity), Number(v.cash), Number(v.costBasis), now),
    ),
  );
  return { date, written: written.reduce((sum, r) => sum + (r.meta.changes ?? 0), 0) };
}

/**
 * When the snapshot job is next due, as a real instant: now while an account lacks the last closed
 * day's row, else the market's next close; null while no brokerage account holds a position or cash
 * (so an idle app's clock sleeps).
 */
export async function nextSnapshotMs(db: D1Database, nowMs: number): Promise<number | null> {
  const at = await marketNowMs(db, nowMs);
  const date = snapshotDate(at);
  if (date && (await db.prepare(`${MISSING} LIMIT 1`).bind(closeIso(date), date).first())) return nowMs;
  if (!(await db.prepare(`${HOLDING} LIMIT 1`).bind(nowIso(at)).first())) return null;
  return Date.parse(marketClock(at).next_close) - (at - nowMs);
}

/** How far back each period reaches from today's New York date (null: every stored day). */
const PERIOD_MONTHS: Record<PortfolioPeriod, number | null> = { '1M': 1, '3M': 3, '1Y': 12, all: null };

function periodStart(today: string, period: PortfolioPeriod): string {
  const months = PERIOD_MONTHS[period];
  if (months === null) return '0000-00-00';
  const start = new Date(`${today}T00:00:00Z`);
  start.setUTCMonth(start.getUTCMonth() - months);
  return start.toISOString().slice(0, 10);
}

const dollars = (cents: bigint | number) => formatUnits(BigInt(cents), CENTS_SCALE);

/**
 * GET .../portfolio/history: the account's daily equity over `period`, oldest first, in the shape of
 * a brokerage's portfolio history: `timestamp` (each stored day's close, then now, in epoch seconds),
 * `equity` and `profit_loss` (the positions' return that day: equity - cash - cost basis) as exact
 * dollar strings, and `base_value`, the first point's equity. An account without a brokerage account
 * answers no points; another user's account is 404.
 */
export async function portfolioHistory(db: D1Database, userId: string, accountId: string, period: PortfolioPeriod, nowMs: number): Promise<PortfolioHistory> {
  await requireAccount(db, userId, accountId);
  const opened = await db
    .prepare(`SELECT 1 FROM wallets w JOIN brokerage_accounts a ON a.wallet_id = w.id WHERE w.account_id = ? AND w.kind = 'brokerage'`)
    .bind(accountId)
    .first();
  if (!opened) return { timestamp: [], equity: [], profit_loss: [], base_value: dollars(0), timeframe: '1D' };
  const at = await marketNowMs(db, nowMs);
  const today = newYorkDate(at);
  const { results } = await db
    .prepare(`SELECT date, equity_cents, cash_cents, cost_basis_cents FROM portfolio_snapshots WHERE account_id = ? AND date >= ? AND date < ? ORDER BY date`)
    .bind(accountId, periodStart(today, period), today)
    .all<{ date: string; equity_cents: number; cash_cents: number; cost_basis_cents: number }>();
  const live = (await accountValues(db, [accountId])).get(accountId)!;
  const points = [
    ...results.map((r) => ({
      at: tradingDay(r.date)!.closeAt,
      equity: BigInt(r.equity_cents),
      cash: BigInt(r.cash_cents),
      costBasis: BigInt(r.cost_basis_cents),
    })),
    { at, ...live },
  ];
  return {
    timestamp: points.map((p) => Math.floor(p.at / 1000)),
    equity: points.map((p) => dollars(p.equity)),
    profit_loss: points.map((p) => dollars(p.equity - p.cash - p.costBasis)),
    base_value: dollars(points[0]!.equity),
    timeframe: '1D',
  };
}
