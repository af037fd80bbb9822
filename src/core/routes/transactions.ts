// Core: the upstream's transactions calls (/transactions/...): the contract's declarations
// (src/shared/contract/transactions.ts) implemented, answers typed against them. Scoped to the
// caller's accounts; a foreign id answers 404.
import { contractHono } from '../../platform/contract-hono';
import * as api from '../../shared/contract/transactions';
import type { CoreEnv } from '../env';
import { getTransaction, listForAccount, listForWallet } from '../transactions/transactions';

export const transactions = contractHono<CoreEnv>()
  .openapi(api.listForAccount, async (c) => c.json({ data: await listForAccount(c.env.DB, c.var.userId, c.req.valid('param').id, c.req.valid('query')) }, 200))
  .openapi(api.listForWallet, async (c) => c.json({ data: await listForWallet(c.env.DB, c.var.userId, c.req.valid('param').id, c.req.valid('query')) }, 200))
  .openapi(api.getTransaction, async (c) => c.json({ data: await getTransaction(c.env.DB, c.var.userId, c.req.valid('param').id) }, 200));
