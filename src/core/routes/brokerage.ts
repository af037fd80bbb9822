// Core: the upstream's brokerage calls (/brokerage/...): the contract's declarations
// (src/shared/contract/brokerage.ts) implemented. The account is scoped to the caller (a foreign
// account id answers 404); opening honours Idempotency-Key. The clock and calendar are the market
// clock's (../brokerage/market-clock.ts) at the server's time.
import { contractHono, created } from '../../platform/contract-hono';
import * as api from '../../shared/contract/brokerage';
import { openBrokerageAccount, readBrokerageAccount } from '../brokerage/account';
import { CALENDAR_COVERS, calendar, marketClock } from '../brokerage/market-clock';
import { fail } from '../db';
import type { CoreEnv } from '../env';
import { idempotent } from '../idempotency';

export const brokerage = contractHono<CoreEnv>()
  .openapi(api.getBrokerageAccount, async (c) => c.json({ data: await readBrokerageAccount(c.env.DB, c.var.userId, c.req.valid('param').accountId) }, 200))
  .openapi(api.openBrokerageAccount, async (c) => {
    const { accountId } = c.req.valid('param');
    const body = c.req.valid('json');
    // Opened now: 201, as its stored Idempotency-Key answer says; an existing account: 200.
    const outcome = { created: false };
    const res = await idempotent(c, `POST /brokerage/accounts/${accountId}`, body, async (scope) => {
      const result = await openBrokerageAccount(c.env.DB, c.var.userId, accountId, body, scope);
      outcome.created = result.created;
      return result.account;
    });
    return outcome.created ? created(res) : res;
  })
  .openapi(api.getMarketClock, (c) => c.json({ data: marketClock(Date.now()) }, 200))
  .openapi(api.getMarketCalendar, (c) => {
    const { start, end } = c.req.valid('query');
    if (start < CALENDAR_COVERS.first || end > CALENDAR_COVERS.last) {
      fail(400, `The calendar covers ${CALENDAR_COVERS.first} to ${CALENDAR_COVERS.last}`, 'validation_failed');
    }
    return c.json({ data: calendar(start, end).map(({ date, open, close }) => ({ date, open, close })) }, 200);
  });
