// Core routes of the upstream's accounts calls (/accounts/...), on D1: the contract's declarations
// (src/shared/contract/accounts.ts) implemented, so each answer is typed against its response schema.
// The caller is `x-user-id` (set by the BFF from the verified token); every lookup is scoped to it
// and a foreign id answers 404.
import { contractHono } from '../../platform/contract-hono';
import * as api from '../../shared/contract/accounts';
import {
  activeAccount,
  createAccount,
  deleteAccount,
  getProfile,
  listAccounts,
  setPrimaryAccount,
  switchAccount,
  updateAccountMetadata,
  updateProfile,
} from '../accounts/accounts';
import type { CoreEnv } from '../env';

export const accountsRoutes = contractHono<CoreEnv>()
  .openapi(api.listAccounts, async (c) => c.json({ data: await listAccounts(c.env.DB, c.var.userId) }, 200))
  .openapi(api.activeAccount, async (c) => c.json({ data: await activeAccount(c.env.DB, c.var.userId) }, 200))
  .openapi(api.switchAccount, async (c) => c.json({ data: await switchAccount(c.env.DB, c.var.userId, c.req.valid('json').accountId) }, 200))
  .openapi(api.createAccount, async (c) => c.json({ data: await createAccount(c.env.DB, c.var.userId, c.req.valid('json')) }, 200))
  .openapi(api.updateAccountMetadata, async (c) =>
    c.json({ data: await updateAccountMetadata(c.env.DB, c.var.userId, c.req.valid('param').id, c.req.valid('json')) }, 200),
  )
  .openapi(api.deleteAccount, async (c) => c.json({ data: await deleteAccount(c.env.DB, c.var.userId, c.req.valid('param').id) }, 200))
  .openapi(api.setPrimaryAccount, async (c) => c.json({ data: await setPrimaryAccount(c.env.DB, c.var.userId, c.req.valid('param').id) }, 200))
  .openapi(api.getProfile, async (c) => c.json({ data: await getProfile(c.env.DB, c.var.userId, c.req.valid('param').userId) }, 200))
  .openapi(api.updateProfile, async (c) =>
    c.json({ data: await updateProfile(c.env.DB, c.var.userId, c.req.valid('param').userId, c.req.valid('json')) }, 200),
  );
