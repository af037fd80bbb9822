// The browser's sign-in client: Supabase's own client made by @supabase/ssr's createBrowserClient, so
// the session lives in cookies the Worker can read (src/worker/page-session.ts), against the project's
// Supabase Auth, or the Worker's local sign-in service under /auth/v1 when no project is configured.
// Only its auth part is used (phone one-time codes, refresh, sign-out). It is loaded after the page's
// first load (src/stores/auth.ts), so supabase-js's size does not count against the page budget.
import { createBrowserClient } from '@supabase/ssr';
import type { GoTrueClient } from '@supabase/auth-js';
import { AUTH_COOKIE_NAME } from '../shared/session-cookie';
import { browserCookieOptions } from './auth-storage';

export const supabaseUrl = (): string => import.meta.env.PUBLIC_SUPABASE_URL || globalThis.location.origin;

let client: GoTrueClient | undefined;

export function authClient(): GoTrueClient {
  client ??= createBrowserClient(supabaseUrl().replace(/\/+$/, ''), import.meta.env.PUBLIC_SUPABASE_PUBLISHABLE_KEY || 'local', {
    cookieOptions: { name: AUTH_COOKIE_NAME, ...browserCookieOptions() },
    auth: { autoRefreshToken: true, persistSession: true, detectSessionInUrl: false },
  }).auth;
  return client;
}
