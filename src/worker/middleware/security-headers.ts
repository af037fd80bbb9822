// Security headers on every answer of the Hono app (the BFF under /api and the local sign-in service
// under /auth/v1): HSTS, nosniff, Referrer-Policy, Permissions-Policy, frame denial and a CSP for
// JSON that loads nothing. API answers are never stored by browsers or shared caches (`no-store`),
// except that a route may let the browser alone keep its answer (`private, max-age=...`: the price
// history, public market data; see HISTORY_CACHE_CONTROL in market/cache.ts);
// the sign-in service keeps the caching it sets itself (its JWKS is public, 10 minutes).
// Pages and static assets get the same headers from `_headers` (see src/integrations/security-headers.ts).
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { API_CSP, COMMON_SECURITY_HEADERS } from '../security-policy';

export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async function securityHeaders(c, next) {
    await next();
    let headers = c.res.headers;
    try {
      headers.set('X-Content-Type-Options', 'nosniff');
    } catch {
      // A Response whose headers are immutable (one passed through from fetch): copy it once.
      c.res = new Response(c.res.body, c.res);
      headers = c.res.headers;
    }
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) headers.set(name, value);
    headers.set('Content-Security-Policy', API_CSP);
    headers.set('Cross-Origin-Resource-Policy', 'same-origin');
    const kept = headers.get('cache-control');
    const browserOnly = c.res.status === 200 && kept !== null && /^private, max-age=\d+$/.test(kept);
    if ((c.req.path.startsWith('/api/') && !browserOnly) || kept === null) headers.set('Cache-Control', 'no-store');
  };
}
