// Wallet and Canton ledger request bodies (spec section 7, Wallets). Ledger amounts travel as
// decimal strings (or numbers, which are read through their decimal text): at most 10 decimals.
import { z } from 'zod';
import { CANTON_PARTY_ID, partyId, uuidId } from './ids';
import { ccAmount } from './send';
import { text } from './text';

export { CANTON_PARTY_ID };
const id = text().min(1, 'Required').max(100);

// The CC amount and the person-to-person bodies (./send).
export { MAX_TRANSFER_CC, ccAmount, offerActionBody, offerIdParam, offersQuery, preapprovalBody, resolveReceiverBody, sendBody } from './send';

export const accountIdBody = z.object({ account_id: id });
export const createWalletBody = z.object({ account_id: id, label: text().max(100).optional() });
export const createDigitalAssetBody = accountIdBody;
export const autoAcceptBody = accountIdBody;
export const transferBody = z.object({ account_id: id, amount: ccAmount });

export const EXTERNAL_CHAINS = ['canton', 'ethereum', 'polygon', 'base', 'solana', 'bitcoin'] as const;
export const createExternalWalletBody = z
  .object({
    account_id: id,
    address: text().min(1, 'Required').max(200).regex(/^\S+$/, 'Address must not contain spaces'),
    label: text().max(100).optional(),
    chain: z.enum(EXTERNAL_CHAINS),
  })
  .refine((b) => b.chain !== 'canton' || CANTON_PARTY_ID.test(b.address), {
    message: 'Invalid Canton party id',
    path: ['address'],
  });

export const INTERNAL_NETWORKS = ['canton'] as const;
export const createInternalWalletBody = z.object({
  account_id: id,
  label: text().max(100).optional(),
  network: z.enum(INTERNAL_NETWORKS).default('canton'),
});

/** A raw Ed25519 public key: 32 bytes as 64 hex characters. */
export const ed25519PublicKey = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{64}$/, 'publicKey must be a 32-byte Ed25519 key in hex')
  .transform((s) => s.toLowerCase());

export const cantonPrepareBody = z.object({ publicKey: ed25519PublicKey });
export const cantonCompleteBody = z.object({
  publicKey: ed25519PublicKey,
  signedHash: z.string().trim().regex(/^[0-9a-fA-F]{128}$/, 'signedHash must be a 64-byte Ed25519 signature in hex'),
  walletId: id,
  partyHint: z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, 'partyHint: 1 to 64 letters, digits, - or _'),
});
export const holdingTransactionsBody = z.object({ partyId: partyId });

// Path params are exact (no trim): they become upstream path segments.
export const accountIdParam = z.object({ accountId: uuidId });
export const walletIdParam = z.object({ id: uuidId });
export const partyIdParam = z.object({ partyId: partyId });

export type TransferBody = z.infer<typeof transferBody>;
