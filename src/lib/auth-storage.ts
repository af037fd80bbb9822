// Where the auth client (@supabase/auth-js, src/lib/auth-client.ts) keeps the session, and a
// synchronous read of it, so a page can know it is signed in before that client has loaded.
import type { Session } from '@supabase/auth-js';

export const AUTH_STORAGE_KEY = 'dolar-auth';

/** Sessions closer than this to their expiry wait for the auth client, which refreshes them. */
export const SESSION_MARGIN_MS = 120_000;

/** The stored session when it is complete and valid for more than two minutes, else null. */
export function storedSession(now = Date.now()): Session | null {
  try {
    const s = JSON.parse(globalThis.localStorage?.getItem(AUTH_STORAGE_KEY) ?? 'null') as Partial<Session> | null;
    if (s?.access_token && s.refresh_token && s.user?.id && typeof s.expires_at === 'number' && s.expires_at * 1000 > now + SESSION_MARGIN_MS) return s as Session;
  } catch {
    /* unreadable storage: no session */
  }
  return null;
}

/** Whether anything is stored under the session key: without it the auth client starts signed out. */
export function hasStoredAuth(): boolean {
  try {
    return globalThis.localStorage?.getItem(AUTH_STORAGE_KEY) != null;
  } catch {
    return false;
  }
}
