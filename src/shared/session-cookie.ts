// The session cookie's name, shared by the browser that writes it (@supabase/ssr's browser client,
// src/lib/auth-storage.ts) and the Worker that reads it on page requests (src/worker/page-session.ts).
// Before cookies the session was kept in localStorage under the same name. Both read the session the
// same way (sessionCookieText, liveStoredSession), each with its own margin before expiry.
import type { Session } from '@supabase/auth-js';
import { stringFromBase64URL } from '@supabase/ssr';

export const AUTH_COOKIE_NAME = 'dolar-auth';

/** @supabase/ssr's prefix of a cookie value it wrote base64url-encoded. */
export const BASE64_PREFIX = 'base64-';

/**
 * The session cookie's text, as @supabase/ssr reads it: the value under the name, else its chunks
 * `name.0`, `name.1`... joined, base64url-decoded when it carries the prefix; null when there is none
 * or it does not decode. `cookie` answers one cookie's (URI-decoded) value by name.
 */
export function sessionCookieText(cookie: (name: string) => string | undefined): string | null {
  let value = cookie(AUTH_COOKIE_NAME);
  if (value === undefined) {
    const chunks: string[] = [];
    for (let i = 0, chunk; (chunk = cookie(`${AUTH_COOKIE_NAME}.${i}`)) !== undefined; i++) chunks.push(chunk);
    if (!chunks.length) return null;
    value = chunks.join('');
  }
  try {
    return value.startsWith(BASE64_PREFIX) ? stringFromBase64URL(value.slice(BASE64_PREFIX.length)) : value;
  } catch {
    return null;
  }
}

/**
 * The stored session when it is complete (both tokens, the user, a numeric expires_at) and its access
 * token expires more than `marginMs` after `nowMs`, else null: a session due a refresh is the auth
 * client's to refresh.
 */
export function liveStoredSession(text: string | null, nowMs: number, marginMs: number): Session | null {
  try {
    const s = JSON.parse(text ?? 'null') as Partial<Session> | null;
    if (
      typeof s?.access_token === 'string' &&
      typeof s.refresh_token === 'string' &&
      s.access_token &&
      s.refresh_token &&
      s.user?.id &&
      typeof s.expires_at === 'number' &&
      s.expires_at * 1000 > nowMs + marginMs
    )
      return s as Session;
  } catch {
    /* unreadable cookie: no session */
  }
  return null;
}
