// The brokerage's arithmetic: what an order costs or pays, and what a position is worth and has
// returned, on integers (cents, millionths of a share) through the one decimal module. The rules
// are the ones the product's peers publish:
// - dollar-based buys from $1, to a millionth of a share: the shares an amount buys are rounded
//   down, so that what they cost never exceeds the amount;
// - a buy costs its value rounded up to the cent and a sell pays its value rounded down, so that a
//   fraction of a cent is never lent by the house (the figures a person sees are the figures moved);
// - market buys are collared at 5% over the price they were placed at;
// - positions use the average-cost method: a sell removes its share of the cost basis, and a
//   position that closes starts again from nothing;
// - total return is a simple return: market value - cost basis = (price - average cost) x shares.
import { CENTS_SCALE, SHARES_SCALE, divideDecimals, multiplyDecimals, roundDecimal, subtractDecimals, type Decimal } from '../../shared/decimal';
// What an order costs or pays is shared with the order ticket's review (one rule, one place).
export { buyCost, marketBuyCollar, notionalQty, sellProceeds } from '../../shared/order-estimate';

/** The smallest dollar-based order: $1. */
export const MIN_NOTIONAL_CENTS = 100n;
/** Average prices and returns are shown to 4 decimals. */
const RATIO_DIGITS = 4;

/** A holding: shares in millionths, its cost basis in cents. */
export interface Position {
  qty: bigint;
  costBasis: bigint;
}

export const NO_POSITION: Position = { qty: 0n, costBasis: 0n };

const shares = (qty: bigint): Decimal => ({ units: qty, scale: SHARES_SCALE });
const cents = (amount: bigint): Decimal => ({ units: amount, scale: CENTS_SCALE });
const valueAt = (qty: bigint, price: Decimal) => multiplyDecimals(shares(qty), price);

/** The position after buying `qty` for `cost` cents. */
export function applyBuy(position: Position, qty: bigint, cost: bigint): Position {
  if (qty <= 0n || cost < 0n) throw new RangeError('a buy needs shares and a cost');
  return { qty: position.qty + qty, costBasis: position.costBasis + cost };
}

/**
 * The position after selling `qty` of it, and the cost basis that left with the shares (what the
 * realized return is measured against): the remaining shares keep their average cost, to the cent.
 * Selling everything closes it (nothing left, not even a rounding cent).
 */
export function applySell(position: Position, qty: bigint): { position: Position; costRemoved: bigint } {
  if (qty <= 0n || qty > position.qty) throw new RangeError('a sell needs shares the position holds');
  if (qty === position.qty) return { position: NO_POSITION, costRemoved: position.costBasis };
  const remaining = position.qty - qty;
  const costBasis = divideDecimals({ units: position.costBasis * remaining, scale: 0 }, { units: position.qty, scale: 0 }, 0).units;
  return { position: { qty: remaining, costBasis }, costRemoved: position.costBasis - costBasis };
}

/** Cost basis per share, to 4 decimals; null without shares. */
export function averageCost(position: Position): Decimal | null {
  if (position.qty === 0n) return null;
  return divideDecimals(cents(position.costBasis), shares(position.qty), RATIO_DIGITS);
}

export interface PositionFigures {
  /** Shares x price, to the cent. */
  marketValue: bigint;
  costBasis: bigint;
  /** Total return: market value - cost basis. */
  unrealizedPl: bigint;
  /** Total return over cost basis (0.1234 is 12.34%); null without a cost basis. */
  unrealizedPlRatio: Decimal | null;
  /** Today's change: shares x (price - the last close), to the cent. */
  changeToday: bigint;
}

/** What a position is worth at `price`, what it returned, and its change since `lastdayPrice`. */
export function positionFigures(position: Position, price: Decimal, lastdayPrice: Decimal): PositionFigures {
  const marketValue = roundDecimal(valueAt(position.qty, price), CENTS_SCALE).units;
  const unrealizedPl = marketValue - position.costBasis;
  return {
    marketValue,
    costBasis: position.costBasis,
    unrealizedPl,
    unrealizedPlRatio: position.costBasis > 0n ? divideDecimals(cents(unrealizedPl), cents(position.costBasis), RATIO_DIGITS) : null,
    changeToday: roundDecimal(valueAt(position.qty, subtractDecimals(price, lastdayPrice)), CENTS_SCALE).units,
  };
}
