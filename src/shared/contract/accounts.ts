// The contract of /api/accounts: one createRoute per endpoint.
import { createRoute } from '@hono/zod-openapi';
import { accountIdParam, createAccountBody, switchAccountBody, updateAccountMetadataBody, updateProfileBody, userIdParam } from '../schemas/account';
import * as r from '../schemas/account';
import { refuses } from './statuses';
import { answers, jsonBody, limitedBy } from './common';

const tags = ['Accounts'];

export const listAccounts = createRoute({
  tags,
  operationId: 'listAccounts',
  summary: 'List your accounts',
  description:
    "The signed-in user's accounts, each with its name, category and whether it is the primary or the active one. A first call provisions the user's first account (primary and active). Read-only otherwise.",
  method: 'get',
  path: '/user/accounts',
  responses: answers(r.accountList),
});
export const activeAccount = createRoute({
  tags,
  operationId: 'activeAccount',
  summary: 'Get the active account',
  description: 'The account the signed-in user is working in now (the one the screens show). Read-only.',
  method: 'get',
  path: '/user/active-account',
  responses: answers(r.activeAccount),
});
export const switchAccount = createRoute({
  tags,
  operationId: 'switchAccount',
  summary: 'Switch the active account',
  description: "Makes one of your own accounts the active one. Another user's account is 404. Changes only which account the screens show; no money moves.",
  ...limitedBy('RL_WRITES'),
  ...refuses('not_found'),
  method: 'post',
  path: '/user/switch-account',
  request: jsonBody(switchAccountBody),
  responses: answers(r.accountDone),
});
export const createAccount = createRoute({
  tags,
  operationId: 'createAccount',
  summary: 'Open an account',
  description:
    'Opens a new account for the signed-in user (neither active nor primary) with a name, an optional description and a category. Answers 201 with its id. Rate-limited (RL_ACCOUNTS).',
  ...limitedBy('RL_ACCOUNTS'),
  method: 'post',
  path: '/user/create-account',
  request: jsonBody(createAccountBody),
  responses: answers(r.accountCreated),
});
export const updateAccountMetadata = createRoute({
  tags,
  operationId: 'updateAccountMetadata',
  summary: 'Rename an account',
  description: "Changes the name, description, category or metadata of one of your accounts. No money moves. Another user's account is 404.",
  ...limitedBy('RL_WRITES'),
  ...refuses('changed_meanwhile'),
  method: 'put',
  path: '/user/accounts/{id}/metadata',
  request: { params: accountIdParam, ...jsonBody(updateAccountMetadataBody) },
  responses: answers(r.accountUpdated),
});
export const deleteAccount = createRoute({
  tags,
  operationId: 'deleteAccount',
  summary: 'Close an account',
  description:
    "Deletes one of your accounts. Your only account (409 `only_account`) and an account that still holds wallets (409 `account_holds_wallets`) cannot be deleted; when it was primary or active, your oldest account takes that role. Another user's account is 404.",
  ...limitedBy('RL_WRITES'),
  ...refuses('account_holds_wallets', 'only_account'),
  method: 'delete',
  path: '/user/accounts/{id}',
  request: { params: accountIdParam },
  responses: answers(r.accountDone),
});
export const setPrimaryAccount = createRoute({
  tags,
  operationId: 'setPrimaryAccount',
  summary: 'Make an account primary',
  description:
    "Marks one of your accounts as the primary one (the one a transfer to your phone number reaches first). No money moves. Another user's account is 404.",
  ...limitedBy('RL_WRITES'),
  method: 'post',
  path: '/user/accounts/{id}/set-primary',
  request: { params: accountIdParam },
  responses: answers(r.accountDone),
});
export const getProfile = createRoute({
  tags,
  operationId: 'getProfile',
  summary: 'Get your profile',
  description: 'Your profile: name, language, address and identity verification status. Only your own user id exists for you: another id is 404. Read-only.',
  method: 'get',
  path: '/{userId}',
  request: { params: userIdParam },
  responses: answers(r.profile),
});
/** Saves the profile's language (settings > Account Security): {language: 'en' | 'es' | 'fs'}. */
export const updateProfile = createRoute({
  tags,
  operationId: 'updateProfile',
  summary: 'Save your language',
  description: "Saves the profile's interface language (`en`, `es` or `fs`). Only your own user id (another is 404). Answers the updated profile.",
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
