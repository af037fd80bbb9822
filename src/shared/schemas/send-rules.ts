// Person-to-person transfers: the plain rules of the receiver field (a Canton party id or the phone
// number the receiver signs in with) and of a CC amount, with no zod at all, so that the send form
// (src/islands/wallet/send-form.ts) checks with the very rules the server does without bringing a
// schema library into the browser. ./send.ts builds the contract's schemas from these.
import { compareDecimals, parseDecimal } from '../decimal';
import { CANTON_PARTY_ID } from '../party-id';

/** The most CC one transfer moves (the faucet's and a person's alike). */
export const MAX_TRANSFER_CC = 10_000;
/**
 * The least CC one person can send another. Below it a send is dust: at CC's price ($0.1571) 0.1 CC
 * is worth $0.02 and shows as "0.10 CC", while 0.01 CC would show as $0.00; and every send locks
 * holdings, writes an offer into the receiver's list and wakes their screens, so a flood of near-zero
 * sends must cost the sender something. In CC rather than USD so the rule does not move with the
 * price. The faucet (the treasury offering to the caller's own party) is not bound by it.
 */
export const MIN_SEND_CC = '0.1';
/** The offers list's page: this many offers of a list by default, at most OFFERS_PAGE_MAX. */
export const OFFERS_PAGE_SIZE = 20;
export const OFFERS_PAGE_MAX = 100;
export const OFFER_DIRECTIONS = ['incoming', 'outgoing'] as const;
export type OfferDirection = (typeof OFFER_DIRECTIONS)[number];
const MIN_SEND = parseDecimal(MIN_SEND_CC)!;
/** Bound of a body's account id (an exact uuid in practice; the core looks it up scoped to the caller). */
export const ACCOUNT_ID_MAX = 100;
/** A receiver's phone: '+' then 8 to 15 digits, the first 1-9 (E.164). */
export const RECEIVER_PHONE = /^\+[1-9]\d{7,14}$/;

/** A receiver as the document publishes it: a party id, or the phone with single spaces or dashes between digits. */
export const RECEIVER_PATTERN = `^(?:${CANTON_PARTY_ID.source.slice(1, -1)}|\\+[1-9](?:[ -]?\\d){7,14})$`;

export type Receiver = { kind: 'party'; partyId: string } | { kind: 'phone'; phone: string };

/**
 * What the receiver field names: a party id (exact, as the ledger spells it), or a phone number with
 * spaces and dashes dropped (as sign-in does). Null when it is neither.
 */
export function parseReceiver(input: string): Receiver | null {
  const text = input.trim();
  if (CANTON_PARTY_ID.test(text)) return { kind: 'party', partyId: text };
  const phone = text.replace(/[\s-]+/g, '');
  return RECEIVER_PHONE.test(phone) ? { kind: 'phone', phone } : null;
}

/** The receiver's canonical text: the party id, or `+` and the phone's digits. */
export function canonicalReceiver(input: string): string | null {
  const receiver = parseReceiver(input);
  if (!receiver) return null;
  return receiver.kind === 'party' ? receiver.partyId : receiver.phone;
}

const FRACTION = '(?:\\.\\d{1,10})?';
const MAX_CC = `${MAX_TRANSFER_CC}(?:\\.0{1,10})?`;
/** 0.x with 1-10 decimals, one of them not 0: 0.1, 0.05, 0.0000000001. */
const POSITIVE_FRACTION = Array.from({ length: 10 }, (_, zeros) => `${'0'.repeat(zeros)}[1-9]\\d{0,${9 - zeros}}`).join('|');
/**
 * A CC amount as text in the form the document publishes (no sign, no leading zeros, no spaces):
 * more than 0, at most MAX_TRANSFER_CC, at most 10 decimals. The server reads these exactly as
 * ccAmountProblem does (a unit test checks they agree).
 */
export const CC_AMOUNT_PATTERN = `^(?:[1-9]\\d{0,3}${FRACTION}|0\\.(?:${POSITIVE_FRACTION})|${MAX_CC})$`;
/** A person-to-person amount in the same form: at least MIN_SEND_CC (0.1), at most MAX_TRANSFER_CC. */
export const SEND_AMOUNT_PATTERN = `^(?:[1-9]\\d{0,3}${FRACTION}|0\\.[1-9]\\d{0,9}|${MAX_CC})$`;

export type CcAmountProblem = 'format' | 'positive' | 'max';

/** The text a CC amount is read from: a number through its decimal text, a string trimmed. */
export const ccAmountText = (value: string | number) => (typeof value === 'number' ? String(value) : value.trim());

/** Why `text` is not a CC amount (at most 10 decimals, more than 0, at most MAX_TRANSFER_CC), or null. */
export function ccAmountProblem(text: string): CcAmountProblem | null {
  if (!/^\d{1,5}(\.\d{1,10})?$/.test(text)) return 'format';
  if (!/[1-9]/.test(text)) return 'positive';
  const [int = '0', frac = ''] = text.split('.');
  if (Number(int) > MAX_TRANSFER_CC || (Number(int) === MAX_TRANSFER_CC && !/^0*$/.test(frac))) return 'max';
  return null;
}

export type SendAmountProblem = CcAmountProblem | 'min';

/** Why `text` is not an amount one person may send another (a CC amount of at least MIN_SEND_CC), or null. */
export function sendAmountProblem(text: string): SendAmountProblem | null {
  const problem = ccAmountProblem(text);
  if (problem) return problem;
  return compareDecimals(parseDecimal(text)!, MIN_SEND) < 0 ? 'min' : null;
}
