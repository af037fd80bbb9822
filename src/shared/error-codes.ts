// The stable `code`s of the API's error answers: every 4xx/5xx is `{message, code}`, and a
// client tells errors apart by `code`, never by the English `message`. Declared once here (no
// imports, so islands can read it for nothing): the contract's errorAnswer declares `code` as this
// enum, the BFF, the platform and the core answer these, the remote adapter forwards an upstream's
// code only if it is one of these, and src/shared/error-text.ts maps them to dictionary keys.
// A code, once published, keeps its meaning: add new ones, never rename.

export const ERROR_CODES = [
  // Refusals any route can give, one per status (what defaultErrorCode answers).
  'validation_failed', // 400: a param, query, body or header failed its check
  'unauthorized', // 401: no token, or an invalid, expired or ended one
  'forbidden', // 403: known caller, not allowed (another origin, another user's id, an agent-only action)
  'not_found', // 404: no such route or object (a foreign id looks the same)
  'method_not_allowed', // 405: the path exists but not with that method (Allow lists the ones it has)
  'conflict', // 409: the object's state refuses the change
  'payload_too_large', // 413: body over the limit, or an object that would outgrow its bounds
  'idempotency_conflict', // 422: the Idempotency-Key was already used with a different request
  'rate_limited', // 429: over an abuse limit (Retry-After says when to try again)
  'internal_error', // 500: our bug, logged
  'upstream_unavailable', // 502/504: the upstream failed, timed out or answered outside the contract
  'not_configured', // 503: a production Worker missing its Supabase project or upstream
  // Business refusals the islands show in their own words.
  'insufficient_funds', // the paying side's free holdings do not cover the amount
  'account_holds_wallets', // DELETE of an account that still has wallets
  'only_account', // DELETE of the user's last account
  'changed_meanwhile', // a concurrent change won; the same request may succeed if retried
  'ticket_closed', // a change or comment on a closed support ticket
  'already_voted', // a second vote of the same kind on a feature request
  'wallet_exists', // that address is already a wallet of the account
  'party_exists', // that Canton party (or the wallet's party) already exists
  'current_session', // 409: ending the session making the call from the sessions list (sign out instead)
  'receiver_not_found', // 404: no digital-assets party for that phone or party id (never says which)
  'self_transfer', // 400: sending to the caller's own party
  'offer_not_pending', // 409: the transfer offer was already accepted, rejected, withdrawn or expired
  'amount_below_minimum', // 400: a person-to-person send below the minimum amount (dust)
  'identity_already_submitted', // 409: an identity verification while one is pending or approved
  'identity_not_verified', // 403: the action needs an approved identity verification
  'monthly_limit_exceeded', // 409: the movement would take the person past this month's USD limit
  'holder_name_mismatch', // 422: a bank account's holder name is not the verified name
  'withdrawal_not_pending', // 409: the withdrawal was already settled or cancelled
  'quote_expired', // 409: the locked quote's time ran out before it was executed (get a new quote)
  'quote_used', // 409: the quote was already executed (a quote is used once)
  'usd_account_not_open', // 409: paying from the USD balance needs the account's USD account opened
  'legal_name_mismatch', // 422: a W-8BEN's legal name is not the verified name
  'signature_mismatch', // 422: a W-8BEN's typed signature is not its legal name
  'country_mismatch', // 422: a W-8BEN's country of residence is not the verified one
  'trading_blocked', // 403: orders need an opened brokerage account that is not trading-blocked
  'symbol_not_tradable', // 422: not a stock or ETF of the market list with a price (a Canton asset, say)
  'insufficient_buying_power', // 409: a buy would reserve more than cash less what open buys hold
  'insufficient_qty', // 409: a sell of more shares than the position holds outside open sells
  'order_not_cancelable', // 409: the order is already filled, canceled, expired or rejected
  'client_order_id_conflict', // 409: that client_order_id already placed an order with a different body
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * The status each code is answered with (an upstream failure is 502, or 503/504 when it is down or
 * timed out: the contract declares those beside it). The contract derives each operation's error
 * statuses from it (src/shared/contract/statuses.ts).
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  idempotency_conflict: 422,
  rate_limited: 429,
  internal_error: 500,
  upstream_unavailable: 502,
  not_configured: 503,
  insufficient_funds: 409,
  account_holds_wallets: 409,
  only_account: 409,
  changed_meanwhile: 409,
  ticket_closed: 409,
  already_voted: 409,
  wallet_exists: 409,
  party_exists: 409,
  current_session: 409,
  receiver_not_found: 404,
  self_transfer: 400,
  offer_not_pending: 409,
  amount_below_minimum: 400,
  identity_already_submitted: 409,
  identity_not_verified: 403,
  monthly_limit_exceeded: 409,
  holder_name_mismatch: 422,
  withdrawal_not_pending: 409,
  quote_expired: 409,
  quote_used: 409,
  usd_account_not_open: 409,
  legal_name_mismatch: 422,
  signature_mismatch: 422,
  country_mismatch: 422,
  trading_blocked: 403,
  symbol_not_tradable: 422,
  insufficient_buying_power: 409,
  insufficient_qty: 409,
  order_not_cancelable: 409,
  client_order_id_conflict: 409,
} as const satisfies Record<ErrorCode, number>;

const known: ReadonlySet<string> = new Set(ERROR_CODES);
export const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && known.has(value);

/**
 * The code of an answer whose site named none: by its status (any other 4xx is a validation failure;
 * 422, 503 and the business refusals are always named where they are answered).
 */
export function defaultErrorCode(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 429:
      return 'rate_limited';
    default:
      if (status >= 502) return 'upstream_unavailable';
      return status >= 500 ? 'internal_error' : 'validation_failed';
  }
}
