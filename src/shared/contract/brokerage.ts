// The contract of /api/brokerage: the brokerage account of one of your accounts (a wallet of chain
// `brokerage`), opened with the suitability questionnaire and the W-8BEN declaration in one call, and
// the US equities market clock and calendar. The account is scoped to the caller: a foreign account id
// answers 404 like an unknown one. Shapes follow a brokerage trading API's account, clock and calendar,
// with orders and positions beside them (./orders.ts).
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import * as b from '../schemas/brokerage';
import { answers, idempotencyKeyHeader, jsonBody, limitedBy } from './common';
import { refuses } from './statuses';

const tags = ['Brokerage'];

export const getBrokerageAccount = createRoute({
  tags,
  operationId: 'getBrokerageAccount',
  summary: 'Get the brokerage account',
  description:
    "The brokerage account of one of your accounts, always answered with the same shape: `status` is `active` once it is opened, `not_opened` when it can be opened (identity verified), `unverified` when identity verification comes first. `cash_cents` is the USD account's available balance, `reserved_cents` what open buy orders hold and `buying_power_cents` their difference; `long_market_value_cents` is the positions' value at the current prices, `equity_cents` cash plus that, `change_today_cents` the positions' change since the previous close and `unrealized_pl_cents` their total return, a simple return (all integer cents; the positions themselves: GET /brokerage/accounts/{accountId}/positions). `trading_blocked` is true, with its `trading_blocked_reasons`, until identity, the suitability questionnaire and the W-8BEN are all done. `verified_identity` is the name and country the W-8BEN must carry. Another user's account is 404. Read-only.",
  method: 'get',
  path: '/accounts/{accountId}',
  request: { params: b.brokerageAccountParam },
  responses: answers(b.brokerageAccount),
});
export const openBrokerageAccount = createRoute({
  tags,
  operationId: 'openBrokerageAccount',
  summary: 'Open the brokerage account',
  description:
    'Opens the brokerage account of one of your accounts (a wallet of chain `brokerage`) with both documents it needs, kept with it: the suitability questionnaire (experience, risk tolerance, horizon) and the W-8BEN declaration of a non-US person (legal name = your verified name and country = your verified country, both compared as given by identity verification; the typed signature = the legal name, compared without case or accents; the certification ticked; the date signed is today, set by the server). Answers the account, `active` and no longer trading-blocked, 201 when opened now; opening it again answers the existing account unchanged (racing calls open one). Refused: 403 `identity_not_verified`, 422 `legal_name_mismatch`, `signature_mismatch`, `country_mismatch`; nothing is written then. No money moves. Takes an Idempotency-Key. Rate-limited (RL_WALLETS).',
  ...limitedBy('RL_WALLETS'),
  ...refuses('identity_not_verified', 'legal_name_mismatch', 'signature_mismatch', 'country_mismatch'),
  method: 'post',
  path: '/accounts/{accountId}',
  request: { params: b.brokerageAccountParam, ...idempotencyKeyHeader(), ...jsonBody(b.openBrokerageBody) },
  responses: answers(b.brokerageAccount),
});
export const getMarketClock = createRoute({
  tags,
  operationId: 'getMarketClock',
  summary: 'Get the market clock',
  description:
    "The US equities market now: `timestamp`, whether it `is_open`, and the instants of its `next_open` and `next_close` (regular hours 9:30 to 16:00 New York time on weekdays, closed on the exchange's holidays, closing at 13:00 on its early-close days). Crypto trades at any time and is not bound by it. Read-only.",
  method: 'get',
  path: '/clock',
  responses: answers(b.marketClock),
});
export const getMarketCalendar = createRoute({
  tags,
  operationId: 'getMarketCalendar',
  summary: 'Get the market calendar',
  description: `The US equities trading days from \`start\` to \`end\` (New York dates, YYYY-MM-DD, both included), oldest first, each with its regular session's \`open\` and \`close\` in New York time (HH:MM; 13:00 on an early-close day); weekends and exchange holidays are left out. \`end\` must not be before \`start\` and the range is at most ${b.CALENDAR_MAX_DAYS} days; dates outside the years the exchange has published are refused too (400 \`validation_failed\`). Read-only.`,
  method: 'get',
  path: '/calendar',
  request: { query: b.calendarQuery },
  responses: answers(z.array(b.calendarDay)),
});

export const brokerageContract = [getBrokerageAccount, openBrokerageAccount, getMarketClock, getMarketCalendar] as const;
