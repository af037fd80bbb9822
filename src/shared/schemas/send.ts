// Person-to-person transfers (issue 17): the receiver field (a Canton party id or the phone number the
// receiver signs in with) and the CC amount, as one set of rules in two flavours. The plain functions
// (parseReceiver, ccAmountProblem, in ./send-rules.ts, which islands import alone) are the rules; the zod/mini schemas are the islands' (dictionary
// keys as messages, small bundles), the full-zod ones the contract's and the core's (English
// messages, OpenAPI). ./schemas-agree.test.ts checks with fast-check that each pair accepts and
// refuses the same bodies and yields the same values.
import * as z from 'zod/mini';
import { z as zf } from 'zod';
import { CANTON_PARTY_ID } from './ids';
import { msg } from './messages';
import { miniText, text } from './text';
import {
  ACCOUNT_ID_MAX,
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

export * from './send-rules';

// ---------------------------------------------------------------------------------------------
// The islands' schemas (zod/mini, messages are dictionary keys).

const AMOUNT_KEYS = {
  format: 'errors.ccAmountInvalid',
  positive: 'errors.ccAmountPositive',
  max: 'errors.ccAmountMax',
  min: 'errors.ccAmountMin',
} as const;

const accountIdSchema = miniText('errors.invalidValue').check(z.minLength(1, msg('errors.invalidValue')), z.maxLength(ACCOUNT_ID_MAX, msg('errors.invalidValue')));

/** A CC amount typed or sent: out, its canonical text ("12.5"). */
export const ccAmountSchema = z.pipe(
  z.union([z.string(), z.number()], msg('errors.ccAmountInvalid')),
  z.transform((value, ctx) => {
    const text = ccAmountText(value);
    const problem = ccAmountProblem(text);
    if (!problem) return text;
    ctx.issues.push({ code: 'custom', message: AMOUNT_KEYS[problem], input: value });
    return z.NEVER;
  }),
);

/** An amount one person sends another: a CC amount of at least MIN_SEND_CC; out, its canonical text. */
export const sendAmountSchema = z.pipe(
  z.union([z.string(), z.number()], msg('errors.ccAmountInvalid')),
  z.transform((value, ctx) => {
    const text = ccAmountText(value);
    const problem = sendAmountProblem(text);
    if (!problem) return text;
    ctx.issues.push({ code: 'custom', message: AMOUNT_KEYS[problem], input: value });
    return z.NEVER;
  }),
);

/** The receiver field: out, the canonical party id or phone. */
export const receiverSchema = z.pipe(
  z.string(msg('errors.receiverInvalid')),
  z.transform((value, ctx) => {
    const receiver = canonicalReceiver(value);
    if (receiver !== null) return receiver;
    ctx.issues.push({ code: 'custom', message: 'errors.receiverInvalid', input: value });
    return z.NEVER;
  }),
);

/** POST /wallets/canton/receivers/resolve */
export const resolveReceiverBodySchema = z.object({ account_id: accountIdSchema, receiver: receiverSchema });
export type ResolveReceiverBody = z.output<typeof resolveReceiverBodySchema>;

/** POST /wallets/canton/send: the receiver as the resolve call answered it (a party id), never a phone. */
export const sendBodySchema = z.object({
  account_id: accountIdSchema,
  receiver_party: z.string(msg('errors.receiverInvalid')).check(z.regex(CANTON_PARTY_ID, msg('errors.receiverInvalid'))),
  amount: sendAmountSchema,
});
export type SendBody = z.output<typeof sendBodySchema>;

/** PUT /wallets/canton/preapproval/{accountId} */
export const preapprovalBodySchema = z.object({ enabled: z.boolean(msg('errors.invalidValue')) });

// ---------------------------------------------------------------------------------------------
// The contract's and the core's schemas (full zod, English messages).

const AMOUNT_TEXTS: Record<SendAmountProblem, string> = {
  format: 'Amount must be a positive number with at most 10 decimals',
  positive: 'Amount must be positive',
  max: `Amount must be at most ${MAX_TRANSFER_CC}`,
  min: `Amount must be at least ${MIN_SEND_CC} CC`,
};

const accountId = text().min(1, 'Required').max(ACCOUNT_ID_MAX);

/** A positive CC amount with at most 10 decimals and at most 10,000; kept as canonical text. */
export const ccAmount = zf
  .union([zf.string(), zf.number()])
  .transform((value, ctx) => {
    const text = ccAmountText(value);
    const problem = ccAmountProblem(text);
    if (!problem) return text;
    ctx.addIssue({ code: 'custom', message: AMOUNT_TEXTS[problem] });
    return zf.NEVER;
  });

/**
 * An amount one person sends another: at least MIN_SEND_CC (below it, 400 `amount_below_minimum`: the
 * issue names its code), at most MAX_TRANSFER_CC, at most 10 decimals; kept as canonical text. The
 * document shows the minimum on the number form and in the description.
 */
export const sendAmount = zf
  .union([zf.string(), zf.number().meta({ minimum: Number(MIN_SEND_CC), maximum: MAX_TRANSFER_CC })])
  .transform((value, ctx) => {
    const text = ccAmountText(value);
    const problem = sendAmountProblem(text);
    if (!problem) return text;
    ctx.addIssue({ code: 'custom', message: AMOUNT_TEXTS[problem], ...(problem === 'min' ? { params: { code: 'amount_below_minimum' } } : {}) });
    return zf.NEVER;
  })
  .meta({
    description: `CC to send, as a decimal string (or number): at least ${MIN_SEND_CC} CC (smaller sends are dust and answer 400 amount_below_minimum), at most ${MAX_TRANSFER_CC} CC, at most 10 decimals`,
    example: '12.5',
  });

export const receiver = zf.string().transform((value, ctx) => {
  const canonical = canonicalReceiver(value);
  if (canonical !== null) return canonical;
  ctx.addIssue({ code: 'custom', message: "Receiver must be a Canton party id or a phone number ('+' and 8 to 15 digits)" });
  return zf.NEVER;
});

export const resolveReceiverBody = zf.object({ account_id: accountId, receiver });
export const sendBody = zf.object({
  account_id: accountId,
  receiver_party: zf.string().regex(CANTON_PARTY_ID, 'Invalid Canton party id'),
  amount: sendAmount,
});
export const offerActionBody = zf.object({ account_id: accountId });

/**
 * GET /wallets/canton/offers/{accountId}: one page of each list (or of one list with `direction`),
 * largest amount first, then newest first.
 */
export const offersQuery = zf.object({
  direction: zf
    .enum(OFFER_DIRECTIONS)
    .optional()
    .meta({ description: 'Read only this list (the other answers []); without it, the first page of both' }),
  limit: zf.coerce
    .number()
    .int()
    .min(1)
    .max(OFFERS_PAGE_MAX)
    .default(OFFERS_PAGE_SIZE)
    .meta({ description: `Offers per list, 1-${OFFERS_PAGE_MAX} (default ${OFFERS_PAGE_SIZE})` }),
  offset: zf.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(0)
    .meta({ description: 'Offers of the list to skip (the next page: the number already shown)' }),
});
export const preapprovalBody = zf.object({ enabled: zf.boolean() });

/** A transfer offer's id as the ledger makes them: a Canton-style contract id ('00' + 64 hex), exact. */
export const OFFER_ID = /^00[0-9a-f]{64}$/;
export const offerIdParam = zf.object({ offerId: zf.string().regex(OFFER_ID, 'Invalid offer id') });
