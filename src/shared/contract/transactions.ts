// The contract of /api/transactions (newest first; limit <= 100, offset; filters type, status,
// from/to, q, the keyset cursor `before`, the detail's offer, and the CSV export, which the BFF
// streams itself by paging the list: not forwarded, so not in FORWARDED).
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import * as r from '../schemas/transaction';
import { transactionFilters, transactionIdParam, transactionListQuery } from '../schemas/transaction';
import { answers, limitedBy } from './common';

const tags = ['Transactions'];

export const listForAccount = createRoute({
  tags,
  operationId: 'listForAccount',
  summary: "List an account's transactions",
  description:
    'The transactions of one of your accounts, newest first: amounts in integer USD cents (negative for money sent) and the asset amount as an exact decimal string. Filters: type, status, a date range in UTC days, a search text, and the keyset cursor `before`. At most 100 per page. Read-only.',
  method: 'get',
  path: '/account/{id}',
  request: { params: transactionIdParam, query: transactionListQuery },
  responses: answers(z.array(r.transaction)),
});
export const listForWallet = createRoute({
  tags,
  operationId: 'listForWallet',
  summary: "List a wallet's transactions",
  description: "The transactions of one of your wallets, with the same filters, order and paging as an account's list. Read-only.",
  method: 'get',
  path: '/wallet/{id}',
  request: { params: transactionIdParam, query: transactionListQuery },
  responses: answers(z.array(r.transaction)),
});
export const getTransaction = createRoute({
  tags,
  operationId: 'getTransaction',
  summary: 'Get a transaction',
  description:
    "One of your transactions, with its transfer offer when it has one (sender, receiver, amount, status, expiry). Another user's transaction is 404. Read-only.",
  method: 'get',
  path: '/{id}',
  request: { params: transactionIdParam },
  responses: answers(r.transactionDetail),
});

export const transactionsContract = [listForAccount, listForWallet, getTransaction] as const;

/**
 * The account's transactions with the list's filters as CSV (UTF-8, one header row, ISO 8601 UTC
 * dates, exact decimal amounts with their currency), streamed page by page by the BFF itself (not
 * forwarded). Rate-limited (RL_EXPORTS), though a read: it can read a whole history.
 */
export const exportForAccount = createRoute({
  tags,
  operationId: 'exportForAccount',
  summary: 'Export transactions as CSV',
  description:
    "The account's transactions with the list's filters as CSV (UTF-8, one header row, ISO 8601 UTC dates, exact decimal amounts with their currency), streamed as an attachment. Rate-limited (RL_EXPORTS), though a read: it can read a whole history.",
  ...limitedBy('RL_EXPORTS'),
  method: 'get',
  path: '/account/{id}/export',
  request: { params: transactionIdParam, query: transactionFilters },
  responses: {
    200: { description: 'CSV (attachment)', content: { 'text/csv': { schema: z.string() } } },
    '4XX': answers(z.null())['4XX'],
    '5XX': answers(z.null())['5XX'],
  },
});

/** The transactions calls the BFF answers itself. */
export const transactionsServedContract = [exportForAccount] as const;
