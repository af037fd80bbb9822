// The abuse limiter both the BFF and the local sign-in service count against: the Workers Rate
// Limiting binding (one per action, src/platform/bindings.ts), the 429 answer, and the client key of
// an unauthenticated caller. Which BFF route counts on which limiter, and the marks of money
// movement, are the BFF's (src/worker/middleware/rate-limit.ts).
import type { Context } from 'hono';
import type { Bindings, LimiterName, Limiters } from './bindings';

/** The binding's period; Retry-After names the whole window (a safe upper bound). */
export const RATE_LIMIT_PERIOD_S = 60;

const warned = new Set<string>();

/**
 * Counts one request of `key` on `limiter`. True when within the limit. A missing binding or a
 * failing limiter lets the request through (logged): the limits guard against abuse, and an
 * outage of the counter must not take the API down with it.
 */
export async function withinLimit(env: Bindings, limiter: LimiterName, key: string): Promise<boolean> {
  const binding = (env as Bindings & Limiters)[limiter];
  if (!binding) {
    if (!warned.has(limiter)) console.error(`rate limit: binding ${limiter} is not configured; not limiting`);
    warned.add(limiter);
    return true;
  }
  try {
    return (await binding.limit({ key })).success;
  } catch (err) {
    console.error(`rate limit: ${limiter} failed; not limiting`, err instanceof Error ? err.message : String(err));
    return true;
  }
}

export const TOO_MANY = { message: 'Too many requests, please try again later', code: 'rate_limited' } as const;

/** The 429 answer of the BFF: {message, code: 'rate_limited'} and Retry-After. */
export function tooMany(c: Context) {
  c.header('Retry-After', String(RATE_LIMIT_PERIOD_S));
  return c.json(TOO_MANY, 429);
}

/** The client's address as Cloudflare gives it; an IPv6 client counts as its /64 network. */
export function clientKey(c: Context): string {
  const ip = c.req.header('cf-connecting-ip')?.trim();
  if (!ip) return 'unknown';
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
