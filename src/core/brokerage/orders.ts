// Placing and cancelling orders, and reading them. An order is placed for a trading account (opened,
// not blocked: 403 `trading_blocked` otherwise) on a stock or ETF with a price (422
// `symbol_not_tradable`). In one D1 batch it is either filled at once (a market order while the
// market is open, a limit order whose limit the price already reached: ./fills.ts) or kept open with
// what it holds: an open buy reserves buying power (usd_balances.reserved_cents: its notional,
// qty x limit, or qty x price x 1.05 for a market buy by qty, rounded up to the cent), an open sell
// holds its shares (positions.reserved_qty). Every statement that spends or holds is guarded by what
// is free (cash - reserved, shares - held), so racing orders never overdraw and a reservation is
// never spent twice; a refused batch writes nothing. `client_order_id` is unique per person: the
// same id and body answers the order it placed, another body 409 `client_order_id_conflict`.
import { newId, nowIso, sha256Hex } from '../../platform/primitives';
import { CENTS_SCALE, compareDecimals, decimalToString, parseDecimal, parseUnits, SHARES_SCALE, type Decimal } from '../../shared/decimal';
import type { Order, OrderBody, OrderListQuery } from '../../shared/schemas/order';
import { readBrokerageAccount } from './account';
import { buyCost, notionalQty, sellProceeds } from './arithmetic';
import { reservationOf } from '../../shared/order-estimate';
// What an open order holds is the order ticket's rule too: it lives in src/shared/order-estimate.ts.
export { reservationOf };
import { fail, isGuardTrip, isUniqueViolation, requireAccount } from '../db';
import { idempotencyInsert, type IdempotencyScope } from '../idempotency';
import { closeOrder, fillFigures, fillStatements, readPosition, type Fill, type TradingWallets } from './fills';
import { marketNow } from './market-time';
import { OPEN_SQL, requireOrder, toOrder, type OrderRow } from './order-rows';
import { requireTradable, type Quote } from './prices';
import { usdWalletId } from '../usd/account';

/** How often a placement is tried again when a racing fill changed the position it read. */
const ATTEMPTS = 3;

/** The account's wallets for trading, or 403 `trading_blocked` when its brokerage account cannot trade. */
export async function requireTrading(db: D1Database, userId: string, accountId: string): Promise<TradingWallets> {
  const account = await readBrokerageAccount(db, userId, accountId);
  if (account.status !== 'active' || account.trading_blocked || !account.wallet_id) {
    fail(403, 'Open your brokerage account before you trade', 'trading_blocked');
  }
  return { usd: await usdWalletId(db, accountId), brokerage: account.wallet_id };
}

/** Whether a limit order's limit is reached at `price`: a buy at or below it, a sell at or above it. */
export const limitReached = (side: Order['side'], limit: Decimal, price: Decimal) =>
  side === 'buy' ? compareDecimals(price, limit) <= 0 : compareDecimals(price, limit) >= 0;

const dec = (text: string): Decimal => parseDecimal(text)!;

interface Placement {
  row: OrderRow;
  /** The fill when it fills as it is placed. */
  fill: Fill | null;
}

/** The order row (and its fill, when it fills now) of `body` placed at `at` for the price of `quote`. */
function plan(
  body: OrderBody,
  ids: { id: string; userId: string; accountId: string; clientOrderId: string; requestHash: string },
  quote: Quote,
  market: { open: boolean; nextOpen: string; nextClose: string },
  position: Fill['position'],
  wallets: TradingWallets,
  now: string,
): Placement {
  const price = quote.price;
  const qty = body.qty === undefined ? null : parseUnits(body.qty, SHARES_SCALE);
  const notional = body.notional === undefined ? null : parseUnits(body.notional, CENTS_SCALE);
  const estimatedQty = qty ?? notionalQty(notional!, price);
  const estimatedCents = body.side === 'buy' ? (notional ?? buyCost(estimatedQty, price)) : sellProceeds(estimatedQty, price);
  const fillsNow = market.open && (body.type === 'market' || limitReached(body.side, dec(body.limit_price!), price));
  const held = fillsNow ? 0n : reservationOf(body, price);
  const row: OrderRow = {
    id: ids.id,
    user_id: ids.userId,
    account_id: ids.accountId,
    client_order_id: ids.clientOrderId,
    request_hash: ids.requestHash,
    symbol: quote.symbol,
    side: body.side,
    type: body.type,
    time_in_force: body.time_in_force,
    qty: qty === null ? null : Number(qty),
    notional_cents: notional === null ? null : Number(notional),
    limit_price: body.limit_price ?? null,
    status: fillsNow ? 'filled' : market.open ? 'new' : 'accepted',
    filled_qty: 0,
    filled_avg_price: null,
    filled_cents: 0,
    reserved_cents: body.side === 'buy' ? Number(held) : 0,
    reserved_qty: body.side === 'sell' ? Number(held) : 0,
    estimated_price: decimalToString(price),
    estimated_qty: Number(estimatedQty),
    estimated_cents: Number(estimatedCents),
    executes_at: fillsNow || market.open ? null : market.nextOpen,
    // A day order lives until the close of the session it trades in (the next one when placed while closed).
    day_close_at: body.time_in_force === 'day' && !fillsNow ? market.nextClose : null,
    transaction_id: null,
    created_at: now,
    updated_at: now,
    filled_at: null,
    canceled_at: null,
    expired_at: null,
  };
  if (!fillsNow) return { row, fill: null };
  const figures = fillFigures(row, price);
  return { row, fill: { order: row, ...figures, price, released: 0n, position, wallets, now } };
}

const COLUMNS = [
  'id',
  'user_id',
  'account_id',
  'client_order_id',
  'request_hash',
  'symbol',
  'side',
  'type',
  'time_in_force',
  'qty',
  'notional_cents',
  'limit_price',
  'status',
  'filled_qty',
  'filled_avg_price',
  'filled_cents',
  'reserved_cents',
  'reserved_qty',
  'estimated_price',
  'estimated_qty',
  'estimated_cents',
  'executes_at',
  'day_close_at',
  'transaction_id',
  'created_at',
  'updated_at',
  'filled_at',
  'canceled_at',
  'expired_at',
] as const satisfies readonly (keyof OrderRow)[];

const insertOrder = (db: D1Database, row: OrderRow) =>
  db.prepare(`INSERT INTO orders (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map((_, i) => `?${i + 1}`).join(', ')})`).bind(...COLUMNS.map((c) => row[c]));

/** The statements of a placement: the order row, then what it holds or its fill. */
function placementStatements(db: D1Database, p: Placement, wallets: TradingWallets): D1PreparedStatement[] {
  const { row } = p;
  if (p.fill) {
    const { stmts, transactionId } = fillStatements(db, p.fill);
    const filled: OrderRow = {
      ...row,
      status: 'filled',
      filled_qty: Number(p.fill.qty),
      filled_avg_price: decimalToString(p.fill.price),
      filled_cents: Number(p.fill.cents),
      transaction_id: transactionId,
      filled_at: row.created_at,
    };
    Object.assign(row, filled);
    return [insertOrder(db, row), ...stmts];
  }
  const hold =
    row.side === 'buy'
      ? db
          .prepare(
            `UPDATE usd_balances SET reserved_cents = reserved_cents + ?2, updated_at = ?3 WHERE wallet_id = ?1 AND available_cents - reserved_cents >= ?2`,
          )
          .bind(wallets.usd, row.reserved_cents, row.created_at)
      : db
          .prepare(`UPDATE positions SET reserved_qty = reserved_qty + ?3, updated_at = ?4 WHERE account_id = ?1 AND symbol = ?2 AND qty - reserved_qty >= ?3`)
          .bind(row.account_id, row.symbol, row.reserved_qty, row.created_at);
  return [insertOrder(db, row), hold, db.prepare(`INSERT INTO batch_guard (reason) SELECT 'not enough free to hold the order' WHERE changes() = 0`)];
}

/** After a refused batch: 409 with what is missing, when cash or shares say so (else nothing: try again). */
async function refuseShortfall(db: D1Database, row: OrderRow, wallets: TradingWallets, needed: bigint) {
  if (row.side === 'buy') {
    const free = await db
      .prepare(`SELECT available_cents - reserved_cents AS free FROM usd_balances WHERE wallet_id = ?`)
      .bind(wallets.usd)
      .first<number>('free');
    if (BigInt(free ?? 0) < needed) fail(409, 'Not enough buying power for this order', 'insufficient_buying_power');
  } else {
    const position = await readPosition(db, row.account_id, row.symbol);
    if (position.qty - position.reserved < needed) fail(409, 'Not enough shares available to sell', 'insufficient_qty');
  }
}

/** The order `client_order_id` placed for the caller: the same body answers it, another one is refused. */
async function existingOrder(db: D1Database, userId: string, clientOrderId: string, requestHash: string): Promise<OrderRow | null> {
  const row = await db.prepare(`SELECT * FROM orders WHERE user_id = ? AND client_order_id = ?`).bind(userId, clientOrderId).first<OrderRow>();
  if (row && row.request_hash !== requestHash) fail(409, 'This client_order_id was already used for a different order', 'client_order_id_conflict');
  return row;
}

/**
 * POST /brokerage/accounts/{accountId}/orders at the real instant `nowMs` (the market's time is read
 * from it: ./market-time.ts). Answers whether it was placed now, and the order. `also`: statements
 * that commit in the placement's own batch (a recurring buy's run and its next date), so they are
 * written exactly when the order is.
 */
export async function placeOrder(
  db: D1Database,
  userId: string,
  accountId: string,
  body: OrderBody,
  nowMs: number,
  scope: IdempotencyScope | null,
  also: D1PreparedStatement[] = [],
): Promise<{ created: boolean; order: Order }> {
  await requireAccount(db, userId, accountId);
  const clientOrderId = body.client_order_id ?? newId();
  const requestHash = await sha256Hex(accountId, '\n', JSON.stringify({ ...body, client_order_id: clientOrderId }));
  const prior = await existingOrder(db, userId, clientOrderId, requestHash);
  if (prior) return { created: false, order: toOrder(prior) };
  const wallets = await requireTrading(db, userId, accountId);
  const quote = await requireTradable(db, body.symbol);
  for (let attempt = 1; ; attempt++) {
    // Decisions follow the market's time; rows keep the real one (a test's market offset included).
    const { clock } = await marketNow(db, nowMs);
    const now = nowIso(nowMs);
    const position = await readPosition(db, accountId, quote.symbol);
    const placement = plan(
      body,
      { id: newId(), userId, accountId, clientOrderId, requestHash },
      quote,
      { open: clock.is_open, nextOpen: clock.next_open, nextClose: clock.next_close },
      position,
      wallets,
      now,
    );
    const needed = placement.fill
      ? placement.row.side === 'buy'
        ? placement.fill.cents
        : placement.fill.qty
      : BigInt(placement.row.reserved_cents || placement.row.reserved_qty);
    if (placement.row.side === 'sell' && position.qty - position.reserved < needed) fail(409, 'Not enough shares available to sell', 'insufficient_qty');
    if (placement.fill?.qty === 0n) fail(409, 'The amount buys less than a millionth of a share at this price', 'insufficient_buying_power');
    try {
      const stmts = placementStatements(db, placement, wallets);
      const order = toOrder(placement.row);
      if (scope) stmts.push(idempotencyInsert(db, scope, 201, JSON.stringify({ data: order })));
      await db.batch([...stmts, ...also]);
      return { created: true, order };
    } catch (err) {
      if (isUniqueViolation(err, 'orders')) {
        // A racing request with the same client_order_id placed it first.
        const winner = await existingOrder(db, userId, clientOrderId, requestHash);
        if (winner) return { created: false, order: toOrder(winner) };
      }
      if (!isGuardTrip(err)) throw err;
      await refuseShortfall(db, placement.row, wallets, needed);
      if (attempt >= ATTEMPTS) fail(409, 'The position changed meanwhile: try again', 'changed_meanwhile');
    }
  }
}

/** DELETE /brokerage/accounts/{accountId}/orders/{orderId}: cancels an open order and releases what it held. */
export async function cancelOrder(db: D1Database, userId: string, accountId: string, orderId: string, nowMs: number): Promise<Order> {
  await requireAccount(db, userId, accountId);
  const order = await requireOrder(db, accountId, orderId);
  const notCancelable = () =>
    fail(409, `This order is ${order.status === 'new' || order.status === 'accepted' ? 'no longer open' : order.status}`, 'order_not_cancelable');
  if (!(['new', 'accepted', 'partially_filled'] as string[]).includes(order.status)) notCancelable();
  if (!(await closeOrder(db, order, await usdWalletId(db, accountId), 'canceled', nowIso(nowMs)))) notCancelable();
  return toOrder(await requireOrder(db, accountId, orderId));
}

/** GET .../orders/{orderId}. */
export async function getOrder(db: D1Database, userId: string, accountId: string, orderId: string): Promise<Order> {
  await requireAccount(db, userId, accountId);
  return toOrder(await requireOrder(db, accountId, orderId));
}

/** GET .../orders: newest first, by status and symbol, from `before` (a keyset cursor on the history index). */
export async function listOrders(db: D1Database, userId: string, accountId: string, query: OrderListQuery): Promise<Order[]> {
  await requireAccount(db, userId, accountId);
  const where = ['o.account_id = ?'];
  const binds: (string | number)[] = [accountId];
  if (query.status === 'open') where.push(`o.status IN ${OPEN_SQL}`);
  if (query.status === 'closed') where.push(`o.status NOT IN ${OPEN_SQL}`);
  if (query.symbol) {
    where.push('o.symbol = ?');
    binds.push(query.symbol.toUpperCase());
  }
  if (query.before) {
    const cursor = await db.prepare(`SELECT 1 FROM orders WHERE id = ? AND account_id = ?`).bind(query.before, accountId).first();
    if (!cursor) fail(404, 'Order not found');
    where.push(`(o.created_at, o.rowid) < (SELECT created_at, rowid FROM orders WHERE id = ?)`);
    binds.push(query.before);
  }
  const { results } = await db
    .prepare(`SELECT o.* FROM orders o WHERE ${where.join(' AND ')} ORDER BY o.created_at DESC, o.rowid DESC LIMIT ?`)
    .bind(...binds, query.limit)
    .all<OrderRow>();
  return results.map(toOrder);
}

/** DELETE .../positions/{symbol} ("Sell all"): a market day sell of every share open sells do not hold. */
export async function closePosition(db: D1Database, userId: string, accountId: string, symbol: string, nowMs: number, scope: IdempotencyScope | null) {
  await requireAccount(db, userId, accountId);
  const position = await readPosition(db, accountId, symbol.toUpperCase());
  if (position.qty === 0n) fail(404, 'No position in this symbol');
  const free = position.qty - position.reserved;
  if (free <= 0n) fail(409, 'Every share is held by open sell orders', 'insufficient_qty');
  const body: OrderBody = {
    symbol: symbol.toUpperCase(),
    side: 'sell',
    type: 'market',
    time_in_force: 'day',
    qty: decimalToString({ units: free, scale: SHARES_SCALE }),
  };
  return placeOrder(db, userId, accountId, body, nowMs, scope);
}
