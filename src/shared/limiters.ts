// The abuse limiters and their figures, in one place. Part of the contract: each declaration names
// the limiter it counts on (src/shared/contract/common.ts limitedBy); the platform counts them
// exactly, one Durable Object per limiter and key (src/platform/rate-limiter.ts). Here, not in
// src/platform, so the import graph runs one way (platform -> shared).

export interface Limit {
  /** Requests that may start within any `periodS` seconds (a sliding window, not a fixed one). */
  readonly limit: number;
  readonly periodS: number;
  /** Whose requests share the count: the verified user (BFF) or the client's address (sign-in). */
  readonly per: 'user' | 'ip';
  /**
   * Money movement: a slot is given back when the answer proves nothing was decided (5xx: the
   * upstream down, timed out or answering garbage), so an outage does not use up a user's limit.
   * Every other limiter keeps the slot of every request, bad ones included.
   */
  readonly decidedOnly?: true;
}

export const LIMITS = {
  /** POST /auth/v1/otp (test numbers send nothing: not counted). */
  RL_AUTH_OTP: { limit: 10, periodS: 60, per: 'ip' },
  /** POST /auth/v1/verify (test numbers not counted). */
  RL_AUTH_VERIFY: { limit: 20, periodS: 60, per: 'ip' },
  /** POST /auth/v1/token (refresh). */
  RL_AUTH_TOKEN: { limit: 30, periodS: 60, per: 'ip' },
  /** POST /api/accounts/user/create-account. */
  RL_ACCOUNTS: { limit: 10, periodS: 60, per: 'user' },
  /** Wallet creation (POST /api/wallets, /external, /internal, /digital-asset, /canton, /canton/prepare, /canton/complete; the USD and brokerage accounts). */
  RL_WALLETS: { limit: 20, periodS: 60, per: 'user' },
  /** POST /api/wallets/transfer. */
  RL_TRANSFERS: { limit: 10, periodS: 60, per: 'user', decidedOnly: true },
  /** POST /api/wallets/auto-accept. */
  RL_AUTO_ACCEPT: { limit: 10, periodS: 60, per: 'user', decidedOnly: true },
  /** POST /api/wallets/canton/send (person to person). */
  RL_SENDS: { limit: 10, periodS: 60, per: 'user', decidedOnly: true },
  /** POST /api/wallets/canton/offers/{offerId}/accept, /reject, /withdraw. */
  RL_ACCEPTS: { limit: 30, periodS: 60, per: 'user', decidedOnly: true },
  /** POST /api/usd/accounts/{accountId}/deposits, /withdrawals, /withdrawals/{movementId}/cancel. */
  RL_USD_MOVES: { limit: 30, periodS: 60, per: 'user', decidedOnly: true },
  /** POST /api/quotes (lock a quote). */
  RL_QUOTES: { limit: 30, periodS: 60, per: 'user' },
  /** POST /api/quotes/{id}/execute. */
  RL_QUOTE_EXECUTIONS: { limit: 10, periodS: 60, per: 'user', decidedOnly: true },
  /** POST /api/brokerage/accounts/{accountId}/orders, DELETE .../orders/{orderId} and .../positions/{symbol}; the writes of .../recurring-buys. */
  RL_ORDERS: { limit: 60, periodS: 60, per: 'user', decidedOnly: true },
  /** POST /api/wallets/canton/receivers/resolve (phone or party to a receiver). */
  RL_LOOKUPS: { limit: 20, periodS: 60, per: 'user' },
  /** POST /api/support/tickets. */
  RL_TICKETS: { limit: 10, periodS: 60, per: 'user' },
  /** POST /api/support/tickets/{id}/comments. */
  RL_COMMENTS: { limit: 30, periodS: 60, per: 'user' },
  /** POST /api/feature-requests. */
  RL_FEATURE_REQUESTS: { limit: 10, periodS: 60, per: 'user' },
  /** POST and DELETE /api/feature-requests/{id}/vote. */
  RL_VOTES: { limit: 60, periodS: 60, per: 'user' },
  /** POST /api/identity-verification (a submission of a person's identity). */
  RL_IDENTITY: { limit: 5, periodS: 60, per: 'user' },
  /** Every other write under /api (PUT, PATCH, DELETE, other POSTs). */
  RL_WRITES: { limit: 120, periodS: 60, per: 'user' },
  /** GET /api/transactions/account/{id}/export (CSV). */
  RL_EXPORTS: { limit: 10, periodS: 60, per: 'user' },
  /** GET /api/live (WebSocket connection attempts), counted once the token is verified. */
  RL_LIVE: { limit: 120, periodS: 60, per: 'user' },
} as const satisfies Record<string, Limit>;

/** One limiter per limited action. */
export type LimiterName = keyof typeof LIMITS;
