// Bindings and per-request variables of the Hono BFF.
import type { AuthVars } from '../core/identity/config';
import type { Limiters } from './middleware/rate-limit';

export interface Bindings extends Limiters, AuthVars {
  DB: D1Database;
  MARKET_CACHE: KVNamespace;
  ASSETS?: Fetcher;
  PUBLIC_SUPABASE_URL?: string;
  PUBLIC_SUPABASE_PUBLISHABLE_KEY?: string;
  SUPABASE_JWT_SECRET?: string;
  UPSTREAM_API_URL?: string;
  /** Time limit of one call to the remote upstream or the Supabase REST interface, in ms (default 10000). */
  UPSTREAM_TIMEOUT_MS?: string;
  /** `local` (config/local.env), `demo` (`npm run deploy:demo`), unset = production: src/worker/app-mode.ts. */
  APP_MODE?: string;
  /** Fixed-code test numbers, honoured only when APP_MODE is `local`. */
  AUTH_TEST_OTP?: string;
  /** Origins allowed to call /api and /auth/v1 cross-origin (comma-separated); empty = same-origin only. */
  CORS_ALLOWED_ORIGINS?: string;
}

export interface Variables {
  userId: string;
  sessionId: string;
  accessToken: string;
}

export type AppEnv = { Bindings: Bindings; Variables: Variables };
