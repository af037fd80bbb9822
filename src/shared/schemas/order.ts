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
import { marketSymbol } from './ids';

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
