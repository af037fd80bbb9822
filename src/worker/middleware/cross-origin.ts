// Same-origin by default: a request whose Origin is neither this origin nor in the configured
// allow-list (CORS_ALLOWED_ORIGINS, comma-separated origins) is refused with 403 {message, code} before it
// reaches a route, so a foreign page cannot even cause side effects it could not read. Allowed
// origins get CORS answers (preflight included) through Hono's cors middleware. Requests without an
// Origin header (same-origin navigations, server-to-server calls) pass: they carry no ambient
// credentials here, since every call is authorised by a bearer token, never a cookie.
import type { Context, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv, Bindings } from '../env';
import { refuseWith } from '../../platform/errors';

const parsed = new Map<string, Set<string>>();

/** The configured allow-list as a set of exact origins (scheme://host[:port]). */
export function allowedOrigins(env: Pick<Bindings, 'CORS_ALLOWED_ORIGINS'>): Set<string> {
  const raw = env.CORS_ALLOWED_ORIGINS ?? '';
  let set = parsed.get(raw);
  if (!set) {
    set = new Set();
    for (const entry of raw.split(',')) {
      try {
        if (entry.trim()) set.add(new URL(entry.trim()).origin);
      } catch {
        console.error('CORS_ALLOWED_ORIGINS: ignoring an entry that is not an origin');
      }
    }
    parsed.set(raw, set);
  }
  return set;
}

export function crossOrigin(): MiddlewareHandler<AppEnv> {
  const allowListed = cors({
    origin: (origin, c: Context<AppEnv>) => (allowedOrigins(c.env).has(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ['authorization', 'content-type', 'x-user-id', 'idempotency-key', 'apikey', 'x-client-info', 'x-supabase-api-version'],
    exposeHeaders: ['retry-after', 'idempotent-replayed', 'x-supabase-api-version'],
    maxAge: 600,
  });
  return async function crossOrigin(c, next) {
    const origin = c.req.header('origin');
    if (origin === undefined || origin === new URL(c.req.url).origin) return next();
    if (!allowedOrigins(c.env).has(origin)) return refuseWith(c, 403, 'Cross-origin request refused', 'forbidden');
    return allowListed(c, next);
  };
}
