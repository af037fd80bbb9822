// The contract of /api/accounts: one createRoute per endpoint.
import { createRoute } from '@hono/zod-openapi';
import { accountIdParam, createAccountBody, switchAccountBody, updateAccountMetadataBody, updateProfileBody, userIdParam } from '../schemas/account';
import * as r from '../schemas/account';
import { refuses } from './statuses';
import { answers, jsonBody, limitedBy } from './common';

const tags = ['Accounts'];

export const listAccounts = createRoute({ tags, method: 'get', path: '/user/accounts', responses: answers(r.accountList) });
export const activeAccount = createRoute({ tags, method: 'get', path: '/user/active-account', responses: answers(r.activeAccount) });
export const switchAccount = createRoute({
  tags,
  ...limitedBy('RL_WRITES'),
  ...refuses('not_found'),
  method: 'post',
  path: '/user/switch-account',
  request: jsonBody(switchAccountBody),
  responses: answers(r.accountDone),
});
export const createAccount = createRoute({
  tags,
  ...limitedBy('RL_ACCOUNTS'),
  method: 'post',
  path: '/user/create-account',
  request: jsonBody(createAccountBody),
  responses: answers(r.accountCreated),
});
export const updateAccountMetadata = createRoute({
  tags,
  ...limitedBy('RL_WRITES'),
  ...refuses('changed_meanwhile'),
  method: 'put',
  path: '/user/accounts/{id}/metadata',
  request: { params: accountIdParam, ...jsonBody(updateAccountMetadataBody) },
  responses: answers(r.accountUpdated),
});
export const deleteAccount = createRoute({
  tags,
  ...limitedBy('RL_WRITES'),
  ...refuses('account_holds_wallets', 'only_account'),
  method: 'delete',
  path: '/user/accounts/{id}',
  request: { params: accountIdParam },
  responses: answers(r.accountDone),
});
export const setPrimaryAccount = createRoute({
  tags,
  ...limitedBy('RL_WRITES'),
  method: 'post',
  path: '/user/accounts/{id}/set-primary',
  request: { params: accountIdParam },
  responses: answers(r.accountDone),
});
export const getProfile = createRoute({ tags, method: 'get', path: '/{userId}', request: { params: userIdParam }, responses: answers(r.profile) });
/** Saves the profile's language (settings > Account Security): {language: 'en' | 'es' | 'fs'}. */
export const updateProfile = createRoute({
  tags,
  ...limitedBy('RL_WRITES'),
  method: 'patch',
  path: '/{userId}',
  request: { params: userIdParam, ...jsonBody(updateProfileBody) },
  responses: answers(r.profile),
});

export const accountsContract = [
  listAccounts,
  activeAccount,
  switchAccount,
  createAccount,
  updateAccountMetadata,
  deleteAccount,
  setPrimaryAccount,
  getProfile,
  updateProfile,
] as const;
