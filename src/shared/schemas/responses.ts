// What the upstream answers in `data` (spec section 7), one full-zod schema per entity, written from
// what the embedded core really answers (src/core services) and checked against it by
// tests/worker/bff/upstream-contract.test.ts. Server-only: the remote adapter's answer check
// (src/worker/upstream/contract.ts) reads them; no island imports this file, so the browser bundles do
// not grow. Objects strip unknown keys (zod's default): a field the contract does not name never
// reaches a client, whatever the upstream adds.
import { z } from 'zod';
import { ACCOUNT_CATEGORIES } from '../account-categories';
import { FEATURE_REQUEST_PRIORITIES, FEATURE_REQUEST_STATUSES } from '../feature-request-labels';
import { TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from '../ticket-labels';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../transaction-labels';
import { LANGUAGES } from './account';
import { VOTE_TYPES } from './feature-request';
import { digitalAsset } from './market';
import { timestamp } from './timestamp';

// ---------------------------------------------------------------------------------------------
// Building blocks. Money is never a float: USD as integer cents, ledger amounts as exact decimal text.

/** A ledger amount: exact decimal text with Canton's 10 decimals, e.g. "100.0000000000". */
export const ledgerAmount = z.string().regex(/^-?\d+\.\d{10}$/, 'ledger amount with 10 decimals');
/** A USD price as exact decimal text, e.g. "0.1571". */
export const usdPrice = z.string().regex(/^\d+(\.\d+)?$/, 'decimal price');
/** USD in integer cents. */
export const usdCents = z.number().int();
const count = z.number().int().nonnegative();
const success = z.object({ success: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Accounts

export const profile = z.object({
  id: z.string(),
  name: z.string(),
  language: z.enum(LANGUAGES).nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  address: z.string().nullable(),
  idv: z.object({ id: z.string(), status: z.string(), created_at: timestamp, updated_at: timestamp }).nullable(),
  idv_status: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const account = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  account_type: z.literal('individual'),
  account_category: z.enum(ACCOUNT_CATEGORIES),
  // Declared to the OpenAPI generator as a plain object: it would otherwise follow z.json()'s
  // recursion forever (a stack overflow that made /api/openapi.json answer 500).
  metadata: z.record(z.string(), z.json()).meta({ type: 'object', description: 'Free-form JSON object' }),
  created_by: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});

/** The user's link to an account (user_accounts) with the account itself. */
export const accountLink = z.object({
  id: z.string(),
  account_id: z.string(),
  account_name: z.string(),
  is_primary: z.boolean(),
  is_active: z.boolean(),
  created_at: timestamp,
  account,
});

export const accountList = success.extend({ accounts: z.array(accountLink) });
export const activeAccount = success.extend({ account: accountLink });
export const accountCreated = success.extend({ accountId: z.string() });
export const accountUpdated = success.extend({ account: accountLink });
export const accountDone = success;

// ---------------------------------------------------------------------------------------------
// Wallets and the Canton ledger

export const WALLET_KINDS = ['digital_asset', 'internal', 'external', 'self_custody', 'usd', 'brokerage'] as const;

export const wallet = z.object({
  id: z.string(),
  account_id: z.string(),
  kind: z.enum(WALLET_KINDS),
  chain: z.string(),
  vendor: z.string(),
  address: z.string().nullable(),
  label: z.string(),
  network: z.string(),
  is_active: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const walletCategories = z.object({
  usd_account: wallet.nullable(),
  brokerage_account: wallet.nullable(),
  digital_asset_account: wallet.nullable(),
  other: z.array(wallet),
});

/** POST /wallets/digital-asset and /wallets/canton: the account's Canton wallet and its party. */
export const digitalAssetAccount = z.object({
  cantonPartyId: z.string(),
  walletId: z.string(),
  accountId: z.string(),
  instrument: z.string(),
  created: z.boolean(),
});

export const cantonParty = z.object({
  partyId: z.string(),
  hint: z.string(),
  keyKind: z.enum(['hosted', 'external']),
  accountId: z.string(),
  accountName: z.string(),
  walletId: z.string().nullable(),
  createdAt: timestamp,
});

export const ledgerStatus = z.object({
  connected: z.boolean(),
  mode: z.string(),
  network: z.string(),
  synchronizerId: z.string(),
  participantId: z.string(),
  issuerPartyId: z.string(),
  treasuryPartyId: z.string(),
  instruments: z.array(z.string()),
  ledgerTime: timestamp,
  yourParties: count,
});

export const ledgerSelfTest = z.object({
  ok: z.boolean(),
  checks: z.object({ database: z.boolean(), instrument: z.boolean(), treasuryFunded: z.boolean() }),
  treasuryBalance: ledgerAmount,
});

export const partyBalance = z.object({
  partyId: z.string(),
  instrument: z.string(),
  balance: ledgerAmount,
  locked: ledgerAmount,
  pendingIncoming: ledgerAmount,
  price: usdPrice,
  balance_usd_cents: usdCents,
  /** balance (available) + locked (outgoing offers) + pendingIncoming, exact (issue 17). */
  total: ledgerAmount,
  total_usd_cents: usdCents,
});

/** A ledger instrument with the caller's holdings summed: the market's digital asset plus balances. */
export const ledgerAsset = digitalAsset.omit({ updated_at: true }).extend({
  issuer_party: z.string(),
  decimals: count,
  last_price: usdPrice,
  balance: ledgerAmount,
  locked: ledgerAmount,
  holding_count: count,
  value_usd_cents: usdCents,
});

export const externalPartyPrepared = z.object({
  publicKeyFingerprint: z.string(),
  topologyTransactions: z.array(z.string()),
  multiHash: z.string(),
  signingAlgorithm: z.literal('ED25519'),
  expiresAt: timestamp,
});

export const externalPartyCompleted = z.object({ partyId: z.string(), walletId: z.string(), publicKeyFingerprint: z.string() });

export const holding = z.object({
  contractId: z.string(),
  instrument: z.string(),
  amount: ledgerAmount,
  locked: z.boolean(),
  lockedForOfferId: z.string().nullable(),
  origin: z.string(),
  createdAt: timestamp,
});

/** A transfer offer's life: pending until accepted, rejected (receiver), withdrawn (sender) or expired. */
export const OFFER_STATUSES = ['pending', 'accepted', 'rejected', 'withdrawn', 'expired'] as const;

export const transferOffer = z.object({
  offerId: z.string(),
  direction: z.enum(['incoming', 'outgoing']),
  senderPartyId: z.string(),
  receiverPartyId: z.string(),
  instrument: z.string(),
  amount: ledgerAmount,
  status: z.enum(OFFER_STATUSES),
  expiresAt: timestamp,
  createdAt: timestamp,
  settledAt: timestamp.nullable(),
});

export const holdingTransactions = z.object({ partyId: z.string(), holdings: z.array(holding), transferOffers: z.array(transferOffer) });

/** The parties whose open screens a money movement changed (the BFF tells them: `x-live-notify`). */
const affectedParties = z.array(z.string());

/**
 * POST /wallets/auto-accept: every incoming pending offer accepted (the treasury's and people's).
 * affectedParties arrived with issue 17: optional here so that an upstream answering the earlier
 * shape still passes (the BFF then has no one to notify); the embedded core always answers it.
 */
export const offersAccepted = z.object({ contractsAccepted: count, offersExpired: count, affectedParties: affectedParties.optional() });

/** POST /wallets/transfer: the treasury's offer to the account's party. */
export const transferOffered = z.object({
  amount: ledgerAmount,
  fromPartyId: z.string(),
  toPartyId: z.string(),
  instrument: z.string(),
  offerId: z.string(),
  expiresAt: timestamp,
  transactionId: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  /** [toPartyId] (issue 17; optional as on offersAccepted). */
  affectedParties: affectedParties.optional(),
});

// ---------------------------------------------------------------------------------------------
// Person-to-person transfers (issue 17)

/** POST /wallets/canton/receivers/resolve: the receiver's digital-assets party, its name masked ("Ana G."). */
export const receiverResolved = z.object({ partyId: z.string(), displayName: z.string(), preapproved: z.boolean() });

/** POST /wallets/canton/send: settled at once under a preapproval (COMPLETED), else an offer (PENDING). */
export const transferSent = z.object({
  transactionId: z.string(),
  offerId: z.string().nullable(),
  status: z.enum(['COMPLETED', 'PENDING']),
  amount: ledgerAmount,
  amount_usd_cents: usdCents,
  senderPartyId: z.string(),
  receiverPartyId: z.string(),
  expiresAt: timestamp.nullable(),
  affectedParties,
});

/** One pending, unexpired offer as its receiver (incoming) or its sender (outgoing) sees it. */
export const pendingOffer = z.object({
  offerId: z.string(),
  direction: z.enum(['incoming', 'outgoing']),
  counterpartyPartyId: z.string(),
  /** Masked ("Ana G.", "ana-1234…"); the treasury's is the fixed "Dólar treasury" (translate by counterpartyKind). */
  counterpartyName: z.string(),
  counterpartyKind: z.enum(['treasury', 'person']),
  amount: ledgerAmount,
  amount_usd_cents: usdCents,
  expiresAt: timestamp,
  createdAt: timestamp,
});

/**
 * GET /wallets/canton/offers/{accountId}: one page of each list, largest amount first, then newest
 * first (so dust never pushes a large offer off the first page), and each list's pending total.
 */
export const pendingOffers = z.object({
  incoming: z.array(pendingOffer),
  outgoing: z.array(pendingOffer),
  incoming_total: count.meta({ description: 'Pending, unexpired incoming offers in all (every page)' }),
  outgoing_total: count.meta({ description: 'Pending, unexpired outgoing offers in all (every page)' }),
});

export const offerAccepted = z.object({ offerId: z.string(), status: z.literal('accepted'), transactionId: z.string(), affectedParties });
export const offerRejected = z.object({ offerId: z.string(), status: z.literal('rejected'), affectedParties });
export const offerWithdrawn = z.object({ offerId: z.string(), status: z.literal('withdrawn'), affectedParties });

/** GET and PUT /wallets/canton/preapproval/{accountId}: whether incoming transfers settle at once. */
export const transferPreapproval = z.object({ enabled: z.boolean(), expiresAt: timestamp.nullable() });

// ---------------------------------------------------------------------------------------------
// Transactions

/** Why a transfer was CANCELLED (withdrawn, expired) or FAILED (rejected); null otherwise. */
export const STATUS_REASONS = ['rejected', 'withdrawn', 'expired'] as const;

export const transaction = z.object({
  id: z.string(),
  account_id: z.string(),
  wallet_id: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  type: z.enum(TRANSACTION_TYPES),
  amount_usd: usdCents,
  asset: z.string(),
  asset_amount: ledgerAmount.nullable(),
  network: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  tx_hash: z.string().nullable(),
  description: z.string().nullable(),
  /** The other party of a ledger movement (issue 18); null or absent when there is none or the upstream does not say. */
  counterparty: z.string().nullable().optional(),
  /** A person-to-person transfer's side (issue 17): sent or received; null for the others. */
  direction: z.enum(['sent', 'received']).nullable().optional(),
  /** The other person, masked ("Ana G."); null when there is none. */
  counterparty_name: z.string().nullable().optional(),
  status_reason: z.enum(STATUS_REASONS).nullable().optional(),
});

/** GET /transactions/{id}: the transaction and its transfer offer with the offer's status and times (issue 18). */
export const transactionDetail = transaction.extend({
  offer: transferOffer.omit({ direction: true }).nullable().optional(),
});

// ---------------------------------------------------------------------------------------------
// Support

export const ticket = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  assigned_agent: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Comments the ticket's owner sees (internal notes left out): the tickets list's reply count. */
  comment_count: count,
  created_at: timestamp,
  updated_at: timestamp,
});

export const ticketComment = z.object({
  id: z.string(),
  ticket_id: z.string(),
  content: z.string(),
  is_internal: z.boolean(),
  created_at: timestamp,
  author: z.object({ name: z.string(), is_agent: z.boolean() }),
});

// ---------------------------------------------------------------------------------------------
// Feature requests

export const featureRequest = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string().nullable(),
  is_anonymous: z.boolean(),
  author: z.object({ name: z.string() }).nullable(),
  is_mine: z.boolean(),
  status: z.enum(FEATURE_REQUEST_STATUSES),
  priority: z.enum(FEATURE_REQUEST_PRIORITIES),
  upvotes: count,
  downvotes: count,
  total_score: z.number().int(),
  my_vote: z.enum(VOTE_TYPES).nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const featureRequestDeleted = z.object({ id: z.string(), deleted: z.literal(true) });

export const featureRequestVote = z.object({
  feature_request_id: z.string(),
  vote_type: z.enum(VOTE_TYPES),
  created_at: timestamp,
  updated_at: timestamp,
});

export const featureRequestCategory = z.object({ id: z.string(), name: z.string(), source: z.enum(['spec', 'server']) });
