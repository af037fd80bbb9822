// The order ticket's logic: what the person typed becomes an order (the amount read in their language,
// held to the order rules the server applies, src/shared/order-rules.ts), a review estimates it with
// the arithmetic that fills it (src/shared/order-estimate.ts), and a submit places it once: the
// review makes its client_order_id, sent as the order's id and its Idempotency-Key on every try, so a
// double press or a retry after a lost answer places one order. Then the order is read until it is
// closed (filled, canceled, expired, rejected) or the ticket closes: again on each live event, with a
// slow poll only while live updates are down.
import { htmlLang, type Lang, type TranslationKey } from '../i18n';
import { idempotencyKey, sendIntent } from '../lib/idempotency';
import { CENTS_SCALE, SHARES_SCALE, decimalToString, parseDecimal, parseUnits, type Decimal } from '../shared/decimal';
import { readTypedAmount, type TypedAmountProblem } from '../shared/format';
import { buyCost, marketBuyCollar, notionalQty, sellProceeds } from '../shared/order-estimate';
import { LIMIT_PRICE_PATTERN, NOTIONAL_PATTERN, QTY_PATTERN, orderProblem, type OrderDraft, type OrderProblem } from '../shared/order-rules';
import type { Order } from '../shared/schemas/order';
import { api, unwrap } from './api';
import { followLive, LIVE_DOWN_POLL_MS } from './live';

/** How the amount is given: dollars (market), shares (market), or shares at a limit price. */
export type TicketMode = 'notional' | 'qty' | 'limit';

export interface TicketForm {
  side: OrderDraft['side'];
  mode: TicketMode;
  /** Dollars (notional) or shares (qty, limit), as typed. */
  amount: string;
  /** The limit price as typed (limit only). */
  limit: string;
  time_in_force: OrderDraft['time_in_force'];
}

export interface OrderRequest extends OrderDraft {
  symbol: string;
  client_order_id: string;
}

const TYPED_KEYS: Record<TypedAmountProblem, TranslationKey> = {
  empty: 'trade.error.empty',
  notNumber: 'trade.error.notNumber',
  grouping: 'trade.error.grouping',
  notPositive: 'trade.error.notPositive',
};

const PROBLEM_KEYS: Record<OrderProblem, TranslationKey> = {
  qty_or_notional: 'trade.error.notNumber',
  notional_too_small: 'trade.error.notionalSmall',
  notional_too_large: 'trade.error.notionalLarge',
  qty_zero: 'trade.error.notPositive',
  qty_too_large: 'trade.error.qtyLarge',
  limit_needs_qty: 'trade.error.notNumber',
  limit_needs_price: 'trade.error.limitEmpty',
  limit_price_zero: 'trade.error.notPositive',
  limit_price_tick: 'trade.error.limitTick',
  market_has_limit_price: 'trade.error.notNumber',
  fractional_needs_day: 'trade.error.fractionalDay',
};

export type TicketErrors = Partial<Record<'amount' | 'limit', TranslationKey>>;

/** Typed text as decimal text held to `pattern`, or the key of what is wrong with it. */
function typed(text: string, lang: Lang, pattern: RegExp, decimals: TranslationKey): { amount?: string; error?: TranslationKey } {
  const read = readTypedAmount(text, htmlLang(lang));
  if (!read.ok) return { error: TYPED_KEYS[read.problem] };
  return pattern.test(read.amount) ? { amount: read.amount } : { error: decimals };
}

/** The order the form asks for (without its id), or what is wrong with each field. */
export function draftOf(form: TicketForm, lang: Lang): { draft: OrderDraft } | { errors: TicketErrors } {
  const byDollars = form.mode === 'notional';
  const amount = typed(form.amount, lang, byDollars ? NOTIONAL_PATTERN : QTY_PATTERN, byDollars ? 'trade.error.cents' : 'trade.error.shares');
  const limit = form.mode === 'limit' ? typed(form.limit, lang, LIMIT_PRICE_PATTERN, 'trade.error.limitTick') : {};
  if (amount.error || limit.error) return { errors: { amount: amount.error, limit: limit.error } };
  const draft: OrderDraft = {
    side: form.side,
    type: form.mode === 'limit' ? 'limit' : 'market',
    time_in_force: form.time_in_force,
    ...(byDollars ? { notional: amount.amount } : { qty: amount.amount }),
    ...(form.mode === 'limit' ? { limit_price: limit.amount } : {}),
  };
  const problem = orderProblem(draft);
  if (!problem) return { draft };
  return { errors: { [problem.startsWith('limit_price') || problem === 'limit_needs_price' ? 'limit' : 'amount']: PROBLEM_KEYS[problem] } };
}

/**
 * A recurring buy's amount field as the plan's notional (decimal text): the same dollars a market buy
 * by amount takes, or the key of what is wrong with it.
 */
export function recurringAmount(text: string, lang: Lang): { notional: string } | { error: TranslationKey } {
  const read = draftOf({ side: 'buy', mode: 'notional', amount: text, limit: '', time_in_force: 'day' }, lang);
  return 'draft' in read ? { notional: read.draft.notional! } : { error: read.errors.amount ?? 'trade.error.notNumber' };
}

/** What the review shows before a submit: estimates at the price of the moment. */
export interface OrderReview {
  order: OrderRequest;
  /** The price the estimate uses: the limit price for a limit order, else the market price. */
  price: string;
  /** Shares expected (decimal text, a millionth at most). */
  qty: string;
  /** Expected cost (buy) or proceeds (sell), cents. */
  cents: bigint;
  /** The highest price a market buy fills at (5% over the price); null otherwise. */
  collar: string | null;
  /** Commission: none, shown anyway. */
  feeCents: bigint;
  /** What a buy holds from buying power until it fills (the server's reservation). */
  reservedCents: bigint;
  buyingPowerAfterCents: bigint;
  /** A buy that needs more than the buying power: refused before it is sent. */
  short: boolean;
}

const dec = (text: string): Decimal => parseDecimal(text) ?? { units: 0n, scale: 0 };

/**
 * The review of `draft` at `price` (the asset's price now) with `buyingPowerCents`. A buy's
 * reservation is the server's: its notional; qty x limit; or qty x price x 1.05 for a market buy by
 * qty, rounded up to the cent. A sell's proceeds come back as buying power once it fills.
 */
export function reviewOf(symbol: string, draft: OrderDraft, price: string, buyingPowerCents: bigint): OrderReview {
  const market = dec(price);
  const at = draft.type === 'limit' && draft.limit_price ? dec(draft.limit_price) : market;
  const millionths = draft.notional !== undefined ? notionalQty(parseUnits(draft.notional, CENTS_SCALE), at) : parseUnits(draft.qty ?? '0', SHARES_SCALE);
  const buy = draft.side === 'buy';
  const cents = buy ? buyCost(millionths, at) : sellProceeds(millionths, at);
  const collar = buy && draft.type === 'market' ? marketBuyCollar(market) : null;
  const reservedCents = !buy ? 0n : draft.notional !== undefined ? parseUnits(draft.notional, CENTS_SCALE) : collar ? buyCost(millionths, collar) : cents;
  return {
    order: { ...draft, symbol, client_order_id: idempotencyKey() },
    price: decimalToString(at),
    qty: decimalToString({ units: millionths, scale: SHARES_SCALE }),
    cents,
    collar: collar ? decimalToString(collar) : null,
    feeCents: 0n,
    reservedCents,
    buyingPowerAfterCents: buy ? buyingPowerCents - reservedCents : buyingPowerCents + cents,
    short: buy && reservedCents > buyingPowerCents,
  };
}

const orders = () => api().brokerage.accounts[':accountId'];

/** Places the reviewed order: one client_order_id per review, its Idempotency-Key on every try. */
export async function placeOrder(accountId: string, review: OrderReview): Promise<Order> {
  const { order } = review;
  return unwrap(
    sendIntent((key) => orders().orders.$post({ param: { accountId }, header: { 'idempotency-key': key }, json: order }), { key: order.client_order_id }),
  );
}

/** "Sell all": a market day sell of what the position has available (Idempotency-Key per press). */
export async function sellAll(accountId: string, symbol: string): Promise<Order> {
  return unwrap(sendIntent((key) => orders().positions[':symbol'].$delete({ param: { accountId, symbol }, header: { 'idempotency-key': key } })));
}

export async function readOrder(accountId: string, orderId: string): Promise<Order> {
  return unwrap(orders().orders[':orderId'].$get({ param: { accountId, orderId } }));
}

/** Statuses after which an order changes no more. */
export const isClosed = (order: Pick<Order, 'status'>) => ['filled', 'canceled', 'expired', 'rejected'].includes(order.status);

/** How often an open order is read again while live updates are down. */
export const ORDER_POLL_MS = LIVE_DOWN_POLL_MS;

/**
 * Follows an open order until it is closed or `stop` is called, each answer to `onOrder`: it is read
 * again when a live event arrives (the market's fills, cancels and expiries tell the person's open
 * screens: src/worker/clock/jobs.ts), and every ORDER_POLL_MS only while live updates are down. One
 * read at a time (an event during a read reads once more after it); a failed read waits for the next
 * event or tick (nothing is lost: the order stands).
 */
export function watchOrder(accountId: string, order: Order, onOrder: (order: Order) => void): () => void {
  if (isClosed(order)) return () => undefined;
  let stopped = false;
  let reading = false;
  let again = false;
  const read = () => {
    if (stopped) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    readOrder(accountId, order.id)
      .then(
        (next) => {
          if (stopped) return;
          onOrder(next);
          if (isClosed(next)) stop();
        },
        () => undefined,
      )
      .finally(() => {
        reading = false;
        if (again) {
          again = false;
          read();
        }
      });
  };
  const unfollow = followLive(read);
  const stop = () => {
    stopped = true;
    unfollow();
  };
  return stop;
}
