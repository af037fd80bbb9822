// The Worker's bindings and vars, the one type every part (BFF, embedded core, local sign-in service)
// is typed against. Hand-written rather than the generated `Env` of worker-configuration.d.ts because
// that one types the optional vars as the local values (e.g. `PUBLIC_SUPABASE_URL: ""`) and the
// Durable Objects as always present; here a missing var or binding is possible, as it is in production.

import type { LimiterName } from '../shared/limiters';
import type { RateLimiter } from './rate-limiter';

export type { LimiterName };

/** The local sign-in service's settings (src/local-auth/config.ts reads them with their defaults). */
export interface AuthVars {
  /** Worker secret: wraps the ES256 private keys in D1 and seals refresh-token children (HKDF input). */
  AUTH_SIGNING_KEY_SECRET?: string;
  AUTH_SESSION_INACTIVITY_S?: string;
  AUTH_SESSION_LIFETIME_S?: string;
  AUTH_REFRESH_TOKEN_REUSE_INTERVAL_S?: string;
  AUTH_MAX_TOKEN_LIFETIME_S?: string;
  AUTH_SIGNING_KEY_MAX_AGE_S?: string;
}

export interface Bindings extends AuthVars {
  DB: D1Database;
  /** The abuse limits' counters: one object per limiter and key (src/platform/rate-limiter.ts). */
  RATE_LIMITER?: DurableObjectNamespace<RateLimiter>;
  MARKET_CACHE: KVNamespace;
  ASSETS?: Fetcher;
  PUBLIC_SUPABASE_URL?: string;
  PUBLIC_SUPABASE_PUBLISHABLE_KEY?: string;
  SUPABASE_JWT_SECRET?: string;
  UPSTREAM_API_URL?: string;
  /** Time limit of one call to the remote upstream or the Supabase REST interface, in ms (default 10000). */
  UPSTREAM_TIMEOUT_MS?: string;
  /** `local` (config/local.env), `demo` (`npm run deploy:demo`), unset = production: src/platform/app-mode.ts. */
  APP_MODE?: string;
  /** Fixed-code test numbers, honoured only when APP_MODE is `local`. */
  AUTH_TEST_OTP?: string;
  /** Origins allowed to call /api and /auth/v1 cross-origin (comma-separated); empty = same-origin only. */
  CORS_ALLOWED_ORIGINS?: string;
}
