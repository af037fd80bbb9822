// BFF: the Accounts calls of spec section 7 under /api/accounts. Inputs are validated with the
// shared schemas, then forwarded to the upstream port as the verified user. Answer types come from
// the core services (type-only imports), never written by hand.
import { Hono } from 'hono';
import type * as svc from '../../core/accounts/service';
import {
  accountIdParam,
  createAccountBody,
  switchAccountBody,
  updateAccountMetadataBody,
  updateProfileBody,
  userIdParam,
} from '../../shared/schemas/account';
import type { AppEnv } from '../env';
import { forward } from '../forward';
import { validate } from '../../platform/validate';

// Every path param becomes one encoded segment (it is also validated exactly, as a uuid).
const enc = encodeURIComponent;

type Data<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

export const accounts = new Hono<AppEnv>()
  .get('/user/accounts', (c) => forward<Data<typeof svc.listAccounts>>(c, { method: 'GET', path: '/accounts/user/accounts' }))
  .get('/user/active-account', (c) =>
    forward<Data<typeof svc.activeAccount>>(c, { method: 'GET', path: '/accounts/user/active-account' }),
  )
  .post('/user/switch-account', validate('json', switchAccountBody), (c) =>
    forward<Data<typeof svc.switchAccount>>(c, { method: 'POST', path: '/accounts/user/switch-account', body: c.req.valid('json') }),
  )
  .post('/user/create-account', validate('json', createAccountBody), (c) =>
    forward<Data<typeof svc.createAccount>>(c, { method: 'POST', path: '/accounts/user/create-account', body: c.req.valid('json') }),
  )
  .put('/user/accounts/:id/metadata', validate('param', accountIdParam), validate('json', updateAccountMetadataBody), (c) =>
    forward<Data<typeof svc.updateAccountMetadata>>(c, {
      method: 'PUT',
      path: `/accounts/user/accounts/${enc(c.req.valid('param').id)}/metadata`,
      body: c.req.valid('json'),
    }),
  )
  .delete('/user/accounts/:id', validate('param', accountIdParam), (c) =>
    forward<Data<typeof svc.deleteAccount>>(c, { method: 'DELETE', path: `/accounts/user/accounts/${enc(c.req.valid('param').id)}` }),
  )
  .post('/user/accounts/:id/set-primary', validate('param', accountIdParam), (c) =>
    forward<Data<typeof svc.setPrimaryAccount>>(c, {
      method: 'POST',
      path: `/accounts/user/accounts/${enc(c.req.valid('param').id)}/set-primary`,
    }),
  )
  .get('/:userId', validate('param', userIdParam), (c) =>
    forward<Data<typeof svc.getProfile>>(c, { method: 'GET', path: `/accounts/${enc(c.req.valid('param').userId)}` }),
  )
  // Saves the profile's language (settings > Account Security): {language: 'en' | 'es' | 'fs'}.
  .patch('/:userId', validate('param', userIdParam), validate('json', updateProfileBody), (c) =>
    forward<Data<typeof svc.updateProfile>>(c, { method: 'PATCH', path: `/accounts/${enc(c.req.valid('param').userId)}`, body: c.req.valid('json') }),
  );
