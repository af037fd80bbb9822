// The send dialog's rules without React: the receiver and the CC amount checked with the
// shared rules (src/shared/schemas/send-rules.ts), the amount never above the available balance (exact
// BigInt comparison, never parseFloat), its USD value at the current price in integer cents, and an
// offer's time left. The messages are dictionary keys, shown in the user's language.
import { htmlLang, type Lang, type TranslationKey } from '../../i18n';
import { compareDecimals, parseDecimal, usdCents } from '../../shared/decimal';
import { readTypedAmount, type TypedAmountProblem } from '../../shared/format';
import { canonicalReceiver, ccAmountProblem, sendAmountProblem } from '../../shared/schemas/send-rules';

export interface SendFields {
  receiver: string;
  amount: string;
}

export type SendCheck = { ok: true; receiver: string; amount: string } | { ok: false; errors: Partial<Record<keyof SendFields, TranslationKey>> };

const TYPED_KEYS: Record<TypedAmountProblem, TranslationKey> = {
  empty: 'wallet.send.error.amountRequired',
  notNumber: 'errors.amountNotNumber',
  grouping: 'errors.amountGrouping',
  notPositive: 'errors.ccAmountPositive',
};

const AMOUNT_KEYS = {
  format: 'errors.ccAmountInvalid',
  positive: 'errors.ccAmountPositive',
  max: 'errors.ccAmountMax',
  min: 'errors.ccAmountMin',
} as const;

/**
 * Checks step 1 of the dialog. `available` is the wallet's unlocked CC (exact decimal), null when
 * unknown; the amount is read as typed in `lang` (its decimal comma, or a dot).
 */
export function checkSend(fields: SendFields, available: string | null, lang: Lang = 'en'): SendCheck {
  const errors: Partial<Record<keyof SendFields, TranslationKey>> = {};
  const receiver = fields.receiver.trim() === '' ? null : canonicalReceiver(fields.receiver);
  if (fields.receiver.trim() === '') errors.receiver = 'wallet.send.error.receiverRequired';
  else if (receiver === null) errors.receiver = 'errors.receiverInvalid';

  const typed = readTypedAmount(fields.amount, htmlLang(lang));
  if (!typed.ok) errors.amount = TYPED_KEYS[typed.problem];
  else {
    const problem = sendAmountProblem(typed.amount);
    // A plain number too long for the maximum ("100000") is over the maximum, not badly written.
    if (problem === 'format' && /^\d{6,}(\.\d{1,10})?$/.test(typed.amount)) errors.amount = 'errors.ccAmountMax';
    else if (problem) errors.amount = AMOUNT_KEYS[problem];
    else if (exceeds(typed.amount, available)) errors.amount = 'wallet.send.error.moreThanAvailable';
  }
  if (errors.receiver || errors.amount || receiver === null || !typed.ok) return { ok: false, errors };
  return { ok: true, receiver, amount: typed.amount };
}

function exceeds(amount: string, available: string | null): boolean {
  const want = parseDecimal(amount);
  const have = parseDecimal(available ?? '0');
  return want === null || have === null || compareDecimals(want, have) > 0;
}

/** The typed amount's USD value in integer cents (usdCents); null unless it is a CC amount the form accepts. */
export function usdCentsOf(amount: string, price: string | null | undefined, lang: Lang = 'en'): bigint | null {
  const typed = readTypedAmount(amount, htmlLang(lang));
  if (!price || !typed.ok || ccAmountProblem(typed.amount) !== null) return null;
  return usdCents(typed.amount, price);
}
