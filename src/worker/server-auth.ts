// The sign-in provider called from the Worker, as Supabase documents for server-rendered apps:
// @supabase/ssr's createServerClient over this request's cookies (getAll) and the cookies it writes
// (setAll, collected for the answer's Set-Cookie). The session cookies are the ones the browser's
// client writes (src/lib/auth-client.ts): one name, one format, these attributes. Used by the page
// guard (reads and refreshes a session) and by /login's forms (sends and verifies a code).
import { createServerClient, parseCookieHeader, serializeCookieHeader, type CookieOptionsWithName } from '@supabase/ssr';
import type { GoTrueClient } from '@supabase/auth-js';
import { AUTH_COOKIE_NAME } from '../shared/session-cookie';
import type { Bindings } from './env';

/** Cookie attributes of the session: Secure except on the local http origin, SameSite=Lax, Path=/. */
export const sessionCookieOptions = (url: URL): CookieOptionsWithName => ({
  name: AUTH_COOKIE_NAME,
  path: '/',
  sameSite: 'lax',
  secure: url.protocol === 'https:',
});

export interface ServerAuth {
  auth: GoTrueClient;
  /** Set-Cookie values the client wrote (a new or refreshed session), in order. */
  setCookies: string[];
}

/**
 * The provider's client for one request: the Supabase project, or this Worker's own sign-in service
 * when none is configured; `authFetch` is how it is reached (in-process in the embedded default).
 */
export function serverAuth(request: Request, env: Bindings, authFetch: typeof fetch): ServerAuth {
  const url = new URL(request.url);
  const requestCookies = parseCookieHeader(request.headers.get('cookie') ?? '');
  const setCookies: string[] = [];
  const projectUrl = (env.PUBLIC_SUPABASE_URL ?? '').trim().replace(/\/+$/, '');
  const supabase = createServerClient(projectUrl || url.origin, env.PUBLIC_SUPABASE_PUBLISHABLE_KEY?.trim() || 'local', {
    cookieOptions: sessionCookieOptions(url),
    cookies: {
      getAll: () => requestCookies.map(({ name, value }) => ({ name, value: value ?? '' })),
      setAll: (cookies) => {
        for (const { name, value, options } of cookies) setCookies.push(serializeCookieHeader(name, value, options));
      },
    },
    global: { fetch: authFetch },
  });
  return { auth: supabase.auth, setCookies };
}
