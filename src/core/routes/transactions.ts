// Core: spec section 7, Transactions. Scoped to the caller's accounts; a foreign id answers 404.
import { Hono } from 'hono';
import { transactionIdParam, transactionListQuery } from '../../shared/schemas/transaction';
import { validate } from '../../platform/validate';
import type { CoreEnv } from '../env';
import { getTransaction, listForAccount, listForWallet } from '../transactions/transactions';

export const transactions = new Hono<CoreEnv>()
  .get('/account/:id', validate('param', transactionIdParam), validate('query', transactionListQuery), async (c) =>
    c.json({ data: await listForAccount(c.env.DB, c.var.userId, c.req.valid('param').id, c.req.valid('query')) }, 200),
  )
  .get('/wallet/:id', validate('param', transactionIdParam), validate('query', transactionListQuery), async (c) =>
    c.json({ data: await listForWallet(c.env.DB, c.var.userId, c.req.valid('param').id, c.req.valid('query')) }, 200),
  )
  .get('/:id', validate('param', transactionIdParam), async (c) =>
    c.json({ data: await getTransaction(c.env.DB, c.var.userId, c.req.valid('param').id) }, 200),
  );
