// The abuse limiter both the BFF and the local sign-in service count against: a slot taken from the
// limiter's Durable Object before the work (src/platform/rate-limiter.ts, figures in
// src/shared/limiters.ts), the 429 answer, and the client key of an unauthenticated caller. Which BFF
// route counts on which limiter is the contract's (limitedBy); the middleware that takes and gives
// back slots is the BFF's (src/worker/middleware/rate-limit.ts).
import type { Context } from 'hono';
import { LIMITS, type LimiterName } from '../shared/limiters';
import type { Bindings } from './bindings';

/** A slot of a limiter: within the limit (with a way to give the slot back), or refused. */
export type Slot = { ok: true; giveBack(): Promise<void> } | { ok: false; retryAfterS: number };

const warned = new Set<string>();
const FREE: Slot = { ok: true, giveBack: async () => {} };

/**
 * Takes one slot of `limiter` for `key` before the work it guards, atomically (concurrent requests
 * cannot all see the last free slot). A missing binding or a failing counter lets the request
 * through (logged): the limits guard against abuse, and an outage of the counter must not take the
 * API down with it. Money itself is guarded by the ledger (no balance below zero, idempotency).
 */
export async function takeSlot(env: Bindings, limiter: LimiterName, key: string): Promise<Slot> {
  const ns = env.RATE_LIMITER;
  if (!ns) {
    if (!warned.has('RATE_LIMITER')) console.error('rate limit: the RATE_LIMITER binding is not configured; not limiting');
    warned.add('RATE_LIMITER');
    return FREE;
  }
  const { limit, periodS } = LIMITS[limiter];
  try {
    const stub = ns.get(ns.idFromName(`${limiter}:${key}`));
    const taken = await stub.take(limit, periodS * 1000);
    if (!taken.ok) return { ok: false, retryAfterS: Math.max(1, Math.ceil(taken.retryAfterMs / 1000)) };
    return {
      ok: true,
      giveBack: async () => {
        try {
          await stub.giveBack(taken.slot);
        } catch (err) {
          console.error(`rate limit: giving back a ${limiter} slot failed`, err instanceof Error ? err.message : String(err));
        }
      },
    };
  } catch (err) {
    console.error(`rate limit: ${limiter} failed; not limiting`, err instanceof Error ? err.message : String(err));
    return FREE;
  }
}

export const TOO_MANY = { message: 'Too many requests, please try again later', code: 'rate_limited' } as const;

/** The 429 answer of the BFF: {message, code: 'rate_limited'} and Retry-After (seconds until a slot frees). */
export function tooMany(c: Context, retryAfterS: number) {
  c.header('Retry-After', String(retryAfterS));
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
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
