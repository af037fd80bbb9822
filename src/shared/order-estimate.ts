// What an order costs or pays, on integers (cents, millionths of a share) through the one decimal
// module: the core fills with these and the order ticket's review estimates with the same ones, so
// the figures a person reviews are computed by the rules that move the money.
// - dollar-based buys: the shares an amount buys are rounded down to a millionth, so that what they
//   cost never exceeds the amount;
// - a buy costs its value rounded up to the cent and a sell pays its value rounded down (a fraction
//   of a cent is never lent by the house);
// - market buys are collared at 5% over the price they were placed at.
import { CENTS_SCALE, SHARES_SCALE, divideDecimals, multiplyDecimals, parseDecimal, parseUnits, roundDecimal, type Decimal } from './decimal';
import type { OrderDraft } from './order-rules';

/** A market buy does not fill above 5% over the price it was placed at. */
const MARKET_BUY_COLLAR: Decimal = { units: 105n, scale: 2 };

const valueAt = (qty: bigint, price: Decimal) => multiplyDecimals({ units: qty, scale: SHARES_SCALE }, price);

/** The shares `notionalCents` buys at `price`, rounded down to a millionth. */
export function notionalQty(notionalCents: bigint, price: Decimal): bigint {
  if (price.units <= 0n) throw new RangeError('a price must be positive');
  return divideDecimals({ units: notionalCents, scale: CENTS_SCALE }, price, SHARES_SCALE, 'trunc').units;
}

/** What buying `qty` at `price` costs: the value rounded up to the cent. */
export function buyCost(qty: bigint, price: Decimal): bigint {
  return roundDecimal(valueAt(qty, price), CENTS_SCALE, 'expand').units;
}

/** What selling `qty` at `price` pays: the value rounded down to the cent. */
export function sellProceeds(qty: bigint, price: Decimal): bigint {
  return roundDecimal(valueAt(qty, price), CENTS_SCALE, 'trunc').units;
}

/** The highest price a market buy placed at `price` fills at (exact: 105% of it). */
export function marketBuyCollar(price: Decimal): Decimal {
  return multiplyDecimals(price, MARKET_BUY_COLLAR);
}

/**
 * What an open order of `body` holds at `price`: cents of buying power (a buy: its notional;
 * qty x limit; qty x price x 1.05 for a market buy by qty, rounded up to the cent) or shares (a sell).
 */
export function reservationOf(body: Pick<OrderDraft, 'side' | 'type' | 'qty' | 'notional' | 'limit_price'>, price: Decimal): bigint {
  const qty = body.qty === undefined ? null : parseUnits(body.qty, SHARES_SCALE);
  if (body.side === 'sell') return qty ?? notionalQty(parseUnits(body.notional!, CENTS_SCALE), price);
  if (qty === null) return parseUnits(body.notional!, CENTS_SCALE);
  return buyCost(qty, body.type === 'limit' ? parseDecimal(body.limit_price!)! : marketBuyCollar(price));
}
