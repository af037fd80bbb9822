// The contract of the brokerage's orders and positions, under /api/brokerage/accounts/{accountId}:
// placing, listing, reading and cancelling orders, and reading and selling positions, in the shape
// of Alpaca's Trading API (client_order_id, exactly one of qty or notional, market and limit, day and
// gtc, its order statuses; positions with avg_entry_price, cost basis, market value and unrealized
// P/L), with money in integer cents and quantities and prices as exact decimal text. Every order and
// position is scoped to the caller: a foreign account or order id answers 404 like an unknown one.
// Fills are simulated by the embedded core at the embedded market's prices.
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import * as o from '../schemas/order';
import { answers, createdAnswers, idempotencyKeyHeader, jsonBody, limitedBy, notifiesOwnParties, wakesClock } from './common';
import { refuses } from './statuses';

const tags = ['Orders and positions'];

const TRADING =
  'Trading needs the account’s brokerage account opened and not trading-blocked (403 `trading_blocked`), and a stock or ETF of the market list with a price (422 `symbol_not_tradable`; digital assets such as CC and CBTC are not brokerage assets: they live in the Canton wallet and are bought with New Transaction).';
const FILLS =
  'Fills are simulated (no exchange is involved) at the embedded market’s price at the time of the fill, whole (never partially): a market order placed while the market is open fills at once; placed while it is closed it is `accepted` and fills at the next open’s price (`executes_at`); a limit order fills when the price reaches its limit (at once when it already has), else stays `new`; a day order still open at the close (16:00 New York, 13:00 on an early-close day) expires and gives back what it held; a gtc order stays open until filled or cancelled. Each fill is one write: the order, the position (average cost; a position that closes starts again from nothing), the USD account’s cash, a COMPLETED `stock_order` row in your transactions and an `order_filled` notification.';
const MONEY =
  'A buy spends the USD account’s available cash (integer cents, `fee_cents` 0). An open buy reserves buying power until it fills or closes: its notional; qty x limit_price for a limit buy; qty x price x 1.05 (the 5% market-buy collar) for a market buy by qty, each rounded up to the cent. A new buy whose reservation passes buying power (cash - reserved) is 409 `insufficient_buying_power`; a sell of more than the position’s `qty_available` (shares not held by open sells) is 409 `insufficient_qty`. Racing orders never take cash or shares below zero, and a reservation is never spent twice.';

export const placeOrder = createRoute({
  tags,
  operationId: 'placeOrder',
  summary: 'Place an order',
  description: `Places a buy or sell of a stock or ETF by \`qty\` (shares, to a millionth) or by \`notional\` (dollars, from 1.00; market orders only), market or limit, day or gtc (fractional and dollar-based orders are day orders). Answers the order: 201 when placed now (filled at once when the market is open and the order can fill, else \`accepted\` or \`new\`). ${TRADING} ${MONEY} ${FILLS} Idempotency by \`client_order_id\` (unique per person; the server makes one when it is absent): the same id with the same body answers the order it placed, as it is now, with 200, and nothing is placed or filled again; the same id with a different body is 409 \`client_order_id_conflict\`. A refusal writes nothing. Rate-limited (RL_ORDERS).`,
  ...limitedBy('RL_ORDERS'),
  ...notifiesOwnParties('wallet.changed'),
  ...wakesClock(),
  ...refuses('trading_blocked', 'symbol_not_tradable', 'insufficient_buying_power', 'insufficient_qty', 'client_order_id_conflict', 'changed_meanwhile'),
  method: 'post',
  path: '/accounts/{accountId}/orders',
  request: { params: o.orderAccountParam, ...idempotencyKeyHeader(), ...jsonBody(o.orderBody) },
  responses: createdAnswers(o.order),
});
export const listOrders = createRoute({
  tags,
  operationId: 'listOrders',
  summary: 'List orders',
  description: `The account’s orders, newest first: \`status\` open (the default: new, accepted, partially_filled), closed (filled, canceled, expired, rejected) or all, optionally of one \`symbol\`; \`limit\` 1 to ${o.ORDERS_PAGE.max} (default ${o.ORDERS_PAGE.size}). The next page: \`before\` = the last order’s id of this one (a keyset cursor, stable while new orders arrive); a page shorter than \`limit\` is the last. A \`before\` that is not one of the account’s orders is 404. Read-only.`,
  method: 'get',
  path: '/accounts/{accountId}/orders',
  request: { params: o.orderAccountParam, query: o.orderListQuery },
  responses: answers(z.array(o.order)),
});
export const getOrder = createRoute({
  tags,
  operationId: 'getOrder',
  summary: 'Get an order',
  description:
    'One of the account’s orders as it is now (its status, fill and what it holds). Another user’s order, or one of another account, is 404. Read-only.',
  method: 'get',
  path: '/accounts/{accountId}/orders/{orderId}',
  request: { params: o.orderParam },
  responses: answers(o.order),
});
export const cancelOrder = createRoute({
  tags,
  operationId: 'cancelOrder',
  summary: 'Cancel an order',
  description:
    'Cancels one of the account’s open orders (new or accepted): it turns `canceled`, what it held (buying power or shares) is given back in the same write, and you are notified (`order_canceled`). Answers the canceled order. Already filled, canceled, expired or rejected: 409 `order_not_cancelable`, and nothing changes. A cancel racing a fill: exactly one wins, and the money is right either way (a lost cancel is 409 `order_not_cancelable`). Cancelling again is refused the same way. Rate-limited (RL_ORDERS).',
  ...limitedBy('RL_ORDERS'),
  ...notifiesOwnParties('wallet.changed'),
  ...refuses('order_not_cancelable'),
  method: 'delete',
  path: '/accounts/{accountId}/orders/{orderId}',
  request: { params: o.orderParam },
  responses: answers(o.order),
});
export const listPositions = createRoute({
  tags,
  operationId: 'listPositions',
  summary: 'List positions',
  description:
    'The account’s open positions (shares held), by symbol: quantity and what open sells hold, average cost, cost basis, the current and previous-close prices, market value, today’s change and total return (a simple return: market value - cost basis), money in cents. An account without positions answers an empty list. Read-only.',
  method: 'get',
  path: '/accounts/{accountId}/positions',
  request: { params: o.orderAccountParam },
  responses: answers(z.array(o.position)),
});
export const getPosition = createRoute({
  tags,
  operationId: 'getPosition',
  summary: 'Get a position',
  description: 'The account’s position in one symbol (as in the list). No shares of it held: 404. Read-only.',
  method: 'get',
  path: '/accounts/{accountId}/positions/{symbol}',
  request: { params: o.positionParam },
  responses: answers(o.position),
});
export const closePosition = createRoute({
  tags,
  operationId: 'closePosition',
  summary: 'Sell all of a position',
  description: `"Sell all": places a market day sell of the position’s whole \`qty_available\` (what open sells do not already hold; fractions included, whatever its value), and answers that order, 201, as Place an order does (filled at once while the market is open, \`accepted\` until the next open while it is closed). No shares held: 404; all of them held by open sells: 409 \`insufficient_qty\`. ${TRADING} Rate-limited (RL_ORDERS).`,
  ...limitedBy('RL_ORDERS'),
  ...notifiesOwnParties('wallet.changed'),
  ...wakesClock(),
  ...refuses('trading_blocked', 'symbol_not_tradable', 'insufficient_qty', 'changed_meanwhile'),
  method: 'delete',
  path: '/accounts/{accountId}/positions/{symbol}',
  request: { params: o.positionParam, ...idempotencyKeyHeader() },
  responses: createdAnswers(o.order),
});

export const ordersContract = [placeOrder, listOrders, getOrder, cancelOrder, listPositions, getPosition, closePosition] as const;
