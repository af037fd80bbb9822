// Bindings and per-request variables of the Hono BFF.
export interface Bindings {
  DB: D1Database;
  MARKET_CACHE: KVNamespace;
  ASSETS?: Fetcher;
  PUBLIC_SUPABASE_URL?: string;
  PUBLIC_SUPABASE_PUBLISHABLE_KEY?: string;
  SUPABASE_JWT_SECRET?: string;
  UPSTREAM_API_URL?: string;
  AUTH_TEST_OTP?: string;
}

export interface Variables {
  userId: string;
  sessionId: string;
  accessToken: string;
}

export type AppEnv = { Bindings: Bindings; Variables: Variables };
