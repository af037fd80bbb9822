// The contract of /api/wallets (wallets and the Canton ledger).
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import * as p2p from '../schemas/send';
import * as r from '../schemas/wallet';
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
  offerActionBody,
  offerIdParam,
  offersQuery,
  partyIdParam,
  preapprovalBody,
  resolveReceiverBody,
  sendBody,
  transferBody,
  walletIdParam,
} from '../schemas/wallet';
import { refuses } from './statuses';
import { answers, idempotencyKeyHeader, jsonBody, limitedBy, notifiesParties } from './common';

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
  tags,
  ...limitedBy('RL_WALLETS'),
  method: 'post',
  path: '/canton/prepare',
  request: jsonBody(cantonPrepareBody),
  responses: answers(r.externalPartyPrepared),
});
export const cantonComplete = createRoute({
  tags,
  ...limitedBy('RL_WALLETS'),
  ...refuses('not_found', 'conflict', 'party_exists'),
  method: 'post',
  path: '/canton/complete',
  request: jsonBody(cantonCompleteBody),
  responses: answers(r.externalPartyCompleted),
});
export const holdingTransactions = createRoute({
  tags,
  ...limitedBy('RL_WRITES'),
  ...refuses('not_found'),
  method: 'post',
  path: '/canton/holding-transactions',
  request: jsonBody(holdingTransactionsBody),
  responses: answers(r.holdingTransactions),
});
export const createCantonAccount = createRoute({
  tags,
  ...limitedBy('RL_WALLETS'),
  method: 'post',
  path: '/canton',
  responses: answers(r.digitalAssetAccount),
});
export const createDigitalAsset = createRoute({
  tags,
  ...limitedBy('RL_WALLETS'),
  ...refuses('not_found', 'party_exists'),
  method: 'post',
  path: '/digital-asset',
  request: jsonBody(createDigitalAssetBody),
  responses: answers(r.digitalAssetAccount),
});
/** Accepts every incoming pending offer of the account's party (the treasury's and people's). Idempotency-Key. */
export const autoAccept = createRoute({
  tags,
  ...limitedBy('RL_AUTO_ACCEPT'),
  ...notifiesParties(),
  ...refuses('not_found'),
  method: 'post',
  path: '/auto-accept',
  request: { ...idempotencyKeyHeader(), ...jsonBody(autoAcceptBody) },
  responses: answers(r.offersAccepted),
});
/** The faucet (test funds, embedded default): the treasury offers CC to the account's party. Idempotency-Key. */
export const transfer = createRoute({
  tags,
  ...limitedBy('RL_TRANSFERS'),
  ...notifiesParties(),
  ...refuses('not_found'),
  method: 'post',
  path: '/transfer',
  request: { ...idempotencyKeyHeader(), ...jsonBody(transferBody) },
  responses: answers(r.transferOffered),
});

// Person-to-person transfers. All scoped to the caller's digital-assets account: a foreign
// account or offer is 404 `not_found`.

/** A phone number or party id to the receiver's digital-assets party; 404 `receiver_not_found`, 400 `self_transfer`. */
export const resolveReceiver = createRoute({
  tags,
  ...limitedBy('RL_LOOKUPS'),
  ...refuses('not_found', 'receiver_not_found', 'self_transfer'),
  method: 'post',
  path: '/canton/receivers/resolve',
  request: jsonBody(resolveReceiverBody),
  responses: answers(p2p.receiverResolved),
});
/** Sends CC: settles at once under the receiver's preapproval, else a 24 h offer locking the sender's holdings. Idempotency-Key. */
export const sendTransfer = createRoute({
  tags,
  ...limitedBy('RL_SENDS'),
  ...notifiesParties(),
  ...refuses('not_found', 'receiver_not_found', 'self_transfer', 'amount_below_minimum', 'insufficient_funds'),
  method: 'post',
  path: '/canton/send',
  request: { ...idempotencyKeyHeader(), ...jsonBody(sendBody) },
  responses: answers(p2p.transferSent),
});
/**
 * The account's pending, unexpired offers, incoming and outgoing, paged: largest amount first, then
 * newest first, so dust never buries a large offer; each list's total counts every page.
 */
export const listOffers = createRoute({
  tags,
  method: 'get',
  path: '/canton/offers/{accountId}',
  description:
    'Pending, unexpired offers of the account: one page of each list (or of one list with `direction`), ordered by amount, largest first, then newest first, so many small offers never push a large one off the first page. `incoming_total` and `outgoing_total` count every page; the next page of a list is `?direction=<list>&offset=<offers already shown>`.',
  request: { params: accountIdParam, query: offersQuery },
  responses: answers(p2p.pendingOffers),
});
/** The receiver accepts one offer; 409 `offer_not_pending` once it is settled. Idempotency-Key. */
export const acceptOffer = createRoute({
  tags,
  ...limitedBy('RL_ACCEPTS'),
  ...notifiesParties(),
  ...refuses('offer_not_pending'),
  method: 'post',
  path: '/canton/offers/{offerId}/accept',
  request: { params: offerIdParam, ...idempotencyKeyHeader(), ...jsonBody(offerActionBody) },
  responses: answers(p2p.offerAccepted),
});
/** The receiver rejects one offer: the sender's holdings are unlocked. */
export const rejectOffer = createRoute({
  tags,
  ...limitedBy('RL_ACCEPTS'),
  ...notifiesParties(),
  ...refuses('offer_not_pending'),
  method: 'post',
  path: '/canton/offers/{offerId}/reject',
  request: { params: offerIdParam, ...jsonBody(offerActionBody) },
  responses: answers(p2p.offerRejected),
});
/** The sender withdraws one offer: its holdings are unlocked. */
export const withdrawOffer = createRoute({
  tags,
  ...limitedBy('RL_ACCEPTS'),
  ...notifiesParties(),
  ...refuses('offer_not_pending'),
  method: 'post',
  path: '/canton/offers/{offerId}/withdraw',
  request: { params: offerIdParam, ...jsonBody(offerActionBody) },
  responses: answers(p2p.offerWithdrawn),
});
/** Whether the account's party accepts incoming transfers automatically (a TransferPreapproval, 90 days, renewed). */
export const getPreapproval = createRoute({
  tags,
  method: 'get',
  path: '/canton/preapproval/{accountId}',
  request: { params: accountIdParam },
  responses: answers(p2p.transferPreapproval),
});
export const setPreapproval = createRoute({
  tags,
  ...limitedBy('RL_WRITES'),
  method: 'put',
  path: '/canton/preapproval/{accountId}',
  request: { params: accountIdParam, ...jsonBody(preapprovalBody) },
  responses: answers(p2p.transferPreapproval),
});
export const createExternalWallet = createRoute({
  tags,
  ...limitedBy('RL_WALLETS'),
  ...refuses('not_found', 'wallet_exists'),
  method: 'post',
  path: '/external',
  request: jsonBody(createExternalWalletBody),
  responses: answers(r.wallet),
});
export const createInternalWallet = createRoute({
  tags,
  ...limitedBy('RL_WALLETS'),
  ...refuses('not_found', 'wallet_exists'),
  method: 'post',
  path: '/internal',
  request: jsonBody(createInternalWalletBody),
  responses: answers(r.wallet),
});
export const createWallet = createRoute({
  tags,
  ...limitedBy('RL_WALLETS'),
  ...refuses('not_found', 'wallet_exists'),
  method: 'post',
  path: '/',
  request: jsonBody(createWalletBody),
  responses: answers(r.wallet),
});
export const deactivateWallet = createRoute({
  tags,
  ...limitedBy('RL_WRITES'),
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
  resolveReceiver,
  sendTransfer,
  listOffers,
  acceptOffer,
  rejectOffer,
  withdrawOffer,
  getPreapproval,
  setPreapproval,
  createExternalWallet,
  createInternalWallet,
  createWallet,
  deactivateWallet,
  walletCategories,
  listWallets,
] as const;
