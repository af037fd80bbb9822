// An order as the contract takes it (full zod, English messages, OpenAPI), built on the rules in
// ../order-rules.ts. A strict object: a field this brokerage does not know (a `stop_price`, say) is
// refused rather than dropped, so that nobody's stop order is ever placed as a market order.
import { z } from 'zod';
import {
  CLIENT_ORDER_ID,
  LIMIT_PRICE_PATTERN,
  MAX_NOTIONAL,
  MAX_QTY,
  MIN_NOTIONAL,
  NOTIONAL_PATTERN,
  ORDER_SIDES,
  ORDER_TYPES,
  QTY_PATTERN,
  TIME_IN_FORCE,
  orderProblem,
  type OrderProblem,
} from '../order-rules';
import { marketSymbol, uuidId } from './ids';
import { queryInteger } from './request-parts';
import { timestamp } from './timestamp';

/** Each rule's English message, and the field it is reported on. */
const PROBLEMS: Record<OrderProblem, [field: string, message: string]> = {
  qty_or_notional: ['qty', 'Send exactly one of qty and notional'],
  notional_too_small: ['notional', `notional must be at least ${MIN_NOTIONAL}`],
  notional_too_large: ['notional', `notional must be at most ${MAX_NOTIONAL}`],
  qty_zero: ['qty', 'qty must be more than 0'],
  qty_too_large: ['qty', `qty must be at most ${MAX_QTY}`],
  limit_needs_qty: ['qty', 'A limit order is placed by qty, not notional'],
  limit_needs_price: ['limit_price', 'A limit order needs a limit_price'],
  limit_price_zero: ['limit_price', 'limit_price must be more than 0'],
  limit_price_tick: ['limit_price', 'limit_price has at most 2 decimals from 1.00 (4 below)'],
  market_has_limit_price: ['limit_price', 'A market order has no limit_price'],
  fractional_needs_day: ['time_in_force', 'Dollar-based and fractional orders are day orders'],
};

export const orderBody = z
  .strictObject({
    symbol: marketSymbol.meta({ description: 'A symbol of the market list', example: 'AAPL' }),
    side: z.enum(ORDER_SIDES),
    type: z.enum(ORDER_TYPES),
    time_in_force: z.enum(TIME_IN_FORCE).meta({ description: 'day: expires at the close; gtc: stays open until filled or cancelled' }),
    qty: z
      .string()
      .regex(QTY_PATTERN, 'qty must be a number of shares with at most 6 decimals')
      .optional()
      .meta({ description: 'Shares, to a millionth. Exactly one of qty and notional.', example: '1.5' }),
    notional: z
      .string()
      .regex(NOTIONAL_PATTERN, 'notional must be a dollar amount with at most 2 decimals')
      .optional()
      .meta({ description: `Dollars to spend (buy) or receive (sell), ${MIN_NOTIONAL} to ${MAX_NOTIONAL}; market orders only`, example: '10.00' }),
    limit_price: z
      .string()
      .regex(LIMIT_PRICE_PATTERN, 'limit_price must be a price with at most 4 decimals')
      .optional()
      .meta({ description: 'Limit orders only: the highest price a buy pays, the lowest a sell takes', example: '185.50' }),
    client_order_id: z
      .string()
      .regex(CLIENT_ORDER_ID, 'client_order_id must be 1 to 128 visible ASCII characters')
      .optional()
      .meta({ description: 'Your id for this order, unique per person: the same id again answers the order it placed' }),
  })
  .superRefine((order, ctx) => {
    const problem = orderProblem(order);
    if (!problem) return;
    const [field, message] = PROBLEMS[problem];
    ctx.addIssue({ code: 'custom', path: [field], message });
  })
  .meta({ id: 'OrderBody' });

// ---------------------------------------------------------------------------------------------
// Answers: an order and a position in the shape of Alpaca's Trading API, with money in integer
// cents (`*_cents`) and prices, quantities and ratios as exact decimal text, never floats.

export const ORDER_STATUSES = ['new', 'accepted', 'partially_filled', 'filled', 'canceled', 'expired', 'rejected'] as const;
/** The statuses of an order that may still fill (and that holds buying power or shares). */
export const OPEN_ORDER_STATUSES = ['new', 'accepted', 'partially_filled'] as const;
export const ORDER_LIST_STATUSES = ['open', 'closed', 'all'] as const;
/** The brokerage trades US stocks and ETFs; digital assets stay in the Canton wallet. */
export const ASSET_CLASSES = ['us_equity'] as const;
export const ORDERS_PAGE = { size: 50, max: 500 } as const;

/** Shares as exact decimal text, up to a millionth (`"0.052631"`, `"3"`). */
const sharesText = z.string().regex(/^\d+(\.\d{1,6})?$/, 'shares with at most 6 decimals');
/** A USD price or a ratio as exact decimal text (`"190.25"`, `"0.0123"`, `"-0.0051"`). */
const decimalText = z.string().regex(/^-?\d+(\.\d+)?$/, 'decimal text');
const cents = z.number().int();

export const order = z
  .object({
    id: uuidId,
    client_order_id: z.string().meta({ description: 'Your id for the order (the one you sent, else one the server made): unique per person.' }),
    account_id: uuidId,
    symbol: z.string(),
    asset_class: z.enum(ASSET_CLASSES),
    side: z.enum(ORDER_SIDES),
    type: z.enum(ORDER_TYPES),
    time_in_force: z.enum(TIME_IN_FORCE),
    qty: sharesText.nullable().meta({ description: 'The shares asked for; null for a dollar-based order.' }),
    notional: z.string().nullable().meta({ description: 'The dollars asked for (decimal text); null for an order by qty.' }),
    limit_price: decimalText.nullable(),
    status: z.enum(ORDER_STATUSES).meta({
      description:
        'new: open, waiting for its limit (market open); accepted: placed while the market was closed, executes at the next open (`executes_at`); partially_filled: part of it filled (not produced by the embedded core, which fills whole); filled; canceled (by you); expired (a day order at the close); rejected (a market buy by qty whose open price passed its 5% collar).',
    }),
    filled_qty: sharesText.meta({ description: 'Shares filled so far ("0" before a fill).' }),
    filled_avg_price: decimalText.nullable().meta({ description: 'The price of the fill (exact decimal text); null before one.' }),
    filled_cents: cents.meta({ description: 'What the fill cost (buy, rounded up to the cent) or paid (sell, rounded down); 0 before one.' }),
    reserved_cents: cents.meta({
      description:
        'Buying power an open buy holds: its notional, qty x limit, or qty x price x 1.05 (the market-buy collar), rounded up to the cent; 0 for a sell and once the order is closed.',
    }),
    reserved_qty: sharesText.meta({ description: 'Shares an open sell holds (not available to another sell); "0" for a buy and once closed.' }),
    fee_cents: cents.meta({ description: 'Commission: always 0, shown so that the review and receipt say it.' }),
    estimated_price: decimalText.meta({ description: 'The market price when it was placed: the price the review showed.' }),
    estimated_qty: sharesText.meta({
      description: 'The shares expected at `estimated_price` (qty itself, or what the notional buys, rounded down to a millionth).',
    }),
    estimated_cents: cents.meta({ description: 'The expected cost (buy) or proceeds (sell) at `estimated_price`, in cents.' }),
    executes_at: timestamp.nullable().meta({ description: 'accepted: the next open, when it is filled at the open price; null otherwise.' }),
    transaction_id: uuidId.nullable().meta({ description: 'The `stock_order` row of its fill in your transactions; null before one.' }),
    created_at: timestamp,
    updated_at: timestamp,
    filled_at: timestamp.nullable(),
    canceled_at: timestamp.nullable(),
    expired_at: timestamp.nullable(),
  })
  .meta({ id: 'Order' });

export const position = z
  .object({
    symbol: z.string(),
    name: z.string().meta({ description: "The asset's name in the market list." }),
    asset_class: z.enum(ASSET_CLASSES),
    qty: sharesText.meta({ description: 'Shares held.' }),
    qty_available: sharesText.meta({ description: 'Shares not held by open sell orders: what a new sell may sell.' }),
    avg_entry_price: decimalText.meta({ description: 'Average cost per share (cost basis / qty, 4 decimals); reset when the position closes.' }),
    cost_basis_cents: cents,
    current_price: decimalText,
    lastday_price: decimalText.meta({ description: 'The previous close.' }),
    change_today: decimalText.meta({ description: 'The price change since the previous close as a ratio (0.0123 is +1.23%).' }),
    market_value_cents: cents.meta({ description: 'qty x current_price, to the cent.' }),
    unrealized_pl_cents: cents.meta({ description: 'Total return, a simple return: market value - cost basis = (price - average cost) x shares.' }),
    unrealized_plpc: decimalText.meta({ description: 'Total return over cost basis as a ratio (0.1234 is +12.34%).' }),
    unrealized_intraday_pl_cents: cents.meta({ description: "Today's change in value: qty x (current_price - lastday_price), to the cent." }),
  })
  .meta({ id: 'Position' });

export const orderAccountParam = z.object({ accountId: uuidId });
export const orderParam = z.object({ accountId: uuidId, orderId: uuidId });
export const positionParam = z.object({ accountId: uuidId, symbol: marketSymbol });

export const orderListQuery = z.object({
  status: z.enum(ORDER_LIST_STATUSES).default('open').meta({ description: 'open (the default): new, accepted, partially_filled; closed: the others; all' }),
  symbol: marketSymbol.optional().meta({ description: 'Only the orders of this symbol' }),
  limit: queryInteger(1, ORDERS_PAGE.max, ORDERS_PAGE.size).meta({ description: `Orders per page, 1-${ORDERS_PAGE.max} (default ${ORDERS_PAGE.size})` }),
  before: uuidId
    .optional()
    .meta({ description: "A keyset cursor: the previous page's last order id; the page starts after it (stable while new orders arrive)" }),
});

export type Order = z.infer<typeof order>;
export type OrderBody = z.infer<typeof orderBody>;
export type Position = z.infer<typeof position>;
export type OrderListQuery = z.infer<typeof orderListQuery>;
