// Routing answers before authentication: a path the API serves, asked with a method it does not
// serve, answers 405 with an Allow header listing the methods it does (RFC 9110 15.5.6), and a path
// it does not serve answers 404, token or not. Only the published document's content is revealed
// (its paths and methods), and a client's mistake is not hidden behind a 401. The table is the
// app's own registered routes (from the contract's declarations), read once on first use.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { refuseWith } from '../../platform/errors';

interface RegisteredRoute {
  method: string;
  path: string;
}

/** A registered path template (`/api/accounts/:userId`) as an anchored pattern of one segment per param. */
const templatePattern = (path: string) =>
  new RegExp(
    `^${path
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '[^/]+')}$`,
  );

const KNOWN_MAX = 1_000;

/** Hono answers HEAD through a GET route. */
const withHead = (methods: Set<string>) => (methods.has('GET') ? methods.add('HEAD') : methods);

export function knownRoutes(routes: () => readonly RegisteredRoute[], prefix: string): MiddlewareHandler<AppEnv> {
  let table: { pattern: RegExp; methods: Set<string> }[] | undefined;
  const build = () => {
    const byPath = new Map<string, Set<string>>();
    for (const r of routes()) {
      // Middleware entries are registered as ALL; they serve no method of their own.
      if (r.method === 'ALL' || !r.path.startsWith(prefix)) continue;
      byPath.set(r.path, (byPath.get(r.path) ?? new Set()).add(r.method));
    }
    return [...byPath].map(([path, methods]) => ({ pattern: templatePattern(path), methods: withHead(methods) }));
  };
  // The methods each path allows, for its last KNOWN_MAX paths (as the router keeps its matches).
  const known = new Map<string, Set<string>>();
  const allowedAt = (path: string) => {
    let allowed = known.get(path);
    if (!allowed) {
      table ??= build();
      allowed = new Set<string>();
      for (const t of table) if (t.pattern.test(path)) for (const m of t.methods) allowed.add(m);
      if (known.size >= KNOWN_MAX) known.clear();
      known.set(path, allowed);
    }
    return allowed;
  };
  return async function knownRoutes(c, next) {
    const allowed = allowedAt(c.req.path);
    if (allowed.size === 0) return refuseWith(c, 404, 'Not found', 'not_found');
    if (!allowed.has(c.req.method)) {
      c.header('Allow', [...allowed].sort().join(', '));
      return refuseWith(c, 405, `Method ${c.req.method} not allowed here`, 'method_not_allowed');
    }
    await next();
  };
}
