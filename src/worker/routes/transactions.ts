// BFF /api/transactions: spec section 7, Transactions (newest first; limit <= 100, offset).
import { Hono } from 'hono';
import type { getTransaction, listForAccount, listForWallet } from '../../core/transactions/transactions';
import { transactionIdParam, transactionListQuery } from '../../shared/schemas/transaction';
import type { AppEnv } from '../env';
import { forward } from '../forward';
import type { Data } from '../core-data';
import { assertUser } from '../middleware/assert-user';
import { validate } from '../../platform/validate';

const enc = encodeURIComponent;
const pageQuery = (q: { limit: number; offset: number }) => ({ limit: String(q.limit), offset: String(q.offset) });

export const transactions = new Hono<AppEnv>()
  .use(assertUser())
  .get('/account/:id', validate('param', transactionIdParam), validate('query', transactionListQuery), (c) =>
    forward<Data<typeof listForAccount>>(c, {
      method: 'GET',
      path: `/transactions/account/${enc(c.req.valid('param').id)}`,
      query: pageQuery(c.req.valid('query')),
    }),
  )
  .get('/wallet/:id', validate('param', transactionIdParam), validate('query', transactionListQuery), (c) =>
    forward<Data<typeof listForWallet>>(c, {
      method: 'GET',
      path: `/transactions/wallet/${enc(c.req.valid('param').id)}`,
      query: pageQuery(c.req.valid('query')),
    }),
  )
  .get('/:id', validate('param', transactionIdParam), (c) =>
    forward<Data<typeof getTransaction>>(c, { method: 'GET', path: `/transactions/${enc(c.req.valid('param').id)}` }),
  );
