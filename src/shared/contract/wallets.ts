// The contract of /api/wallets (spec section 7, Wallets and the Canton ledger).
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import * as r from '../schemas/responses';
import {
  accountIdParam,
  autoAcceptBody,
  cantonCompleteBody,
  cantonPrepareBody,
  createDigitalAssetBody,
  createExternalWalletBody,
  createInternalWalletBody,
  createWalletBody,
  holdingTransactionsBody,
  partyIdParam,
  transferBody,
  walletIdParam,
} from '../schemas/wallet';
import { answers, jsonBody, limitedBy, notifiesParties } from './common';

const tags = ['Wallets'];

export const ledgerStatus = createRoute({ tags, method: 'get', path: '/canton/status', responses: answers(r.ledgerStatus) });
export const ledgerSelfTest = createRoute({ tags, method: 'get', path: '/canton/test', responses: answers(r.ledgerSelfTest) });
export const listParties = createRoute({ tags, method: 'get', path: '/canton/parties', responses: answers(z.array(r.cantonParty)) });
export const partyAssets = createRoute({
  tags,
  method: 'get',
  path: '/canton/parties/{partyId}/assets',
  request: { params: partyIdParam },
  responses: answers(z.array(r.ledgerAsset)),
});
export const partyBalance = createRoute({
  tags,
  method: 'get',
  path: '/canton/balance/{partyId}',
  request: { params: partyIdParam },
  responses: answers(r.partyBalance),
});
/** Also the market's assets source when UPSTREAM_API_URL is set. */
export const cantonAssets = createRoute({ tags, method: 'get', path: '/canton/assets', responses: answers(z.array(r.ledgerAsset)) });
export const cantonPrepare = createRoute({
  tags, ...limitedBy('RL_WALLETS'),
  method: 'post',
  path: '/canton/prepare',
  request: jsonBody(cantonPrepareBody),
  responses: answers(r.externalPartyPrepared),
});
export const cantonComplete = createRoute({
  tags, ...limitedBy('RL_WALLETS'),
  method: 'post',
  path: '/canton/complete',
  request: jsonBody(cantonCompleteBody),
  responses: answers(r.externalPartyCompleted),
});
export const holdingTransactions = createRoute({
  tags, ...limitedBy('RL_WRITES'),
  method: 'post',
  path: '/canton/holding-transactions',
  request: jsonBody(holdingTransactionsBody),
  responses: answers(r.holdingTransactions),
});
export const createCantonAccount = createRoute({ tags, ...limitedBy('RL_WALLETS'), method: 'post', path: '/canton', responses: answers(r.digitalAssetAccount) });
export const createDigitalAsset = createRoute({
  tags, ...limitedBy('RL_WALLETS'),
  method: 'post',
  path: '/digital-asset',
  request: jsonBody(createDigitalAssetBody),
  responses: answers(r.digitalAssetAccount),
});
export const autoAccept = createRoute({ tags, ...limitedBy('RL_AUTO_ACCEPT'), ...notifiesParties(), method: 'post', path: '/auto-accept', request: jsonBody(autoAcceptBody), responses: answers(r.offersAccepted) });
export const transfer = createRoute({ tags, ...limitedBy('RL_TRANSFERS'), ...notifiesParties(), method: 'post', path: '/transfer', request: jsonBody(transferBody), responses: answers(r.transferOffered) });
export const createExternalWallet = createRoute({
  tags, ...limitedBy('RL_WALLETS'),
  method: 'post',
  path: '/external',
  request: jsonBody(createExternalWalletBody),
  responses: answers(r.wallet),
});
export const createInternalWallet = createRoute({
  tags, ...limitedBy('RL_WALLETS'),
  method: 'post',
  path: '/internal',
  request: jsonBody(createInternalWalletBody),
  responses: answers(r.wallet),
});
export const createWallet = createRoute({ tags, ...limitedBy('RL_WALLETS'), method: 'post', path: '/', request: jsonBody(createWalletBody), responses: answers(r.wallet) });
export const deactivateWallet = createRoute({
  tags, ...limitedBy('RL_WRITES'),
  method: 'patch',
  path: '/{id}/deactivate',
  request: { params: walletIdParam },
  responses: answers(r.wallet),
});
export const walletCategories = createRoute({
  tags,
  method: 'get',
  path: '/{accountId}/categories',
  request: { params: accountIdParam },
  responses: answers(r.walletCategories),
});
export const listWallets = createRoute({
  tags,
  method: 'get',
  path: '/{accountId}',
  request: { params: accountIdParam },
  responses: answers(z.array(r.wallet)),
});

export const walletsContract = [
  ledgerStatus,
  ledgerSelfTest,
  listParties,
  partyAssets,
  partyBalance,
  cantonAssets,
  cantonPrepare,
  cantonComplete,
  holdingTransactions,
  createCantonAccount,
  createDigitalAsset,
  autoAccept,
  transfer,
  createExternalWallet,
  createInternalWallet,
  createWallet,
  deactivateWallet,
  walletCategories,
  listWallets,
] as const;
