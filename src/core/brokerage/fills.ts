// Fills, cancellations and expiries of orders: each is ONE D1 batch with guards, so that however
// requests and the clock race, an order closes once, no cash or share balance goes negative, and a
// reservation is released or spent exactly once.
// - A fill writes the order (filled, its reservation gone), the USD account's cash (a buy spends
//   what it cost and releases what it held; a sell pays its proceeds), the position (average cost:
//   ./arithmetic.ts; a sell compares the position it read, so a racing fill retries), a COMPLETED
//   `stock_order` transactions row and the `order_filled` notification.
// - A cancel or an expiry turns the order canceled or expired (only while it is open: a racing fill
//   and a cancel cannot both win) and releases what it held, with its notification.
import { newId } from '../../platform/primitives';
import { CENTS_SCALE, LEDGER_SCALE, SHARES_SCALE, decimalToString, formatUnits, type Decimal } from '../../shared/decimal';
import { guardedBatch } from '../db';
import { notifyOrder, notifyTransaction } from '../ledger/notify';
import { applySell, buyCost, notionalQty, sellProceeds, type Position } from './arithmetic';
import { OPEN_SQL, type OrderRow } from './order-rows';

/** The wallets an order moves: the account's USD account (its cash) and its brokerage wallet. */
export interface TradingWallets {
  usd: string | null;
  brokerage: string;
}

/** The account's position in `symbol` as stored (zero when it has none). */
export async function readPosition(db: D1Database, accountId: string, symbol: string): Promise<Position & { reserved: bigint }> {
  const row = await db
    .prepare(`SELECT qty, reserved_qty, cost_basis_cents FROM positions WHERE account_id = ? AND symbol = ?`)
    .bind(accountId, symbol)
    .first<{ qty: number; reserved_qty: number; cost_basis_cents: number }>();
  return { qty: BigInt(row?.qty ?? 0), reserved: BigInt(row?.reserved_qty ?? 0), costBasis: BigInt(row?.cost_basis_cents ?? 0) };
}

/**
 * What a fill of `order` at `price` moves: the shares (its qty, or what its notional buys, at most
 * `maxQty`: a dollar-based sell sells no more than the shares it held) and the cents.
 */
export function fillFigures(order: Pick<OrderRow, 'side' | 'qty' | 'notional_cents'>, price: Decimal, maxQty?: bigint): { qty: bigint; cents: bigint } {
  let qty = order.qty !== null ? BigInt(order.qty) : notionalQty(BigInt(order.notional_cents!), price);
  if (maxQty !== undefined && qty > maxQty) qty = maxQty;
  return { qty, cents: order.side === 'buy' ? buyCost(qty, price) : sellProceeds(qty, price) };
}

export interface Fill {
  order: Pick<OrderRow, 'id' | 'account_id' | 'symbol' | 'side'>;
  qty: bigint;
  cents: bigint;
  price: Decimal;
  /** What the order held until now: cents of buying power (a buy) or shares (a sell); 0 for one filled as it is placed. */
  released: bigint;
  /** The position as read before the batch (a sell writes its new figures only while it is still that). */
  position: Position;
  wallets: TradingWallets;
  now: string;
}

/**
 * The statements of a fill besides the order's own row: cash, position, transactions row and
 * notification, each guarded. Answers them and the transactions row's id.
 */
export function fillStatements(db: D1Database, f: Fill): { stmts: D1PreparedStatement[]; transactionId: string } {
  const transactionId = newId();
  const { order, now } = f;
  const buy = order.side === 'buy';
  const qtyText = formatUnits(f.qty, SHARES_SCALE);
  const priceText = decimalToString(f.price);
  const stmts: D1PreparedStatement[] = [];
  if (buy) {
    stmts.push(
      db
        .prepare(
          `UPDATE usd_balances SET available_cents = available_cents - ?2, reserved_cents = reserved_cents - ?3, updated_at = ?4
           WHERE wallet_id = ?1 AND reserved_cents >= ?3 AND available_cents - ?2 >= reserved_cents - ?3`,
        )
        .bind(f.wallets.usd, Number(f.cents), Number(f.released), now),
      db.prepare(`INSERT INTO batch_guard (reason) SELECT 'cash does not cover the buy' WHERE changes() = 0`),
      // Adding to a position is linear (shares and cost add up), so racing buys need no comparison.
      db
        .prepare(
          `INSERT INTO positions (account_id, symbol, qty, reserved_qty, cost_basis_cents, updated_at) VALUES (?1, ?2, ?3, 0, ?4, ?5)
           ON CONFLICT (account_id, symbol) DO UPDATE SET qty = qty + excluded.qty, cost_basis_cents = cost_basis_cents + excluded.cost_basis_cents, updated_at = excluded.updated_at`,
        )
        .bind(order.account_id, order.symbol, Number(f.qty), Number(f.cents), now),
    );
  } else {
    const { position } = applySell(f.position, f.qty);
    stmts.push(
      db
        .prepare(
          `UPDATE positions SET qty = ?3, cost_basis_cents = ?4, reserved_qty = reserved_qty - ?7, updated_at = ?8
           WHERE account_id = ?1 AND symbol = ?2 AND qty = ?5 AND cost_basis_cents = ?6 AND reserved_qty >= ?7 AND qty - reserved_qty >= ?9 - ?7`,
        )
        .bind(
          order.account_id,
          order.symbol,
          Number(position.qty),
          Number(position.costBasis),
          Number(f.position.qty),
          Number(f.position.costBasis),
          Number(f.released),
          now,
          Number(f.qty),
        ),
      db.prepare(`INSERT INTO batch_guard (reason) SELECT 'the position changed or does not cover the sell' WHERE changes() = 0`),
      db
        .prepare(`UPDATE usd_balances SET available_cents = available_cents + ?2, updated_at = ?3 WHERE wallet_id = ?1`)
        .bind(f.wallets.usd, Number(f.cents), now),
      db.prepare(`INSERT INTO batch_guard (reason) SELECT 'no USD account to pay the sale into' WHERE changes() = 0`),
    );
  }
  stmts.push(
    db
      .prepare(
        `INSERT INTO transactions (id, account_id, wallet_id, type, amount_usd, asset, network, asset_amount, status, direction, order_id, description, created_at, updated_at)
         VALUES (?1, ?2, ?3, 'stock_order', ?4, ?5, 'brokerage', ?6, 'COMPLETED', ?7, ?8, ?9, ?10, ?10)`,
      )
      .bind(
        transactionId,
        order.account_id,
        f.wallets.brokerage,
        Number(f.cents),
        order.symbol,
        // Shares in the ledger's 10 decimals, as every transactions row's asset_amount.
        (f.qty * 10n ** BigInt(LEDGER_SCALE - SHARES_SCALE)).toString(),
        buy ? 'sent' : 'received',
        order.id,
        `${buy ? 'Bought' : 'Sold'} ${qtyText} ${order.symbol} at ${priceText} USD for ${formatUnits(f.cents, CENTS_SCALE)} USD (simulated)`,
        now,
      ),
    notifyTransaction(db, 'order_filled', now, transactionId),
  );
  return { stmts, transactionId };
}

/** The statement that marks an open order filled (its guard follows it). */
export function markFilled(db: D1Database, f: Fill, transactionId: string): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE orders SET status = 'filled', filled_qty = ?2, filled_avg_price = ?3, filled_cents = ?4, reserved_cents = 0, reserved_qty = 0,
           executes_at = NULL, transaction_id = ?5, filled_at = ?6, updated_at = ?6
         WHERE id = ?1 AND status IN ${OPEN_SQL}`,
      )
      .bind(f.order.id, Number(f.qty), decimalToString(f.price), Number(f.cents), transactionId, f.now),
    db.prepare(`INSERT INTO batch_guard (reason) SELECT 'the order is no longer open' WHERE changes() = 0`),
  ];
}

const CLOSED = {
  canceled: ['canceled_at', 'order_canceled'],
  expired: ['expired_at', 'order_expired'],
  rejected: [null, 'order_rejected'],
} as const;

/**
 * Closes an open order without a fill (canceled, expired, or rejected) and releases what it held, in
 * one batch; answers false when it was no longer open (a fill or another close won).
 */
export async function closeOrder(db: D1Database, order: OrderRow, usdWallet: string | null, status: keyof typeof CLOSED, now: string): Promise<boolean> {
  const [column, kind] = CLOSED[status];
  const stmts = [
    db
      .prepare(
        `UPDATE orders SET status = ?2, reserved_cents = 0, reserved_qty = 0, executes_at = NULL, updated_at = ?3${column ? `, ${column} = ?3` : ''}
         WHERE id = ?1 AND status IN ${OPEN_SQL}`,
      )
      .bind(order.id, status, now),
    db.prepare(`INSERT INTO batch_guard (reason) SELECT 'the order is no longer open' WHERE changes() = 0`),
    order.side === 'buy'
      ? db
          .prepare(`UPDATE usd_balances SET reserved_cents = reserved_cents - ?2, updated_at = ?3 WHERE wallet_id = ?1`)
          .bind(usdWallet, order.reserved_cents, now)
      : db
          .prepare(`UPDATE positions SET reserved_qty = reserved_qty - ?3, updated_at = ?4 WHERE account_id = ?1 AND symbol = ?2`)
          .bind(order.account_id, order.symbol, order.reserved_qty, now),
  ];
  if (kind) stmts.push(notifyOrder(db, kind, now, order.id));
  return guardedBatch(db, stmts);
}
