// The account's positions as the API answers them, valued at the embedded market's current prices
// (./arithmetic.ts: market value, average cost, total return as a simple return, today's change),
// and their sums for the brokerage account's header. A closed position (no shares) is not listed.
import { SHARES_SCALE, decimalToString, divideDecimals, formatUnits, subtractDecimals } from '../../shared/decimal';
import type { Position } from '../../shared/schemas/order';
import { fail, requireAccount } from '../db';
import { averageCost, positionFigures } from './arithmetic';
import { quotesOf } from './prices';

interface PositionRow {
  symbol: string;
  qty: number;
  reserved_qty: number;
  cost_basis_cents: number;
}

const RATIO_DIGITS = 4;

async function valued(db: D1Database, rows: PositionRow[]): Promise<Position[]> {
  const quotes = await quotesOf(
    db,
    rows.map((r) => r.symbol),
  );
  return rows.flatMap((r) => {
    const quote = quotes.get(r.symbol);
    if (!quote) return [];
    const held = { qty: BigInt(r.qty), costBasis: BigInt(r.cost_basis_cents) };
    const f = positionFigures(held, quote.price, quote.lastday);
    return [
      {
        symbol: r.symbol,
        name: quote.name,
        asset_class: 'us_equity' as const,
        qty: formatUnits(held.qty, SHARES_SCALE),
        qty_available: formatUnits(held.qty - BigInt(r.reserved_qty), SHARES_SCALE),
        avg_entry_price: decimalToString(averageCost(held)!),
        cost_basis_cents: Number(f.costBasis),
        current_price: decimalToString(quote.price),
        lastday_price: decimalToString(quote.lastday),
        change_today: decimalToString(divideDecimals(subtractDecimals(quote.price, quote.lastday), quote.lastday, RATIO_DIGITS)),
        market_value_cents: Number(f.marketValue),
        unrealized_pl_cents: Number(f.unrealizedPl),
        unrealized_plpc: decimalToString(f.unrealizedPlRatio ?? { units: 0n, scale: RATIO_DIGITS }),
        unrealized_intraday_pl_cents: Number(f.changeToday),
      },
    ];
  });
}

const SELECT = `SELECT symbol, qty, reserved_qty, cost_basis_cents FROM positions WHERE account_id = ? AND qty > 0`;

/** The positions of an account (no access check: the caller has made it). */
export async function positionsOf(db: D1Database, accountId: string): Promise<Position[]> {
  const { results } = await db.prepare(`${SELECT} ORDER BY symbol`).bind(accountId).all<PositionRow>();
  return valued(db, results);
}

/** GET .../positions. */
export async function listPositions(db: D1Database, userId: string, accountId: string): Promise<Position[]> {
  await requireAccount(db, userId, accountId);
  return positionsOf(db, accountId);
}

/** GET .../positions/{symbol}: 404 without shares of it. */
export async function getPosition(db: D1Database, userId: string, accountId: string, symbol: string): Promise<Position> {
  await requireAccount(db, userId, accountId);
  const row = await db.prepare(`${SELECT} AND symbol = ?`).bind(accountId, symbol.toUpperCase()).first<PositionRow>();
  const [position] = row ? await valued(db, [row]) : [];
  return position ?? fail(404, 'No position in this symbol');
}

/** The sums the brokerage account's header shows: market value, today's change and total return, in cents. */
export async function portfolioFigures(db: D1Database, accountId: string) {
  const positions = await positionsOf(db, accountId);
  const sum = (pick: (p: Position) => number) => positions.reduce((total, p) => total + pick(p), 0);
  return {
    long_market_value_cents: sum((p) => p.market_value_cents),
    change_today_cents: sum((p) => p.unrealized_intraday_pl_cents),
    unrealized_pl_cents: sum((p) => p.unrealized_pl_cents),
  };
}
