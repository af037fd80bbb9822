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

export const ledgerStatus = createRoute({
  tags,
  operationId: 'ledgerStatus',
  summary: 'Get the ledger status',
  description:
    'The Canton ledger the app is connected to: network, synchronizer, participant, issuer and treasury parties, the instruments, the ledger time and your parties. Read-only.',
  method: 'get',
  path: '/canton/status',
  responses: answers(r.ledgerStatus),
});
export const ledgerSelfTest = createRoute({
  tags,
  operationId: 'ledgerSelfTest',
  summary: 'Test the ledger',
  description:
    "A self-test of the ledger connection: the database, the instrument and whether the treasury holds funds, with the treasury's balance. Read-only.",
  method: 'get',
  path: '/canton/test',
  responses: answers(r.ledgerSelfTest),
});
export const listParties = createRoute({
  tags,
  operationId: 'listParties',
  summary: 'List your Canton parties',
  description: 'Your Canton parties: id, hint, key kind (hosted or external), the account and wallet each belongs to. Read-only.',
  method: 'get',
  path: '/canton/parties',
  responses: answers(z.array(r.cantonParty)),
});
export const partyAssets = createRoute({
  tags,
  operationId: 'partyAssets',
  summary: "List a party's assets",
  description:
    "The assets one of your parties holds: balance and locked amount as exact decimal strings, value in integer USD cents. Another user's party is 404. Read-only.",
  method: 'get',
  path: '/canton/parties/{partyId}/assets',
  request: { params: partyIdParam },
  responses: answers(z.array(r.ledgerAsset)),
});
export const partyBalance = createRoute({
  tags,
  operationId: 'partyBalance',
  summary: "Get a party's balance",
  description:
    "One of your parties' balance of the instrument: available (unlocked holdings), locked (outgoing offers), pending incoming and their total, as exact decimal strings, with USD cents at the current price. Read-only.",
  method: 'get',
  path: '/canton/balance/{partyId}',
  request: { params: partyIdParam },
  responses: answers(r.partyBalance),
});
/** Also the market's assets source when UPSTREAM_API_URL is set. */
export const cantonAssets = createRoute({
  tags,
  operationId: 'cantonAssets',
  summary: 'List your digital assets',
  description:
    "Every listed Canton asset with your balance over all your parties (exact decimal strings, USD cents). Also the market's asset source when an upstream is configured. Read-only.",
  method: 'get',
  path: '/canton/assets',
  responses: answers(z.array(r.ledgerAsset)),
});
export const cantonPrepare = createRoute({
  tags,
  operationId: 'cantonPrepare',
  summary: 'Prepare an external party',
  description:
    'First step of a self-custody wallet: from your Ed25519 public key, the topology transactions and the hash to sign (hex), valid 10 minutes. Nothing is created yet. Rate-limited (RL_WALLETS).',
  ...limitedBy('RL_WALLETS'),
  method: 'post',
  path: '/canton/prepare',
  request: jsonBody(cantonPrepareBody),
  responses: answers(r.externalPartyPrepared),
});
export const cantonComplete = createRoute({
  tags,
  operationId: 'cantonComplete',
  summary: 'Complete an external party',
  description:
    'Second step of a self-custody wallet: with the signed hash, creates the party `partyHint::fingerprint` and binds it to your wallet. A bad signature is 400; a wallet already bound, or a key never prepared, is 409. Rate-limited (RL_WALLETS).',
  ...limitedBy('RL_WALLETS'),
  ...refuses('not_found', 'conflict', 'party_exists'),
  method: 'post',
  path: '/canton/complete',
  request: jsonBody(cantonCompleteBody),
  responses: answers(r.externalPartyCompleted),
});
export const holdingTransactions = createRoute({
  tags,
  operationId: 'holdingTransactions',
  summary: "List a party's holdings and offers",
  description:
    'The newest 100 holdings (contracts, amounts as exact decimal strings, locks) and transfer offers of one of your parties. Read-only, though a POST (the party id travels in the body).',
  ...limitedBy('RL_WRITES'),
  ...refuses('not_found'),
  method: 'post',
  path: '/canton/holding-transactions',
  request: jsonBody(holdingTransactionsBody),
  responses: answers(r.holdingTransactions),
});
export const createCantonAccount = createRoute({
  tags,
  operationId: 'createCantonAccount',
  summary: 'Open the digital-assets account',
  description:
    'Creates the digital-assets account of your active account with its hosted Canton party and wallet; when it exists already, answers it with `created: false`. No money moves. Rate-limited (RL_WALLETS).',
  ...limitedBy('RL_WALLETS'),
  method: 'post',
  path: '/canton',
  responses: answers(r.digitalAssetAccount),
});
export const createDigitalAsset = createRoute({
  tags,
  operationId: 'createDigitalAsset',
  summary: 'Open a digital-assets account',
  description:
    'The same as opening the digital-assets account, for a given account of yours. Answers `created: false` when it exists already. Rate-limited (RL_WALLETS).',
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
  operationId: 'autoAccept',
  summary: 'Accept every incoming offer',
  description:
    "Accepts every pending incoming offer of the account's party (the treasury's and people's) and expires lapsed ones: the money moves to you. Answers how many were accepted and expired and the parties whose balance changed. Takes an Idempotency-Key: a retry with the same key and body answers the first answer again.",
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
  operationId: 'transfer',
  summary: 'Get test funds',
  description:
    "The faucet of the embedded core: the treasury offers CC (more than 0, at most 10,000, at most 10 decimals) to the account's party as a 24-hour offer, pending until accepted. Test money only. Takes an Idempotency-Key. Rate-limited (RL_TRANSFERS).",
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
  operationId: 'resolveReceiver',
  summary: 'Find a receiver',
  description:
    "Turns a phone number or party id into the receiver's digital-assets party, with a masked display name and whether they accept transfers automatically. Unknown receiver 404 `receiver_not_found`; yourself 400 `self_transfer`. No money moves. Rate-limited (RL_LOOKUPS).",
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
  operationId: 'sendTransfer',
  summary: 'Send CC',
  description:
    "Sends CC (an exact decimal string) from your digital-assets account to another party: settled at once under the receiver's preapproval (COMPLETED), else a 24-hour offer that locks the amount in your holdings (PENDING) until accepted, rejected, withdrawn or expired. Takes an Idempotency-Key. Rate-limited (RL_SENDS).",
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
  operationId: 'listOffers',
  summary: 'List pending offers',
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
  operationId: 'acceptOffer',
  summary: 'Accept an offer',
  description:
    'The receiver accepts one pending offer: the locked amount moves to them and both transactions complete. Receiver only (else 404); 409 `offer_not_pending` once it is settled. Takes an Idempotency-Key.',
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
  operationId: 'rejectOffer',
  summary: 'Reject an offer',
  description:
    "The receiver rejects one pending offer: the sender's locked holdings are released and both transactions fail with reason `rejected`. Receiver only (else 404); 409 once settled.",
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
  operationId: 'withdrawOffer',
  summary: 'Withdraw an offer',
  description:
    'The sender withdraws one pending offer: its locked holdings are released and both transactions are cancelled with reason `withdrawn`. Sender only (else 404); 409 once settled.',
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
  operationId: 'getPreapproval',
  summary: 'Get automatic acceptance',
  description:
    "Whether your account's party accepts incoming transfers automatically (a TransferPreapproval for 90 days) and when it expires; a read with less than 30 days left renews it.",
  method: 'get',
  path: '/canton/preapproval/{accountId}',
  request: { params: accountIdParam },
  responses: answers(p2p.transferPreapproval),
});
export const setPreapproval = createRoute({
  tags,
  operationId: 'setPreapproval',
  summary: 'Turn automatic acceptance on or off',
  description:
    'On creates or renews the TransferPreapproval (90 days), so transfers to you settle at once; off removes it, so they arrive as offers to accept.',
  ...limitedBy('RL_WRITES'),
  method: 'put',
  path: '/canton/preapproval/{accountId}',
  request: { params: accountIdParam, ...jsonBody(preapprovalBody) },
  responses: answers(p2p.transferPreapproval),
});
export const createExternalWallet = createRoute({
  tags,
  operationId: 'createExternalWallet',
  summary: 'Add an external wallet',
  description:
    'Records an address you hold elsewhere (canton, ethereum, polygon, base, solana or bitcoin) as a wallet of one of your accounts. The same address twice is 409. No money moves. Rate-limited (RL_WALLETS).',
  ...limitedBy('RL_WALLETS'),
  ...refuses('not_found', 'wallet_exists'),
  method: 'post',
  path: '/external',
  request: jsonBody(createExternalWalletBody),
  responses: answers(r.wallet),
});
export const createInternalWallet = createRoute({
  tags,
  operationId: 'createInternalWallet',
  summary: 'Create a hosted wallet',
  description: 'Creates a wallet with its own Canton party hosted by the app, in one of your accounts. Rate-limited (RL_WALLETS).',
  ...limitedBy('RL_WALLETS'),
  ...refuses('not_found', 'wallet_exists'),
  method: 'post',
  path: '/internal',
  request: jsonBody(createInternalWalletBody),
  responses: answers(r.wallet),
});
export const createWallet = createRoute({
  tags,
  operationId: 'createWallet',
  summary: 'Create a self-custody wallet',
  description:
    'Creates a self-custody wallet in one of your accounts; its address stays empty until the external party is completed (prepare, then complete). Rate-limited (RL_WALLETS).',
  ...limitedBy('RL_WALLETS'),
  ...refuses('not_found', 'wallet_exists'),
  method: 'post',
  path: '/',
  request: jsonBody(createWalletBody),
  responses: answers(r.wallet),
});
export const deactivateWallet = createRoute({
  tags,
  operationId: 'deactivateWallet',
  summary: 'Deactivate a wallet',
  description: "Marks one of your wallets inactive: it leaves the lists; its holdings and history stay. Another user's wallet is 404.",
  ...limitedBy('RL_WRITES'),
  method: 'patch',
  path: '/{id}/deactivate',
  request: { params: walletIdParam },
  responses: answers(r.wallet),
});
export const walletCategories = createRoute({
  tags,
  operationId: 'walletCategories',
  summary: "Get an account's wallets by kind",
  description:
    'The active wallets of one of your accounts grouped as the screens show them: USD, brokerage, digital assets (each a wallet or null) and the others. Read-only.',
  method: 'get',
  path: '/{accountId}/categories',
  request: { params: accountIdParam },
  responses: answers(r.walletCategories),
});
export const listWallets = createRoute({
  tags,
  operationId: 'listWallets',
  summary: "List an account's wallets",
  description: 'The wallets of one of your accounts: kind, chain, address (the party id on Canton), label and whether it is active. Read-only.',
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
