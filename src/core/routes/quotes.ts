// Core: the upstream's quote calls (/quotes/...): the contract's declarations
// (src/shared/contract/quotes.ts) implemented. Quotes and wallets are scoped to the caller (foreign
// ids answer 404); executing needs a verified identity and honours Idempotency-Key.
import { contractHono, created } from '../../platform/contract-hono';
import * as api from '../../shared/contract/quotes';
import { requireVerifiedIdentity } from '../accounts/verified';
import type { CoreEnv } from '../env';
import { idempotent } from '../idempotency';
import { executeQuote, requireQuote } from '../quotes/execute';
import { indicativeQuote, lockQuote } from '../quotes/quotes';

export const quotes = contractHono<CoreEnv>()
  .openapi(api.indicativeQuote, async (c) => c.json({ data: await indicativeQuote(c.env.DB, c.req.valid('query').amount_usd) }, 200))
  .openapi(api.lockQuote, async (c) => created(c.json({ data: await lockQuote(c.env.DB, c.var.userId, c.req.valid('json')) }, 200)))
  .openapi(api.executeQuote, async (c) => {
    const { id } = c.req.valid('param');
    const quote = await requireQuote(c.env.DB, c.var.userId, id);
    await requireVerifiedIdentity(c.env.DB, c.var.userId);
    return idempotent(c, 'POST /quotes/{id}/execute', { id }, (scope) => executeQuote(c.env.DB, c.var.userId, quote, scope));
  });
