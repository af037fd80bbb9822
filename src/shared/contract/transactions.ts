// The contract of /api/transactions (spec section 7, Transactions: newest first; limit <= 100, offset).
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import * as r from '../schemas/responses';
import { transactionIdParam, transactionListQuery } from '../schemas/transaction';
import { answers } from './common';

const tags = ['Transactions'];

export const listForAccount = createRoute({
  tags,
  method: 'get',
  path: '/account/{id}',
  request: { params: transactionIdParam, query: transactionListQuery },
  responses: answers(z.array(r.transaction)),
});
export const listForWallet = createRoute({
  tags,
  method: 'get',
  path: '/wallet/{id}',
  request: { params: transactionIdParam, query: transactionListQuery },
  responses: answers(z.array(r.transaction)),
});
export const getTransaction = createRoute({ tags, method: 'get', path: '/{id}', request: { params: transactionIdParam }, responses: answers(r.transaction) });

export const transactionsContract = [listForAccount, listForWallet, getTransaction] as const;
