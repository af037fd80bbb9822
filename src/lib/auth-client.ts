// The browser's sign-in client: Supabase's own auth client (@supabase/auth-js, the auth part of
// supabase-js) against the project's Supabase Auth, or the Worker's local sign-in service under
// /auth/v1 when no project is configured. auth-js alone keeps the first-load JavaScript inside the
// budget (supabase-js adds ~35 KB gzip of PostgREST, Realtime and Storage clients we never use).
import { GoTrueClient } from '@supabase/auth-js';
import { AUTH_STORAGE_KEY } from './auth-storage';

export const supabaseUrl = (): string => import.meta.env.PUBLIC_SUPABASE_URL || globalThis.location.origin;

let client: GoTrueClient | undefined;

export function authClient(): GoTrueClient {
  client ??= new GoTrueClient({
    url: `${supabaseUrl().replace(/\/+$/, '')}/auth/v1`,
    headers: {
      apikey: import.meta.env.PUBLIC_SUPABASE_PUBLISHABLE_KEY || 'local',
      'X-Client-Info': 'dolar-app',
    },
    storageKey: AUTH_STORAGE_KEY,
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: false,
  });
  return client;
}
