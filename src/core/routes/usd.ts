// Core: the upstream's USD account calls (/usd/...): the contract's declarations
// (src/shared/contract/usd.ts) implemented. Every account, bank account and movement is scoped to
// the caller (foreign ids answer 404); money movement honours Idempotency-Key.
import { contractHono, created } from '../../platform/contract-hono';
import * as api from '../../shared/contract/usd';
import type { CoreEnv } from '../env';
import { idempotent } from '../idempotency';
import { openUsdAccount, readUsdAccount } from '../usd/account';
import { addBankAccount, listBankAccounts } from '../usd/bank-accounts';
import { cancelWithdrawal, deposit, withdraw } from '../usd/movements';

export const usd = contractHono<CoreEnv>()
  .openapi(api.openUsdAccount, async (c) => {
    const opened = await openUsdAccount(c.env.DB, c.var.userId, c.req.valid('json').account_id);
    const answer = c.json({ data: opened.account }, 200);
    return opened.created ? created(answer) : answer;
  })
  .openapi(api.getUsdAccount, async (c) => c.json({ data: await readUsdAccount(c.env.DB, c.var.userId, c.req.valid('param').accountId) }, 200))
  .openapi(api.listUsdBankAccounts, async (c) => c.json({ data: await listBankAccounts(c.env.DB, c.var.userId, c.req.valid('param').accountId) }, 200))
  .openapi(api.addUsdBankAccount, async (c) => {
    const { accountId } = c.req.valid('param');
    const body = c.req.valid('json');
    return idempotent(c, `POST /usd/accounts/${accountId}/bank-accounts`, body, (scope) => addBankAccount(c.env.DB, c.var.userId, accountId, body, scope));
  })
  .openapi(api.depositUsd, async (c) => {
    const { accountId } = c.req.valid('param');
    const body = c.req.valid('json');
    return idempotent(c, `POST /usd/accounts/${accountId}/deposits`, body, (scope) => deposit(c.env.DB, c.var.userId, accountId, body, scope));
  })
  .openapi(api.withdrawUsd, async (c) => {
    const { accountId } = c.req.valid('param');
    const body = c.req.valid('json');
    return idempotent(c, `POST /usd/accounts/${accountId}/withdrawals`, body, (scope) => withdraw(c.env.DB, c.var.userId, accountId, body, scope));
  })
  .openapi(api.cancelUsdWithdrawal, async (c) => {
    const { accountId, movementId } = c.req.valid('param');
    return idempotent(c, `POST /usd/accounts/${accountId}/withdrawals/${movementId}/cancel`, {}, (scope) =>
      cancelWithdrawal(c.env.DB, c.var.userId, accountId, movementId, scope),
    );
  });
