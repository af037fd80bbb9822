// The names of the abuse limiters (one Workers Rate Limiting binding each, wrangler.toml
// `[[ratelimits]]`). Part of the contract: each declaration names the limiter it counts on
// (src/shared/contract/common.ts limitedBy), and src/platform/bindings.ts types the bindings by them.
// Here, not in src/platform, so the import graph runs one way (platform -> shared).

/** One Workers Rate Limiting binding per limited action. */
export type LimiterName =
  | 'RL_AUTH_OTP'
  | 'RL_AUTH_VERIFY'
  | 'RL_AUTH_TOKEN'
  | 'RL_ACCOUNTS'
  | 'RL_WALLETS'
  | 'RL_TRANSFERS'
  | 'RL_AUTO_ACCEPT'
  | 'RL_SENDS'
  | 'RL_ACCEPTS'
  | 'RL_LOOKUPS'
  | 'RL_TICKETS'
  | 'RL_COMMENTS'
  | 'RL_FEATURE_REQUESTS'
  | 'RL_VOTES'
  | 'RL_WRITES'
  | 'RL_EXPORTS'
  | 'RL_LIVE';
