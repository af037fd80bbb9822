// Core routes of the Accounts table (spec section 7), on D1. The caller is `x-user-id` (set by the
// BFF from the verified token); every lookup is scoped to it and a foreign id answers 404.
import { Hono } from 'hono';
import {
  accountIdParam,
  createAccountBody,
  switchAccountBody,
  updateAccountMetadataBody,
  updateProfileBody,
  userIdParam,
} from '../../shared/schemas/account';
import { validate } from '../../platform/validate';
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
} from '../accounts/service';
import type { CoreEnv } from '../env';

export const accountsRoutes = new Hono<CoreEnv>()
  .get('/user/accounts', async (c) => c.json({ data: await listAccounts(c.env.DB, c.var.userId) }, 200))
  .get('/user/active-account', async (c) => c.json({ data: await activeAccount(c.env.DB, c.var.userId) }, 200))
  .post('/user/switch-account', validate('json', switchAccountBody), async (c) =>
    c.json({ data: await switchAccount(c.env.DB, c.var.userId, c.req.valid('json').accountId) }, 200),
  )
  .post('/user/create-account', validate('json', createAccountBody), async (c) =>
    c.json({ data: await createAccount(c.env.DB, c.var.userId, c.req.valid('json')) }, 200),
  )
  .put('/user/accounts/:id/metadata', validate('param', accountIdParam), validate('json', updateAccountMetadataBody), async (c) =>
    c.json({ data: await updateAccountMetadata(c.env.DB, c.var.userId, c.req.valid('param').id, c.req.valid('json')) }, 200),
  )
  .delete('/user/accounts/:id', validate('param', accountIdParam), async (c) =>
    c.json({ data: await deleteAccount(c.env.DB, c.var.userId, c.req.valid('param').id) }, 200),
  )
  .post('/user/accounts/:id/set-primary', validate('param', accountIdParam), async (c) =>
    c.json({ data: await setPrimaryAccount(c.env.DB, c.var.userId, c.req.valid('param').id) }, 200),
  )
  .get('/:userId', validate('param', userIdParam), async (c) =>
    c.json({ data: await getProfile(c.env.DB, c.var.userId, c.req.valid('param').userId) }, 200),
  )
  .patch('/:userId', validate('param', userIdParam), validate('json', updateProfileBody), async (c) =>
    c.json({ data: await updateProfile(c.env.DB, c.var.userId, c.req.valid('param').userId, c.req.valid('json')) }, 200),
  );
