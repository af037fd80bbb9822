// The orders table's rows and the Order the API answers from one: shares are stored as integer
// millionths and money as integer cents, and answered as exact decimal text and cents.
import { CENTS_SCALE, SHARES_SCALE, formatUnits } from '../../shared/decimal';
import { OPEN_ORDER_STATUSES, type Order } from '../../shared/schemas/order';
import { fail } from '../db';

export interface OrderRow {
  id: string;
  user_id: string;
  account_id: string;
  client_order_id: string;
  request_hash: string;
  symbol: string;
  side: Order['side'];
  type: Order['type'];
  time_in_force: Order['time_in_force'];
  qty: number | null;
  notional_cents: number | null;
  limit_price: string | null;
  status: Order['status'];
  filled_qty: number;
  filled_avg_price: string | null;
  filled_cents: number;
  reserved_cents: number;
  reserved_qty: number;
  estimated_price: string;
  estimated_qty: number;
  estimated_cents: number;
  executes_at: string | null;
  day_close_at: string | null;
  transaction_id: string | null;
  created_at: string;
  updated_at: string;
  filled_at: string | null;
  canceled_at: string | null;
  expired_at: string | null;
}

/** The statuses of an order that may still fill, as SQL (OPEN_ORDER_STATUSES). */
export const OPEN_SQL = `(${OPEN_ORDER_STATUSES.map((s) => `'${s}'`).join(', ')})`;

const shares = (units: number) => formatUnits(BigInt(units), SHARES_SCALE);

export const toOrder = (r: OrderRow): Order => ({
  id: r.id,
  client_order_id: r.client_order_id,
  account_id: r.account_id,
  symbol: r.symbol,
  asset_class: 'us_equity',
  side: r.side,
  type: r.type,
  time_in_force: r.time_in_force,
  qty: r.qty === null ? null : shares(r.qty),
  notional: r.notional_cents === null ? null : formatUnits(BigInt(r.notional_cents), CENTS_SCALE),
  limit_price: r.limit_price,
  status: r.status,
  filled_qty: shares(r.filled_qty),
  filled_avg_price: r.filled_avg_price,
  filled_cents: r.filled_cents,
  reserved_cents: r.reserved_cents,
  reserved_qty: shares(r.reserved_qty),
  fee_cents: 0,
  estimated_price: r.estimated_price,
  estimated_qty: shares(r.estimated_qty),
  estimated_cents: r.estimated_cents,
  executes_at: r.executes_at,
  transaction_id: r.transaction_id,
  created_at: r.created_at,
  updated_at: r.updated_at,
  filled_at: r.filled_at,
  canceled_at: r.canceled_at,
  expired_at: r.expired_at,
});

/** One order of the account, or 404 (an order of another account looks like an unknown one). */
export async function requireOrder(db: D1Database, accountId: string, orderId: string): Promise<OrderRow> {
  const row = await db.prepare(`SELECT * FROM orders WHERE id = ? AND account_id = ?`).bind(orderId, accountId).first<OrderRow>();
  return row ?? fail(404, 'Order not found');
}
