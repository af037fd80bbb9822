// Wallets and the Canton ledger: request bodies and answers. Ledger amounts travel as decimal
// strings (or numbers, which are read through their decimal text): at most 10 decimals.
import { z } from 'zod';
import { CANTON_PARTY_ID, partyId, uuidId } from './ids';
import { affectedParties, ccAmount } from './send';
import { ONE_WORD_TEXT, text } from './text';
import { count, ledgerAmount, usdCents, usdPrice } from './answer-parts';
import { digitalAsset } from './market';
import { timestamp } from './timestamp';
import { OFFER_STATUSES, TRANSACTION_STATUSES } from '../transaction-labels';

export { CANTON_PARTY_ID };
const id = text().min(1, 'Required').max(100);

// The CC amount and the person-to-person bodies (./send).
export { offerActionBody, offerIdParam, offersQuery, preapprovalBody, resolveReceiverBody, sendBody } from './send';

const accountIdBody = z.object({ account_id: id }).meta({ id: 'AccountIdBody' });
export const createWalletBody = z.object({ account_id: id, label: text().max(100).optional() }).meta({ id: 'CreateWalletBody' });
export const createDigitalAssetBody = accountIdBody;
export const autoAcceptBody = accountIdBody;
export const transferBody = z.object({ account_id: id, amount: ccAmount }).meta({ id: 'TransferBody' });

export const EXTERNAL_CHAINS = ['canton', 'ethereum', 'polygon', 'base', 'solana', 'bitcoin'] as const;
type ExternalChain = (typeof EXTERNAL_CHAINS)[number];
const externalWallet = { account_id: id, label: text().max(100).optional() };
/**
 * An outside address by its chain: on Canton a party id, elsewhere one word of text (the document
 * publishes the two as oneOf, told apart by `chain`). Surrounding white space is dropped first.
 */
export const createExternalWalletBody = z
  .discriminatedUnion('chain', [
    z.object({
      ...externalWallet,
      chain: z.literal('canton'),
      address: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().regex(CANTON_PARTY_ID, 'Invalid Canton party id')),
    }),
    z.object({
      ...externalWallet,
      chain: z.enum(EXTERNAL_CHAINS.filter((chain) => chain !== 'canton') as [ExternalChain, ...ExternalChain[]]),
      address: text().min(1, 'Required').max(200).regex(/^\S+$/, 'Address must not contain spaces').meta({ pattern: ONE_WORD_TEXT }),
    }),
  ])
  .meta({ id: 'CreateExternalWalletBody' });

export const INTERNAL_NETWORKS = ['canton'] as const;
export const createInternalWalletBody = z
  .object({
    account_id: id,
    label: text().max(100).optional(),
    network: z.enum(INTERNAL_NETWORKS).default('canton'),
  })
  .meta({ id: 'CreateInternalWalletBody' });

/** A raw Ed25519 public key: 32 bytes as 64 hex characters. */
export const ed25519PublicKey = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{64}$/, 'publicKey must be a 32-byte Ed25519 key in hex')
  .transform((s) => s.toLowerCase());

export const cantonPrepareBody = z.object({ publicKey: ed25519PublicKey }).meta({ id: 'CantonPrepareBody' });
export const cantonCompleteBody = z
  .object({
    publicKey: ed25519PublicKey,
    signedHash: z
      .string()
      .trim()
      .regex(/^[0-9a-fA-F]{128}$/, 'signedHash must be a 64-byte Ed25519 signature in hex'),
    walletId: id,
    partyHint: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'partyHint: 1 to 64 letters, digits, - or _'),
  })
  .meta({ id: 'CantonCompleteBody' });
export const holdingTransactionsBody = z.object({ partyId: partyId }).meta({ id: 'HoldingTransactionsBody' });

// Path params are exact (no trim): they become upstream path segments.
export const accountIdParam = z.object({ accountId: uuidId });
export const walletIdParam = z.object({ id: uuidId });
export const partyIdParam = z.object({ partyId: partyId });

// ---------------------------------------------------------------------------------------------
// Answers (what the upstream answers in `data`), written from what the embedded core really answers
// and checked against it by tests/worker/bff/upstream-contract.test.ts. Objects strip unknown keys
// (zod's default): a field the contract does not name never reaches a client.

export const WALLET_KINDS = ['digital_asset', 'internal', 'external', 'self_custody', 'usd', 'brokerage'] as const;

export const wallet = z
  .object({
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
  })
  .meta({ id: 'Wallet' });

// A union with null, not .nullable(): the generator publishes a nullable named schema as
// allOf [$ref, {type: [object, null]}], which a null does not satisfy; the union is anyOf [$ref, null].
const walletOrNone = z.union([wallet, z.null()]);
export const walletCategories = z
  .object({
    usd_account: walletOrNone,
    brokerage_account: walletOrNone,
    digital_asset_account: walletOrNone,
    other: z.array(wallet),
  })
  .meta({ id: 'WalletCategories' });

/** POST /wallets/digital-asset and /wallets/canton: the account's Canton wallet and its party. */
export const digitalAssetAccount = z
  .object({
    cantonPartyId: z.string(),
    walletId: z.string(),
    accountId: z.string(),
    instrument: z.string(),
    created: z.boolean(),
  })
  .meta({ id: 'DigitalAssetAccount' });

export const cantonParty = z
  .object({
    partyId: z.string(),
    hint: z.string(),
    keyKind: z.enum(['hosted', 'external']),
    accountId: z.string(),
    accountName: z.string(),
    walletId: z.string().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'CantonParty' });

export const ledgerStatus = z
  .object({
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
  })
  .meta({ id: 'LedgerStatus' });

export const ledgerSelfTest = z
  .object({
    ok: z.boolean(),
    checks: z.object({ database: z.boolean(), instrument: z.boolean(), treasuryFunded: z.boolean() }),
    treasuryBalance: ledgerAmount,
  })
  .meta({ id: 'LedgerSelfTest' });

export const partyBalance = z
  .object({
    partyId: z.string(),
    instrument: z.string(),
    balance: ledgerAmount,
    locked: ledgerAmount,
    pendingIncoming: ledgerAmount,
    price: usdPrice,
    balance_usd_cents: usdCents,
    /** balance (available) + locked (outgoing offers) + pendingIncoming, exact. */
    total: ledgerAmount,
    total_usd_cents: usdCents,
  })
  .meta({ id: 'PartyBalance' });

/** A ledger instrument with the caller's holdings summed: the market's digital asset plus balances. */
export const ledgerAsset = digitalAsset
  .omit({ updated_at: true })
  .extend({
    issuer_party: z.string(),
    decimals: count,
    last_price: usdPrice,
    balance: ledgerAmount,
    locked: ledgerAmount,
    holding_count: count,
    value_usd_cents: usdCents,
  })
  .meta({ id: 'LedgerAsset' });

export const externalPartyPrepared = z
  .object({
    publicKeyFingerprint: z.string(),
    topologyTransactions: z.array(z.string()),
    multiHash: z.string(),
    signingAlgorithm: z.literal('ED25519'),
    expiresAt: timestamp,
  })
  .meta({ id: 'ExternalPartyPrepared' });

export const externalPartyCompleted = z
  .object({ partyId: z.string(), walletId: z.string(), publicKeyFingerprint: z.string() })
  .meta({ id: 'ExternalPartyCompleted' });

export const holding = z
  .object({
    contractId: z.string(),
    instrument: z.string(),
    amount: ledgerAmount,
    locked: z.boolean(),
    lockedForOfferId: z.string().nullable(),
    origin: z.string(),
    createdAt: timestamp,
  })
  .meta({ id: 'Holding' });

export const transferOffer = z
  .object({
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
  })
  .meta({ id: 'TransferOffer' });

export const holdingTransactions = z
  .object({ partyId: z.string(), holdings: z.array(holding), transferOffers: z.array(transferOffer) })
  .meta({ id: 'HoldingTransactions' });

/**
 * POST /wallets/auto-accept: every incoming pending offer accepted (the treasury's and people's),
 * how many and their total. amountAccepted and affectedParties came later than the rest of this
 * answer: optional here so that an upstream answering the earlier shape still passes (the BFF then
 * has no one to notify, the toast no total); the embedded core always answers them.
 */
export const offersAccepted = z
  .object({
    contractsAccepted: count,
    amountAccepted: ledgerAmount.optional(),
    offersExpired: count,
    affectedParties: affectedParties.optional(),
  })
  .meta({ id: 'OffersAccepted' });

/** POST /wallets/transfer: the treasury's offer to the account's party. */
export const transferOffered = z
  .object({
    amount: ledgerAmount,
    fromPartyId: z.string(),
    toPartyId: z.string(),
    instrument: z.string(),
    offerId: z.string(),
    expiresAt: timestamp,
    transactionId: z.string(),
    status: z.enum(TRANSACTION_STATUSES),
    /** [toPartyId] (optional as on offersAccepted). */
    affectedParties: affectedParties.optional(),
  })
  .meta({ id: 'TransferOffered' });
