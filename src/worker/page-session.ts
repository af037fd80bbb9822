// The signed-in pages' guard on the Worker. The browser keeps its Supabase session in cookies
// (@supabase/ssr's createBrowserClient, src/lib/auth-client.ts); here @supabase/ssr's
// createServerClient (server-auth.ts) reads them, refreshes a session that
// is about to expire (auth-js's margin, 90 s: the new cookies go out on this answer), and the access
// token is then checked by the same function the BFF uses (verify-user.ts). No session, or one that
// fails the check, answers 302 to /login with the page as a same-origin return path, and clears the
// session cookies so that /login does not take a dead session for a live one.
// A session that does not need a refresh is read straight from its cookie (storedSession): the same
// cookie, read as the browser reads it (src/shared/session-cookie.ts) with auth-js's own margin, without building
// a Supabase client per request (most of the guard's CPU); only a refresh goes through the client.
// Cookies only ever open a page's HTML: /api stays bearer-only (docs/security.md, CSRF).
import { isChunkLike, parseCookieHeader, serializeCookieHeader } from '@supabase/ssr';
import { parse as parseCookie } from 'hono/utils/cookie';
import { AUTH_COOKIE_NAME, liveStoredSession, sessionCookieText } from '../shared/session-cookie';
import { loginLocation } from '../shared/safe-next';
import type { Bindings } from './env';
import { API_CSP, COMMON_SECURITY_HEADERS, pageCsp, pageCspSources } from './security-policy';
import type { PageUser } from './pages/page-user';
import { serverAuth, sessionCookieOptions } from './server-auth';
import { verifyUser } from './verify-user';

/** Signed-in HTML: only this browser may keep it, and not even it (the back button asks again). */
export const SIGNED_IN_CACHE_CONTROL = 'private, no-store';

export interface PageSessionDeps {
  /** The sign-in service's fetch for refreshes: the Hono app in-process in the embedded default. */
  authFetch: typeof fetch;
  /**
   * The page itself, once the session holds, for the verified user (a page rendered on the Worker
   * reads with it); `onDemand`: Astro rendered it for this request (its CSP header names its inline
   * hashes), else it is a prerendered page from the static assets (its CSP <meta> names them).
   */
  serve: (user: PageUser) => Promise<{ page: Response; onDemand: boolean }>;
}

/** Whether the request carries session cookies at all (a visit without them needs no session check). */
export function hasSessionCookie(request: Request): boolean {
  return (request.headers.get('cookie') ?? '').split(/;\s*/).some((c) => c.startsWith(`${AUTH_COOKIE_NAME}=`) || c.startsWith(`${AUTH_COOKIE_NAME}.`));
}

/** auth-js's margin: getSession() refreshes a session whose access token expires within it. */
const REFRESH_MARGIN_MS = 90_000;

/**
 * The access token of the session the request's cookies carry when it needs no refresh (it expires
 * more than auth-js's 90 s margin after `nowMs`); undefined when there is none, it is incomplete, or it
 * is due a refresh: the Supabase client then reads it (and refreshes it) as before.
 */
export function storedSession(cookieHeader: string, nowMs = Date.now()): string | undefined {
  const cookies = parseCookie(cookieHeader);
  return liveStoredSession(
    sessionCookieText((name) => cookies[name]),
    nowMs,
    REFRESH_MARGIN_MS,
  )?.access_token;
}

/**
 * The session the request's cookies carry: the verified user (null when there is none, or it fails the
 * check), its access token, the cookies a refresh wrote (to send on the answer) and the request's own.
 */
export async function pageSession(request: Request, env: Bindings, authFetch: typeof fetch) {
  const cookieHeader = request.headers.get('cookie') ?? '';
  let token = storedSession(cookieHeader);
  let setCookies: string[] = [];
  if (!token) {
    const client = serverAuth(request, env, authFetch);
    setCookies = client.setCookies;
    try {
      // Reads the cookies; refreshes through the sign-in service when the token expires within 90 s.
      const { data } = await client.auth.getSession();
      token = data.session?.access_token;
    } catch (err) {
      console.error('page session: reading the session failed', err instanceof Error ? err.message : err);
    }
  }
  const verified = token ? await verifyUser(env, new URL(request.url).origin, token) : null;
  const user: PageUser | null = verified?.ok ? { id: verified.sub, sessionId: verified.sessionId, accessToken: token! } : null;
  return { user, setCookies, cookieHeader };
}

/** Answers a signed-in page request: the page with a verified (maybe refreshed) session, else /login. */
export async function guardPage(request: Request, env: Bindings, deps: PageSessionDeps): Promise<Response> {
  const url = new URL(request.url);
  const options = sessionCookieOptions(url);
  const { user, setCookies, cookieHeader } = await pageSession(request, env, deps.authFetch);
  if (!user) {
    const headers = new Headers({ ...COMMON_SECURITY_HEADERS, 'Content-Security-Policy': API_CSP, 'Cache-Control': 'no-store', Location: loginLocation(url) });
    const cleared = new Set(setCookies.map((c) => c.slice(0, c.indexOf('='))));
    for (const c of setCookies) headers.append('Set-Cookie', c);
    for (const { name } of parseCookieHeader(cookieHeader)) {
      if (cleared.has(name) || !(name === AUTH_COOKIE_NAME || isChunkLike(AUTH_COOKIE_NAME, name))) continue;
      headers.append('Set-Cookie', serializeCookieHeader(name, '', { ...options, maxAge: 0 }));
    }
    return new Response(null, { status: 302, headers });
  }

  const { page, onDemand } = await deps.serve(user);
  const secured = await withPageHeaders(page, env, onDemand);
  secured.headers.set('Cache-Control', SIGNED_IN_CACHE_CONTROL);
  secured.headers.delete('ETag');
  secured.headers.delete('Last-Modified');
  for (const c of setCookies) secured.headers.append('Set-Cookie', c);
  return new Response(request.method === 'HEAD' ? null : secured.body, { status: page.status, statusText: page.statusText, headers: secured.headers });
}

/**
 * A page's answer headers: the full page policy and the common security headers. The page's own
 * policy names its inline hashes (a static page's CSP <meta>, or the header Astro sets on a page it
 * rendered on demand); the answer's header is the full page policy with them (never
 * 'unsafe-inline'). A page Astro rendered passes through as it streams: only a static page's HTML is
 * read, for its <meta>.
 */
export async function withPageHeaders(page: Response, env: Bindings, onDemand: boolean): Promise<{ headers: Headers; body: BodyInit | null }> {
  const headers = new Headers(page.headers);
  let body: BodyInit | null = page.body;
  if (headers.get('content-type')?.startsWith('text/html')) {
    const header = page.headers.get('content-security-policy');
    let sources: ReturnType<typeof pageCspSources>;
    // (A page Astro answers without the header, such as a prerendered 404, is read like a static one.)
    if (onDemand && header) sources = pageCspSources('', header);
    else {
      const html = await page.text();
      body = html;
      sources = pageCspSources(html, header);
    }
    headers.set('Content-Security-Policy', pageCsp({ supabaseUrl: env.PUBLIC_SUPABASE_URL, ...sources }));
  } else if (!headers.has('content-security-policy')) headers.set('Content-Security-Policy', API_CSP);
  for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) headers.set(name, value);
  return { headers, body };
}
