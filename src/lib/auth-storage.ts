// Where the browser keeps the Supabase session: cookies written by @supabase/ssr's createBrowserClient
// (src/lib/auth-client.ts), so the Worker can read them on page requests (src/worker/page-session.ts).
// A synchronous read of them lets a page know it is signed in before that client has loaded, and the
// one-time move of a session that today's app left in localStorage keeps its users signed in.
// The value format is the library's: `base64-` + base64url(JSON), split into `name.0`, `name.1`...
// chunks when it is long (createChunks).
import type { Session } from '@supabase/auth-js';
import { createChunks, stringToBase64URL } from '@supabase/ssr';
import { AUTH_COOKIE_NAME, BASE64_PREFIX, liveStoredSession, sessionCookieText as readSessionCookie } from '../shared/session-cookie';

/** The localStorage key the session was kept under before cookies. */
export const AUTH_STORAGE_KEY = AUTH_COOKIE_NAME;

/** Sessions closer than this to their expiry wait for the auth client, which refreshes them. */
export const SESSION_MARGIN_MS = 120_000;

/** Cookie attributes (as the Worker sets them): Secure except on the local http origin. */
export const browserCookieOptions = () => ({
  path: '/',
  sameSite: 'lax' as const,
  secure: globalThis.location?.protocol === 'https:',
  maxAge: 400 * 24 * 60 * 60,
});

function documentCookies(): Map<string, string> {
  const out = new Map<string, string>();
  let raw = '';
  try {
    raw = globalThis.document?.cookie ?? '';
  } catch {
    /* cookies blocked: none */
  }
  for (const part of raw.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    try {
      if (!out.has(name)) out.set(name, decodeURIComponent(part.slice(eq + 1).trim()));
    } catch {
      /* a value that is not ours */
    }
  }
  return out;
}

/** The session cookie's text (chunks joined, base64url decoded), or null when there is none. */
export const sessionCookieText = (): string | null => {
  const cookies = documentCookies();
  return readSessionCookie((name) => cookies.get(name));
};

/** The stored session when it is complete and valid for more than two minutes, else null. */
export const storedSession = (now = Date.now()): Session | null => liveStoredSession(sessionCookieText(), now, SESSION_MARGIN_MS);

/** Whether any session cookie is there: without one the auth client starts signed out. */
export function hasStoredAuth(): boolean {
  return sessionCookieText() !== null;
}

/** Writes a session as createBrowserClient would (encoded, chunked), replacing any older chunks. */
export function writeSessionCookie(json: string): void {
  const opts = browserCookieOptions();
  const attrs = `; Path=${opts.path}; Max-Age=${opts.maxAge}; SameSite=Lax${opts.secure ? '; Secure' : ''}`;
  const chunks = createChunks(AUTH_COOKIE_NAME, BASE64_PREFIX + stringToBase64URL(json));
  clearSessionCookies();
  for (const { name, value } of chunks) document.cookie = `${name}=${encodeURIComponent(value)}${attrs}`;
}

// Max-Age=0 deletes the cookie in browsers; the past Expires after it also does in happy-dom, where
// Max-Age=0 alone leaves an empty cookie readable until the clock's next millisecond.
const EXPIRED = 'Thu, 01 Jan 1970 00:00:00 GMT';

/** Removes every chunk of the session cookie (sign-out also when the sign-in service cannot be reached). */
export function clearSessionCookies(): void {
  const secure = browserCookieOptions().secure ? '; Secure' : '';
  for (const name of documentCookies().keys()) {
    if (name === AUTH_COOKIE_NAME || name.startsWith(`${AUTH_COOKIE_NAME}.`))
      document.cookie = `${name}=; Path=/; Max-Age=0; Expires=${EXPIRED}; SameSite=Lax${secure}`;
  }
}

/**
 * Today's app kept the session in localStorage: moves it into the cookies once (when no cookie
 * session is there yet) and removes the old key either way, so the next page request carries it.
 * A session that is not complete is dropped: its user signs in again. Returns whether one moved.
 */
export function migrateLegacySession(): boolean {
  let raw: string | null;
  try {
    raw = globalThis.localStorage?.getItem(AUTH_STORAGE_KEY) ?? null;
    if (raw === null) return false;
    globalThis.localStorage.removeItem(AUTH_STORAGE_KEY);
  } catch {
    return false;
  }
  try {
    const s = JSON.parse(raw) as Partial<Session> | null;
    if (!s?.access_token || !s.refresh_token || sessionCookieText() !== null) return false;
    writeSessionCookie(raw);
    return true;
  } catch {
    return false;
  }
}
