// The upstream route table: every call the BFF forwards to the upstream (forwardingApp in
// src/worker/bff-apps.ts, and the market's assets source), with its method, path template and the zod schema of its success
// `data`. The remote adapter calls no path outside it and checks every success answer against it.
//
// Derived from the contract (src/shared/contract): the forwarded resources' declarations,
// their path below /api being the upstream's path (`{id}` written `:id` here). Nothing is repeated:
// a new declaration is a new upstream route. Server-only: islands never import it.
import type { RouteConfig } from '@hono/zod-openapi';
import type { z } from 'zod';
import { FORWARDED } from '../../shared/contract';

export type UpstreamMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface UpstreamRoute {
  method: UpstreamMethod;
  /** Path template on the upstream, `:name` for one path segment, e.g. `/wallets/:accountId/categories`. */
  path: string;
  /** The schema of the success answer's `data`. */
  data: z.ZodType;
  /** The whole success answer, `{data}` (unknown keys stripped, at the top and inside `data`). */
  answer: z.ZodType<{ data: unknown }>;
  /** `METHOD /path/:param`. */
  key: string;
}

function upstreamRoute(base: string, route: RouteConfig): UpstreamRoute {
  const method = route.method.toUpperCase() as UpstreamMethod;
  const path = (base + (route.path === '/' ? '' : route.path)).replace(/\{([A-Za-z]+)\}/g, ':$1');
  const ok = route.responses[200] as { content?: Record<string, { schema?: unknown }> } | undefined;
  const answer = (ok?.content?.['application/json']?.schema ?? null) as z.ZodObject<{ data: z.ZodType }> | null;
  if (!answer) throw new Error(`contract: ${method} ${path} declares no 200 JSON answer`);
  return { method, path, data: answer.shape.data, answer: answer, key: `${method} ${path}` };
}

export const UPSTREAM_ROUTES: readonly UpstreamRoute[] = Object.entries(FORWARDED).flatMap(([base, routes]) =>
  routes.map((route: RouteConfig) => upstreamRoute(base, route)),
);

// ---------------------------------------------------------------------------------------------
// Matching a concrete upstream path against the table

/**
 * A raw path segment as RFC 3986 allows it (pchar: unreserved, sub-delims, ':', '@', %XX). This
 * refuses '?', '#', '\', spaces and anything a URL parser would reinterpret.
 */
const PCHAR_SEGMENT = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})+$/;

interface Compiled {
  route: UpstreamRoute;
  segments: ({ literal: string } | { param: string })[];
  /** Static segments outrank params (`/feature-requests/categories` before `/feature-requests/:id`). */
  rank: string;
}

const compiled: Compiled[] = UPSTREAM_ROUTES.map((route) => {
  const segments = route.path
    .split('/')
    .slice(1)
    .map((s) => (s.startsWith(':') ? { param: s.slice(1) } : { literal: s }));
  return { route, segments, rank: segments.map((s) => ('literal' in s ? 's' : 'p')).join('') };
}).sort((a, b) => (a.rank < b.rank ? 1 : a.rank > b.rank ? -1 : 0));

export type RouteMatch = { ok: true; route: UpstreamRoute; params: Record<string, string> } | { ok: false; reason: string };

/** Why a raw param segment is refused, or null when it is one safe, non-empty segment. */
function badParam(raw: string): string | null {
  if (!PCHAR_SEGMENT.test(raw)) return 'a parameter is not one plain path segment';
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return 'a parameter is not valid percent-encoding';
  }
  if (value === '') return 'a parameter is empty';
  if (value === '.' || value === '..') return 'a parameter is a dot segment';
  if (value.includes('/') || value.includes('\\')) return 'a parameter contains a path separator';
  return null;
}

/**
 * The table's route for `method` and a concrete `path` (no query), or why there is none: the path must
 * have exactly the template's segments, its literals equal and each param one non-empty segment that
 * is not `.` or `..` and holds no `/` once decoded.
 */
export function matchUpstreamRoute(method: string, path: string): RouteMatch {
  if (!path.startsWith('/')) return { ok: false, reason: 'the path is not absolute' };
  const parts = path.split('/').slice(1);
  let reason = 'no route of the contract has this path';
  for (const { route, segments } of compiled) {
    if (route.method !== method || segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < segments.length && ok; i++) {
      const seg = segments[i]!;
      const part = parts[i]!;
      if ('literal' in seg) {
        ok = seg.literal === part;
      } else {
        const bad = badParam(part);
        if (bad) {
          reason = bad;
          ok = false;
        } else params[seg.param] = part;
      }
    }
    if (ok) return { ok: true, route, params };
  }
  return { ok: false, reason };
}
