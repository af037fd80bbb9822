// Person-to-person transfers (offers, sends, the preapproval): their requests and answers, as the
// contract and the core check them (English messages, OpenAPI). The receiver field (a Canton party id
// or the phone number the receiver signs in with) and the CC amount follow the plain functions of
// ./send-rules.ts (parseReceiver, ccAmountProblem, sendAmountProblem), which the send form checks
// with, so form and server apply one rule without shipping a schema library to the browser.
import { z } from 'zod';
import { pageQuery } from './paging';
import { CANTON_PARTY_ID } from './ids';
import { text } from './text';
import {
  ACCOUNT_ID_MAX,
  CC_AMOUNT_PATTERN,
  RECEIVER_PATTERN,
  SEND_AMOUNT_PATTERN,
  MAX_TRANSFER_CC,
  MIN_SEND_CC,
  OFFERS_PAGE_MAX,
  OFFERS_PAGE_SIZE,
  OFFER_DIRECTIONS,
  canonicalReceiver,
  ccAmountProblem,
  ccAmountText,
  sendAmountProblem,
  type SendAmountProblem,
} from './send-rules';
import { count, ledgerAmount, usdCents } from './answer-parts';
import { COUNTERPARTY_KINDS } from '../transaction-labels';
import { timestamp } from './timestamp';

export * from './send-rules';

const AMOUNT_TEXTS: Record<SendAmountProblem, string> = {
  format: 'Amount must be a positive number with at most 10 decimals',
  positive: 'Amount must be positive',
  max: `Amount must be at most ${MAX_TRANSFER_CC}`,
  min: `Amount must be at least ${MIN_SEND_CC} CC`,
};

const accountId = text().min(1, 'Required').max(ACCOUNT_ID_MAX);

/** A positive CC amount with at most 10 decimals and at most 10,000; kept as canonical text. */
export const ccAmount = z
  .union([z.string().meta({ pattern: CC_AMOUNT_PATTERN }), z.number().meta({ exclusiveMinimum: 0, maximum: MAX_TRANSFER_CC })])
  .transform((value, ctx) => {
    const text = ccAmountText(value);
    const problem = ccAmountProblem(text);
    if (!problem) return text;
    ctx.addIssue({ code: 'custom', message: AMOUNT_TEXTS[problem] });
    return z.NEVER;
  });

/**
 * An amount one person sends another: at least MIN_SEND_CC (below it, 400 `amount_below_minimum`: the
 * issue names its code), at most MAX_TRANSFER_CC, at most 10 decimals; kept as canonical text. The
 * document shows the minimum on the number form and in the description.
 */
export const sendAmount = z
  .union([z.string().meta({ pattern: SEND_AMOUNT_PATTERN }), z.number().meta({ minimum: Number(MIN_SEND_CC), maximum: MAX_TRANSFER_CC })])
  .transform((value, ctx) => {
    const text = ccAmountText(value);
    const problem = sendAmountProblem(text);
    if (!problem) return text;
    ctx.addIssue({ code: 'custom', message: AMOUNT_TEXTS[problem], ...(problem === 'min' ? { params: { code: 'amount_below_minimum' } } : {}) });
    return z.NEVER;
  })
  .meta({
    description: `CC to send, as a decimal string (or number): at least ${MIN_SEND_CC} CC (smaller sends are dust and answer 400 amount_below_minimum), at most ${MAX_TRANSFER_CC} CC, at most 10 decimals`,
    example: '12.5',
  });

export const receiver = z
  .string()
  .meta({ pattern: RECEIVER_PATTERN })
  .transform((value, ctx) => {
    const canonical = canonicalReceiver(value);
    if (canonical !== null) return canonical;
    ctx.addIssue({ code: 'custom', message: "Receiver must be a Canton party id or a phone number ('+' and 8 to 15 digits)" });
    return z.NEVER;
  });

export const resolveReceiverBody = z.object({ account_id: accountId, receiver }).meta({ id: 'ResolveReceiverBody' });
export const sendBody = z
  .object({
    account_id: accountId,
    receiver_party: z.string().regex(CANTON_PARTY_ID, 'Invalid Canton party id'),
    amount: sendAmount,
  })
  .meta({ id: 'SendBody' });
export const offerActionBody = z.object({ account_id: accountId }).meta({ id: 'OfferActionBody' });

/**
 * GET /wallets/canton/offers/{accountId}: one page of each list (or of one list with `direction`),
 * largest amount first, then newest first.
 */
export const offersQuery = z.object({
  direction: z.enum(OFFER_DIRECTIONS).optional().meta({ description: 'Read only this list (the other answers []); without it, the first page of both' }),
  ...pageQuery({ size: OFFERS_PAGE_SIZE, max: OFFERS_PAGE_MAX, rows: 'Offers of each list' }).shape,
});
export const preapprovalBody = z.object({ enabled: z.boolean() }).meta({ id: 'PreapprovalBody' });

/** A transfer offer's id as the ledger makes them: a Canton-style contract id ('00' + 64 hex), exact. */
export const OFFER_ID = /^00[0-9a-f]{64}$/;
export const offerIdParam = z.object({ offerId: z.string().regex(OFFER_ID, 'Invalid offer id') });

// ---------------------------------------------------------------------------------------------
// Answers (what the upstream answers in `data`), written from what the embedded core really answers
// and checked against it by tests/worker/bff/upstream-contract.test.ts. Objects strip unknown keys
// (zod's default): a field the contract does not name never reaches a client.

/** The parties whose open screens a money movement changed (the BFF tells them: `x-live-notify`). */
export const affectedParties = z.array(z.string());

/** POST /wallets/canton/receivers/resolve: the receiver's digital-assets party, its name masked ("Ana G."). */
export const receiverResolved = z.object({ partyId: z.string(), displayName: z.string(), preapproved: z.boolean() }).meta({ id: 'ReceiverResolved' });

/** POST /wallets/canton/send: settled at once under a preapproval (COMPLETED), else an offer (PENDING). */
export const transferSent = z
  .object({
    transactionId: z.string(),
    offerId: z.string().nullable(),
    status: z.enum(['COMPLETED', 'PENDING']),
    amount: ledgerAmount,
    amount_usd_cents: usdCents,
    senderPartyId: z.string(),
    receiverPartyId: z.string(),
    expiresAt: timestamp.nullable(),
    affectedParties,
  })
  .meta({ id: 'TransferSent' });

/** One pending, unexpired offer as its receiver (incoming) or its sender (outgoing) sees it. */
export const pendingOffer = z
  .object({
    offerId: z.string(),
    direction: z.enum(['incoming', 'outgoing']),
    counterpartyPartyId: z.string(),
    /** Masked ("Ana G.", "ana-1234…"); the treasury's is the fixed "Dólar treasury" (translate by counterpartyKind). */
    counterpartyName: z.string(),
    counterpartyKind: z.enum(COUNTERPARTY_KINDS),
    amount: ledgerAmount,
    amount_usd_cents: usdCents,
    expiresAt: timestamp,
    createdAt: timestamp,
  })
  .meta({ id: 'PendingOffer' });

/**
 * GET /wallets/canton/offers/{accountId}: one page of each list, largest amount first, then newest
 * first (so dust never pushes a large offer off the first page), and each list's pending total.
 */
export const pendingOffers = z
  .object({
    incoming: z.array(pendingOffer),
    outgoing: z.array(pendingOffer),
    incoming_total: count.meta({ description: 'Pending, unexpired incoming offers in all (every page)' }),
    outgoing_total: count.meta({ description: 'Pending, unexpired outgoing offers in all (every page)' }),
  })
  .meta({ id: 'PendingOffers' });

export const offerAccepted = z
  .object({ offerId: z.string(), status: z.literal('accepted'), transactionId: z.string(), affectedParties })
  .meta({ id: 'OfferAccepted' });
export const offerRejected = z.object({ offerId: z.string(), status: z.literal('rejected'), affectedParties }).meta({ id: 'OfferRejected' });
export const offerWithdrawn = z.object({ offerId: z.string(), status: z.literal('withdrawn'), affectedParties }).meta({ id: 'OfferWithdrawn' });

/** GET and PUT /wallets/canton/preapproval/{accountId}: whether incoming transfers settle at once. */
export const transferPreapproval = z.object({ enabled: z.boolean(), expiresAt: timestamp.nullable() }).meta({ id: 'TransferPreapproval' });
