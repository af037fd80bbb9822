// BFF: the Accounts calls of spec section 7 under /api/accounts, served from their declarations
// (src/shared/contract/accounts.ts): validated there, then forwarded to the upstream as the verified user.
import * as api from '../../shared/contract/accounts';
import { contractApp } from '../contract-app';
import { forward } from '../forward';

export const accounts = contractApp()
  .openapi(api.listAccounts, (c) => forward(c, api.listAccounts))
  .openapi(api.activeAccount, (c) => forward(c, api.activeAccount))
  .openapi(api.switchAccount, (c) => forward(c, api.switchAccount, { body: c.req.valid('json') }))
  .openapi(api.createAccount, (c) => forward(c, api.createAccount, { body: c.req.valid('json') }))
  .openapi(api.updateAccountMetadata, (c) => forward(c, api.updateAccountMetadata, { body: c.req.valid('json') }))
  .openapi(api.deleteAccount, (c) => forward(c, api.deleteAccount))
  .openapi(api.setPrimaryAccount, (c) => forward(c, api.setPrimaryAccount))
  .openapi(api.getProfile, (c) => forward(c, api.getProfile))
  .openapi(api.updateProfile, (c) => forward(c, api.updateProfile, { body: c.req.valid('json') }));
