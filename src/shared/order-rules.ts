// An order, the rules: what a person may ask the brokerage for, in the shape of Alpaca's Trading API
// (side, type, time in force, exactly one of `qty` or `notional`, `limit_price`, `client_order_id`)
// with the limits of a dollar-based brokerage (Robinhood's: from $1, to a millionth of a share).
// Plain lists and one function, without zod, so that the order ticket can check a draft without
// shipping a validator; ./schemas/order.ts builds the contract's body on them. Amounts are decimal
// text, read by the one decimal module, never floats.
import { SHARES_SCALE, compareDecimals, parseDecimal, roundDecimal, type Decimal } from './decimal';

export const ORDER_SIDES = ['buy', 'sell'] as const;
export const ORDER_TYPES = ['market', 'limit'] as const;
export const TIME_IN_FORCE = ['day', 'gtc'] as const;

/** The smallest dollar amount of an order: $1. */
export const MIN_NOTIONAL = '1.00';
/** The largest dollar amount and the largest quantity one order may carry. */
export const MAX_NOTIONAL = '1000000.00';
export const MAX_QTY = '1000000';
/** A client_order_id: 1 to 128 visible ASCII characters (Alpaca's bound), unique per person. */
export const CLIENT_ORDER_ID = /^[\x21-\x7e]{1,128}$/;

/** Decimal text without sign or exponent, with at most `decimals` decimals. */
const amountPattern = (decimals: number) => new RegExp(`^\\d{1,9}(?:\\.\\d{1,${decimals}})?$`);
export const NOTIONAL_PATTERN = amountPattern(2);
export const QTY_PATTERN = amountPattern(SHARES_SCALE);
/** A limit price: at most 2 decimals from $1, at most 4 below (the exchanges' tick sizes). */
export const LIMIT_PRICE_PATTERN = amountPattern(4);

export interface OrderDraft {
  side: (typeof ORDER_SIDES)[number];
  type: (typeof ORDER_TYPES)[number];
  time_in_force: (typeof TIME_IN_FORCE)[number];
  qty?: string | undefined;
  notional?: string | undefined;
  limit_price?: string | undefined;
}

/** What can be wrong with an order as a whole (each field's own form is checked by its pattern). */
export type OrderProblem =
  | 'qty_or_notional'
  | 'notional_too_small'
  | 'notional_too_large'
  | 'qty_zero'
  | 'qty_too_large'
  | 'limit_needs_qty'
  | 'limit_needs_price'
  | 'limit_price_zero'
  | 'limit_price_tick'
  | 'market_has_limit_price'
  | 'fractional_needs_day';

const dec = (text: string): Decimal => parseDecimal(text) ?? { units: 0n, scale: 0 };
const isWhole = (value: Decimal) => value.scale === 0 || value.units % 10n ** BigInt(value.scale) === 0n;

/**
 * The first rule an order breaks, or null. Exactly one of qty and notional; a dollar amount from $1;
 * a limit order by quantity with a limit price (2 decimals from $1, 4 below), a market order without
 * one; dollar-based and fractional orders are day orders (a fraction is not routed overnight).
 */
export function orderProblem(order: OrderDraft): OrderProblem | null {
  if ((order.qty === undefined) === (order.notional === undefined)) return 'qty_or_notional';
  if (order.notional !== undefined) {
    const notional = dec(order.notional);
    if (compareDecimals(notional, dec(MIN_NOTIONAL)) < 0) return 'notional_too_small';
    if (compareDecimals(notional, dec(MAX_NOTIONAL)) > 0) return 'notional_too_large';
  }
  const qty = order.qty === undefined ? null : dec(order.qty);
  if (qty && qty.units === 0n) return 'qty_zero';
  if (qty && compareDecimals(qty, dec(MAX_QTY)) > 0) return 'qty_too_large';
  if (order.type === 'limit') {
    if (!qty) return 'limit_needs_qty';
    if (order.limit_price === undefined) return 'limit_needs_price';
    const limit = dec(order.limit_price);
    if (limit.units === 0n) return 'limit_price_zero';
    if (compareDecimals(limit, dec('1')) >= 0 && compareDecimals(roundDecimal(limit, 2, 'trunc'), limit) !== 0) return 'limit_price_tick';
  } else if (order.limit_price !== undefined) return 'market_has_limit_price';
  if (order.time_in_force !== 'day' && (!qty || !isWhole(qty))) return 'fractional_needs_day';
  return null;
}
