// The contract of recurring buys, under /api/brokerage/accounts/{accountId}/recurring-buys: a dollar
// amount of a stock or ETF bought on a schedule by the order engine. Every plan is scoped to the
// caller's account: a foreign account or plan id answers 404 like an unknown one. The runs are the
// embedded core's timed work (simulated fills, as every order's).
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { MAX_RECURRING_BUYS } from '../recurring-rules';
import * as r from '../schemas/recurring';
import { answers, createdAnswers, idempotencyKeyHeader, jsonBody, limitedBy, wakesClock } from './common';
import { refuses } from './statuses';

const tags = ['Recurring buys'];

const RUNS =
  'Each run is due at 9:30 New York on its date: a stock’s or ETF’s run that falls on a weekend or an exchange holiday runs on the next trading day (runs never repeat a day: a daily plan’s weekend is Monday’s one run); a monthly plan runs on its start date’s day, on a shorter month’s last day for the 29th to the 31st. A run places a market day buy of `notional` dollars through Place an order (its `client_order_id` is `recurring-<plan id>-<run date>`, so a run is placed once however runs repeat or race), which leaves the order in the order history and fills at the open’s price (its `order_filled` notification tells it). A run without enough buying power, or while trading is blocked, places nothing: it is skipped, the plan moves to its next date and you are notified (`recurring_buy_skipped`).';

export const listRecurringBuys = createRoute({
  tags,
  operationId: 'listRecurringBuys',
  summary: 'List recurring buys',
  description: `The account’s recurring buys (at most ${MAX_RECURRING_BUYS}), oldest first, active and paused, each with its next run date. Read-only.`,
  method: 'get',
  path: '/accounts/{accountId}/recurring-buys',
  request: { params: r.recurringAccountParam },
  responses: answers(z.array(r.recurringBuy)),
});
export const createRecurringBuy = createRoute({
  tags,
  operationId: 'createRecurringBuy',
  summary: 'Create a recurring buy',
  description: `Creates an active recurring buy of \`notional\` dollars (1.00 to 1000000.00) of a stock or ETF of the market list with a price (422 \`symbol_not_tradable\`), \`frequency\` daily, weekly, biweekly or monthly, from \`start_date\` (today or later in New York, else 400), for an account whose brokerage account is opened (403 \`trading_blocked\`); answers it with its first run date. An account has at most ${MAX_RECURRING_BUYS} (409 \`conflict\`). ${RUNS} Idempotent with an Idempotency-Key. Rate-limited (RL_ORDERS).`,
  ...limitedBy('RL_ORDERS'),
  ...wakesClock(),
  ...refuses('trading_blocked', 'symbol_not_tradable', 'conflict'),
  method: 'post',
  path: '/accounts/{accountId}/recurring-buys',
  request: { params: r.recurringAccountParam, ...idempotencyKeyHeader(), ...jsonBody(r.recurringBuyBody) },
  responses: createdAnswers(r.recurringBuy),
});
export const getRecurringBuy = createRoute({
  tags,
  operationId: 'getRecurringBuy',
  summary: 'Get a recurring buy',
  description: 'One of the account’s recurring buys as it is now. Another user’s plan, or one of another account, is 404. Read-only.',
  method: 'get',
  path: '/accounts/{accountId}/recurring-buys/{planId}',
  request: { params: r.recurringParam },
  responses: answers(r.recurringBuy),
});
export const updateRecurringBuy = createRoute({
  tags,
  operationId: 'updateRecurringBuy',
  summary: 'Change, pause or resume a recurring buy',
  description:
    'Changes a recurring buy’s `notional` or `frequency`, or pauses (`status: paused`: no run until resumed, `next_run_date` null) or resumes it (`status: active`). The next run date is computed again from the start date’s schedule: the first run date from today that is after the last run (runs missed while paused are not made up). Answers the plan. An empty change is 400. Rate-limited (RL_ORDERS).',
  ...limitedBy('RL_ORDERS'),
  ...wakesClock(),
  method: 'patch',
  path: '/accounts/{accountId}/recurring-buys/{planId}',
  request: { params: r.recurringParam, ...jsonBody(r.recurringBuyChange) },
  responses: answers(r.recurringBuy),
});
export const deleteRecurringBuy = createRoute({
  tags,
  operationId: 'deleteRecurringBuy',
  summary: 'Delete a recurring buy',
  description:
    'Deletes a recurring buy: it runs no more. The orders its runs placed stay in the order history. Answers the plan as it was. Deleting it again is 404. Rate-limited (RL_ORDERS).',
  ...limitedBy('RL_ORDERS'),
  method: 'delete',
  path: '/accounts/{accountId}/recurring-buys/{planId}',
  request: { params: r.recurringParam },
  responses: answers(r.recurringBuy),
});

export const recurringContract = [listRecurringBuys, createRecurringBuy, getRecurringBuy, updateRecurringBuy, deleteRecurringBuy] as const;
