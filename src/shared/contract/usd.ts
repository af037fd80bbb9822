// The contract of /api/usd: the USD account of one of your accounts (a wallet of chain `usd`), its
// bank accounts, and money in and out. Every account, bank account and movement is scoped to the
// caller: a foreign id answers 404 like an unknown one. Money moves only for a verified person
// (403 `identity_not_verified` otherwise) within their monthly limit.
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import * as u from '../schemas/usd';
import { answers, idempotencyKeyHeader, jsonBody, limitedBy, wakesClock } from './common';
import { refuses } from './statuses';

const tags = ['USD account'];
const LIMIT_TEXT =
  'The monthly limit is 15,000.00 USD for a verified person (0 otherwise), counting deposits and withdrawals that were not cancelled, over every USD account of theirs; it resets at 00:00 UTC on the 1st.';

export const openUsdAccount = createRoute({
  tags,
  operationId: 'openUsdAccount',
  summary: 'Open the USD account',
  description:
    'Opens the USD account of one of your accounts (a wallet of chain `usd` with a zero balance) and answers it, 201 when it was opened now; opening it again answers the existing one. Needs an approved identity verification: 403 `identity_not_verified` otherwise. No money moves. Rate-limited (RL_WALLETS).',
  ...limitedBy('RL_WALLETS'),
  ...refuses('not_found', 'identity_not_verified'),
  method: 'post',
  path: '/accounts',
  request: jsonBody(u.openUsdBody),
  responses: answers(u.usdAccount),
});
export const getUsdAccount = createRoute({
  tags,
  operationId: 'getUsdAccount',
  summary: 'Get the USD account',
  description: `The USD account of one of your accounts: \`status\` (open; closed, when it can be opened; unverified, when identity verification comes first), available and pending (withdrawals not yet settled) balances in integer cents, this month's limit, what was used and what is left and when it resets, the bank accounts and the newest 20 movements (deposits, withdrawals, purchases paid from the balance, and the cash of filled brokerage buys and sells, each with its symbol). ${LIMIT_TEXT} Another user's account is 404. Read-only.`,
  method: 'get',
  path: '/accounts/{accountId}',
  request: { params: u.usdAccountParam },
  responses: answers(u.usdAccount),
});
export const listUsdBankAccounts = createRoute({
  tags,
  operationId: 'listUsdBankAccounts',
  summary: 'List bank accounts',
  description:
    "The bank accounts (simulated) added to your USD account for withdrawals, oldest first: holder, bank, the account number's last 4 digits and the routing number. 404 when the USD account is not open or not yours. Read-only.",
  method: 'get',
  path: '/accounts/{accountId}/bank-accounts',
  request: { params: u.usdAccountParam },
  responses: answers(z.array(u.usdBankAccount)),
});
export const addUsdBankAccount = createRoute({
  tags,
  operationId: 'addUsdBankAccount',
  summary: 'Add a bank account',
  description:
    'Adds a bank account (simulated) to withdraw to: the holder name must be your verified name (first and last name, compared without case or accents), else 422 `holder_name_mismatch`; the routing number is 9 digits with a valid ABA checksum. Only the last 4 digits of the account number are kept. Answers it. No money moves. Takes an Idempotency-Key (a retry adds it once). Rate-limited (RL_WALLETS).',
  ...limitedBy('RL_WALLETS'),
  ...refuses('not_found', 'identity_not_verified', 'holder_name_mismatch'),
  method: 'post',
  path: '/accounts/{accountId}/bank-accounts',
  request: { params: u.usdAccountParam, ...idempotencyKeyHeader(), ...jsonBody(u.addBankAccountBody) },
  responses: answers(u.usdBankAccount),
});
export const depositUsd = createRoute({
  tags,
  operationId: 'depositUsd',
  summary: 'Add dollars',
  description: `Adds dollars (decimal text, at most 2 decimals) by a simulated bank transfer or card: credited to the available balance at once, with a COMPLETED deposit in your transactions and a notification. ${LIMIT_TEXT} Over it: 409 \`monthly_limit_exceeded\`; unverified: 403 \`identity_not_verified\`. Takes an Idempotency-Key. Rate-limited (RL_USD_MOVES).`,
  ...limitedBy('RL_USD_MOVES'),
  ...refuses('not_found', 'identity_not_verified', 'monthly_limit_exceeded', 'changed_meanwhile'),
  method: 'post',
  path: '/accounts/{accountId}/deposits',
  request: { params: u.usdAccountParam, ...idempotencyKeyHeader(), ...jsonBody(u.depositBody) },
  responses: answers(u.usdMovement),
});
export const withdrawUsd = createRoute({
  tags,
  operationId: 'withdrawUsd',
  summary: 'Withdraw dollars',
  description: `Withdraws dollars to one of your USD account's bank accounts (simulated): the amount leaves the available balance at once and the withdrawal stays pending (a PENDING withdrawal in your transactions) until it settles, 2 minutes later in the embedded core, or you cancel it. More than the available balance: 409 \`insufficient_funds\`. ${LIMIT_TEXT} Over it: 409 \`monthly_limit_exceeded\`. Takes an Idempotency-Key. Rate-limited (RL_USD_MOVES).`,
  ...limitedBy('RL_USD_MOVES'),
  ...wakesClock(),
  ...refuses('not_found', 'identity_not_verified', 'insufficient_funds', 'monthly_limit_exceeded', 'changed_meanwhile'),
  method: 'post',
  path: '/accounts/{accountId}/withdrawals',
  request: { params: u.usdAccountParam, ...idempotencyKeyHeader(), ...jsonBody(u.withdrawBody) },
  responses: answers(u.usdMovement),
});
export const cancelUsdWithdrawal = createRoute({
  tags,
  operationId: 'cancelUsdWithdrawal',
  summary: 'Cancel a withdrawal',
  description:
    'Cancels one of your pending withdrawals: its amount returns to the available balance, its transaction is CANCELLED, it no longer counts toward the monthly limit, and you are notified. Already settled or cancelled: 409 `withdrawal_not_pending`. Takes an Idempotency-Key. Rate-limited (RL_USD_MOVES).',
  ...limitedBy('RL_USD_MOVES'),
  ...refuses('not_found', 'withdrawal_not_pending'),
  method: 'post',
  path: '/accounts/{accountId}/withdrawals/{movementId}/cancel',
  request: { params: u.usdMovementParam, ...idempotencyKeyHeader() },
  responses: answers(u.usdMovement),
});

export const usdContract = [openUsdAccount, getUsdAccount, listUsdBankAccounts, addUsdBankAccount, depositUsd, withdrawUsd, cancelUsdWithdrawal] as const;
