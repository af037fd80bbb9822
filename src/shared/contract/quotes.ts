// The contract of /api/quotes (buying CC with USD: New Transaction's quotes and their execution).
import { createRoute } from '@hono/zod-openapi';
import * as r from '../schemas/quote';
import { refuses } from './statuses';
import { answers, idempotencyKeyHeader, jsonBody, limitedBy, notifiesParties } from './common';

const tags = ['Quotes'];

export const indicativeQuote = createRoute({
  tags,
  operationId: 'indicativeQuote',
  summary: 'Get an indicative quote',
  description:
    'What an amount of USD (1 to 50, at most 2 decimals) buys in CC now: the 2.50 USD fee is taken first, the rest converted at 95% of the market rate, the CC rounded down to 10 decimals. Nothing is kept and the figures are not guaranteed: lock a quote to keep them. An amount that does not exceed the fee is 400 `amount_below_minimum`. Read-only.',
  ...refuses('amount_below_minimum'),
  method: 'get',
  path: '/indicative',
  request: { query: r.indicativeQuoteQuery },
  responses: answers(r.indicativeQuote),
});
export const lockQuote = createRoute({
  tags,
  operationId: 'lockQuote',
  summary: 'Lock a quote',
  description:
    'Locks the current figures for an amount, a payment method (simulated USDC or Apple Pay, or `usd_balance`: the USD account of the wallet’s account pays) and one of your Canton wallets under a one-time quote id, executable for 30 seconds (`expires_at`). Another user’s wallet, an unknown one and a wallet without a Canton party are 404 alike; an amount that does not exceed the fee is 400 `amount_below_minimum`; `usd_balance` without an open USD account is 409 `usd_account_not_open`, and with an available balance below the amount 409 `insufficient_funds`. No money moves. Answers 201 with the quote. Rate-limited (RL_QUOTES).',
  ...limitedBy('RL_QUOTES'),
  ...refuses('not_found', 'amount_below_minimum', 'usd_account_not_open', 'insufficient_funds'),
  method: 'post',
  path: '/',
  request: jsonBody(r.lockQuoteBody),
  responses: answers(r.lockedQuote),
});
export const executeQuote = createRoute({
  tags,
  operationId: 'executeQuote',
  summary: 'Execute a locked quote',
  description:
    'Buys the CC of one of your locked quotes with its locked figures (never recalculated): the payment is simulated (USDC, Apple Pay) or taken from the USD balance, the CC lands in the quote’s wallet at once, a COMPLETED `deposit` transaction (amount_usd = the cents paid) is written, and the receipt lists what the US Remittance Rule asks (amount paid, fees, rate, amount received, when funds are available). A quote paid with `usd_balance` takes the amount paid (the fee is inside it) from the USD account’s available balance in the same step, as a `purchase` in its activity naming the transaction; it does not count toward the monthly limit, which counts deposits and withdrawals. Needs a verified identity (403 `identity_not_verified`). A quote is used once: a second execute is 409 `quote_used`, a lapsed quote 409 `quote_expired`; a USD balance that no longer covers the amount is 409 `insufficient_funds` (nothing moves); another user’s quote is 404. Takes an Idempotency-Key: a retry with the same key answers the first receipt again. Rate-limited (RL_QUOTE_EXECUTIONS).',
  ...limitedBy('RL_QUOTE_EXECUTIONS'),
  ...notifiesParties(),
  ...refuses('identity_not_verified', 'quote_used', 'quote_expired', 'usd_account_not_open', 'insufficient_funds'),
  method: 'post',
  path: '/{id}/execute',
  request: { params: r.quoteIdParam, ...idempotencyKeyHeader() },
  responses: answers(r.quoteReceipt),
});

export const quotesContract = [indicativeQuote, lockQuote, executeQuote] as const;
