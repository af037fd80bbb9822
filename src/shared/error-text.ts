// What the user reads when a call fails, in their language. Servers (the BFF, the upstream, GoTrue)
// answer in English; known answers are recognised by their error code (GoTrue's, or the API's stable
// codes of src/shared/error-codes.ts), a validation text from the dictionary, or HTTP status, and
// shown through the dictionary. The raw text is only the last fallback, for an answer nobody has
// mapped yet (still better than nothing).
import { en } from '../i18n/en';
import { t, type Lang, type TranslationKey } from '../i18n';
import type { ErrorCode } from './error-codes';

/** The parts of an error that identify it: what auth-js's AuthApiError and our ApiError carry. */
interface ErrorLike {
  message?: unknown;
  status?: unknown;
  code?: unknown;
  name?: unknown;
}

const asErrorLike = (err: unknown): ErrorLike => (err && typeof err === 'object' ? err : {});

/** GoTrue error codes a phone sign-in can meet, by what the user should read. */
const AUTH_CODES: Partial<Record<string, TranslationKey>> = {
  over_sms_send_rate_limit: 'errors.auth.smsRateLimit',
  over_request_rate_limit: 'errors.tooManyRequests',
  sms_send_failed: 'login.error.sendFailed',
  otp_expired: 'login.error.invalidCode',
  otp_disabled: 'errors.auth.signupsDisabled',
  phone_provider_disabled: 'errors.auth.phoneDisabled',
  validation_failed: 'login.error.invalidPhone',
  session_expired: 'errors.sessionEnded',
  session_not_found: 'errors.sessionEnded',
  refresh_token_not_found: 'errors.sessionEnded',
  refresh_token_already_used: 'errors.sessionEnded',
};

/**
 * A GoTrue error for the login screen. The rate-limit text carries the seconds to wait
 * ("...only request this after 28 seconds."): the number is kept in the translation.
 */
export function authErrorText(lang: Lang, err: unknown, fallback: TranslationKey = 'login.error.sendFailed'): string {
  const { code, message, status } = asErrorLike(err);
  const text = typeof message === 'string' ? message : '';
  const key = typeof code === 'string' ? AUTH_CODES[code] : undefined;
  const seconds = /(\d+)\s*seconds?/i.exec(text)?.[1];
  if (key === 'errors.auth.smsRateLimit' || (!key && status === 429 && seconds)) {
    return seconds ? t(lang, 'errors.auth.smsRateLimit', { count: Number(seconds) }) : t(lang, 'errors.tooManyRequests');
  }
  if (key) return t(lang, key);
  return httpStatusText(lang, status) ?? (text || t(lang, fallback));
}

/**
 * The API's error codes, by what the user should read. A code without a key here (a generic
 * `conflict`, `wallet_exists`...) falls through to the status and then the server's own text;
 * `validation_failed` first tries the dictionary text the message may be (see apiErrorText).
 */
const API_CODES: Record<ErrorCode, TranslationKey | undefined> = {
  validation_failed: 'errors.invalidValue',
  unauthorized: 'errors.sessionEnded',
  forbidden: 'errors.forbidden',
  not_found: 'errors.notFound',
  method_not_allowed: 'errors.generic',
  conflict: undefined,
  payload_too_large: 'errors.tooLarge',
  idempotency_conflict: 'errors.idempotencyConflict',
  rate_limited: 'errors.tooManyRequests',
  internal_error: 'errors.server',
  upstream_unavailable: 'errors.unavailable',
  not_configured: 'errors.unavailable',
  insufficient_funds: 'errors.insufficientFunds',
  account_holds_wallets: 'errors.accountHoldsWallets',
  only_account: 'errors.onlyAccount',
  changed_meanwhile: 'errors.conflictTryAgain',
  ticket_closed: 'support.comments.closed',
  already_voted: 'errors.alreadyVoted',
  current_session: 'errors.currentSession',
  wallet_exists: undefined,
  party_exists: undefined,
  receiver_not_found: 'errors.receiverNotFound',
  self_transfer: 'errors.selfTransfer',
  offer_not_pending: 'errors.offerNotPending',
  amount_below_minimum: 'errors.ccAmountMin',
  identity_already_submitted: 'identity.error.alreadySubmitted',
  identity_not_verified: 'usd.error.notVerified',
  monthly_limit_exceeded: 'usd.error.limit',
  holder_name_mismatch: 'usd.error.holderName',
  withdrawal_not_pending: 'usd.error.notPending',
  quote_expired: 'quote.error.expired',
  quote_used: 'quote.error.used',
  usd_account_not_open: 'quote.error.noUsdAccount',
  legal_name_mismatch: 'broker.error.legalName',
  signature_mismatch: 'broker.error.signature',
  country_mismatch: 'broker.error.country',
  trading_blocked: 'order.error.tradingBlocked',
  symbol_not_tradable: 'order.error.notTradable',
  insufficient_buying_power: 'order.error.buyingPower',
  insufficient_qty: 'order.error.qty',
  order_not_cancelable: 'order.error.notCancelable',
  client_order_id_conflict: 'order.error.clientOrderId',
};

// Validation answers are English dictionary texts (src/shared/schemas/messages.ts): English text -> key.
let englishToKey: Map<string, TranslationKey> | null = null;
function keyOfEnglish(text: string): TranslationKey | undefined {
  englishToKey ??= new Map(
    Object.entries(en)
      .map(([key, value]) => [value, key as TranslationKey] as const)
      .reverse(),
  );
  return englishToKey.get(text);
}

/** A message for an HTTP status whose body's text we do not know (or that had none). */
function httpStatusText(lang: Lang, status: unknown): string | null {
  if (typeof status !== 'number') return null;
  if (status === 429) return t(lang, 'errors.tooManyRequests');
  if (status === 401) return t(lang, 'errors.sessionEnded');
  if (status === 502 || status === 503 || status === 504) return t(lang, 'errors.unavailable');
  if (status >= 500) return t(lang, 'errors.server');
  return null;
}

/**
 * An API (BFF) failure in `lang`: by its stable code; a message that is a dictionary text (a
 * validation message, the client's own 'No access token available') by its key; else by status
 * (5xx, 429, 401); a network failure as such; else the raw message; else `fallback`.
 */
export function apiErrorText(lang: Lang, err: unknown, fallback: TranslationKey = 'errors.generic'): string {
  const { message, status, name, code } = asErrorLike(err);
  const text = typeof message === 'string' ? message.trim() : '';
  // A code names the refusal; only a validation failure says more in its text (a dictionary message).
  // Own keys only: a code this build does not know (or 'toString') maps to nothing.
  const byCode = typeof code === 'string' && Object.hasOwn(API_CODES, code) ? API_CODES[code as ErrorCode] : undefined;
  const known = (code === 'validation_failed' ? undefined : byCode) ?? (text ? keyOfEnglish(text) : undefined) ?? byCode;
  if (known) return t(lang, known);
  const byStatus = httpStatusText(lang, status);
  if (byStatus) return byStatus;
  if (/^HTTP error! status: \d+$/.test(text)) return t(lang, fallback);
  // fetch() rejects with a TypeError when the network is down ("Failed to fetch", "Load failed").
  if (name === 'TypeError' && typeof status !== 'number') return t(lang, 'errors.network');
  return text || t(lang, fallback);
}
