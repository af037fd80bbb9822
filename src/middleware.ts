// Security headers on the answers Astro renders on demand (endpoints with `prerender = false`; /api
// and /auth/v1 never reach Astro: the Worker entry, src/worker/entry.ts, hands them to the Hono app,
// which sets its own): static pages and assets get theirs from
// `_headers` (src/integrations/security-headers.ts), so every response carries the same policy.
// An HTML answer gets the page policy with the script and style hashes of its own CSP <meta>; any
// other answer gets the policy for content that loads nothing.
//
// It also holds the same-origin rule of Astro's `security.checkOrigin` (turned off in the config,
// since that check runs for every route and refused API clients that send no Origin): a write
// (POST, PUT, PATCH, DELETE) to a route rendered on demand, other than /api and /auth/v1, that
// comes from another origin or names none and is form-like (a form content type, or none) answers
// 403. /api and /auth/v1 are exempt because they authenticate by bearer token, never a cookie, so a
// cross-site form cannot act for anyone there, and their Hono app refuses foreign origins itself.
// /login's forms, which set the session cookies, are held to the same rule by their own route
// (src/worker/login/routes.ts) before Astro runs.
//
// A signed-in page rendered on demand without the verified user the Worker's page guard hands it
// (src/worker/pages/page-user.ts) is a signed-out visit: /login, with the page to come back to.
import { defineMiddleware } from 'astro:middleware';
import { loginLocation } from './shared/safe-next';
import { isSignedInPagePath } from './shared/signed-in-pages';
import { pageUserOf } from './worker/pages/page-user';
import { withCriticalCss } from './worker/pages/critical-css';
import { API_CSP, COMMON_SECURITY_HEADERS, isForbiddenCrossSiteWrite, metaCspSources, pageCsp } from './worker/security-policy';

/**
 * Whether the Hono app (bearer-token API and sign-in service) answers this path. The entry sends
 * those paths to Hono before Astro runs; the exemption stays so that this rule never applies to them.
 */
export const isTokenAuthenticatedPath = (pathname: string) =>
  pathname === '/api' || pathname.startsWith('/api/') || pathname === '/auth/v1' || pathname.startsWith('/auth/v1/');

export const onRequest = defineMiddleware(async (context, next) => {
  const res =
    !context.isPrerendered && !isTokenAuthenticatedPath(context.url.pathname) && isForbiddenCrossSiteWrite(context.request, context.url)
      ? new Response(`Cross-site ${context.request.method} form submissions are forbidden`, { status: 403 })
      : // Only the Worker's page guard hands a signed-in page its user; without one it is a signed-out visit.
        !context.isPrerendered && isSignedInPagePath(context.url.pathname) && !pageUserOf(context.locals)
        ? context.redirect(loginLocation(context.url), 302)
        : await next();
  if (context.isPrerendered) return res;
  if (res.headers.has('content-security-policy')) return withCriticalCss(res);
  const headers = new Headers(res.headers);
  let body: BodyInit | null = res.body;
  let csp = API_CSP;
  if (headers.get('content-type')?.startsWith('text/html')) {
    const html = await res.text();
    body = html;
    const sources = metaCspSources(html) ?? { scriptSrc: [], styleSrc: [] };
    csp = pageCsp({ supabaseUrl: import.meta.env.PUBLIC_SUPABASE_URL, ...sources });
  }
  for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) headers.set(name, value);
  headers.set('Content-Security-Policy', csp);
  return new Response(body, { status: res.status, statusText: res.statusText, headers });
});
