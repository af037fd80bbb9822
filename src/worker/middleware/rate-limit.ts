// The BFF's abuse limits: the per-user limiter middleware each declared route gets from its
// declaration (`limitedBy` in src/shared/contract, attached by src/worker/contract-app.ts), and the marks of
// money movement (the binding's counting, the 429 answer and the client-IP key of the sign-in service
// are the platform's: src/platform/rate-limit.ts). Abuse limits use the Workers Rate Limiting
// binding: one binding per limited action, its figure
// (requests per 60 s) in wrangler.toml `[[ratelimits]]`, keyed by the verified user (writes) or by
// the client IP (the sign-in service). Over the limit: 429 {message, code: 'rate_limited'} with Retry-After, before the
// route runs, so nothing changes. Figures per route: README, "Abuse limits".
//
// Why the binding and not a Durable Object (the entry exports one, but for live updates): it needs
// no storage of its own, costs no extra round trip on the write path, and wrangler dev
// (`npm start`) and the workerd tests run it locally (miniflare). Its counts are per Cloudflare
// location and approximate, which suits abuse limits; exact money rules (no double spend,
// idempotency) live in the ledger, not here.
//
// Money movement (RL_TRANSFERS, RL_AUTO_ACCEPT, RL_SENDS, RL_ACCEPTS) counts only requests that reached a decision (an
// answer below 500: done, or refused for a reason of the request): an upstream outage (502) must not
// use up the user's transfers. The binding cannot refund a count, so these count AFTER the answer,
// and the request whose count goes over the limit leaves a mark that refuses the user's next
// requests on that limiter, before they run, for one period. The mark lives in the isolate and in the
// Cache API of the location (the binding's counts are per location too).
import type { MiddlewareHandler } from 'hono';
import type { LimiterName } from '../../platform/bindings';
import { RATE_LIMIT_PERIOD_S, tooMany, withinLimit } from '../../platform/rate-limit';
import type { AppEnv } from '../env';

/** Limiters that count only decided requests (answer < 500), after the answer: see the header. */
export const DECIDED_ONLY: ReadonlySet<LimiterName> = new Set<LimiterName>(['RL_TRANSFERS', 'RL_AUTO_ACCEPT', 'RL_SENDS', 'RL_ACCEPTS']);

/** "Over the limit until": in this isolate first, then the location's cache (other isolates). */
const overUntil = new Map<string, number>();
const MAX_MARKS = 10_000;
const markUrl = (limiter: LimiterName, key: string) => `https://rate-limit.internal/${limiter}/${encodeURIComponent(key)}`;

/** Forgets this isolate's marks (tests: the location's cache alone must still refuse). */
export function forgetIsolateMarks(): void {
  overUntil.clear();
}

/** The Cache API's default cache, or undefined where there is none (then the isolate's marks stay). */
function locationCache(): Cache | undefined {
  return (globalThis as { caches?: { default?: Cache } }).caches?.default;
}

/** True while a decided request of `key` has put `limiter` over its limit (within one period). */
export async function markedOver(limiter: LimiterName, key: string, now = Date.now()): Promise<boolean> {
  const id = `${limiter}:${key}`;
  const until = overUntil.get(id);
  if (until !== undefined) {
    if (until > now) return true;
    overUntil.delete(id);
  }
  try {
    const hit = await locationCache()?.match(markUrl(limiter, key));
    const cachedUntil = Number(await hit?.text());
    if (cachedUntil > now) {
      overUntil.set(id, cachedUntil);
      return true;
    }
  } catch (err) {
    console.error(`rate limit: reading the ${limiter} mark failed`, err instanceof Error ? err.message : String(err));
  }
  return false;
}

async function markOver(limiter: LimiterName, key: string, now = Date.now()): Promise<void> {
  const until = now + RATE_LIMIT_PERIOD_S * 1000;
  // Bounded memory: drop lapsed marks, then the oldest, once the map is full.
  if (overUntil.size >= MAX_MARKS) for (const [id, t] of overUntil) if (t <= now || overUntil.size >= MAX_MARKS) overUntil.delete(id);
  overUntil.set(`${limiter}:${key}`, until);
  try {
    const res = new Response(String(until), { headers: { 'cache-control': `max-age=${RATE_LIMIT_PERIOD_S}` } });
    await locationCache()?.put(markUrl(limiter, key), res);
  } catch (err) {
    console.error(`rate limit: storing the ${limiter} mark failed`, err instanceof Error ? err.message : String(err));
  }
}

/**
 * Counts a BFF route's requests on `limiter`, per verified user (so it runs after require-user). The
 * BFF attaches it to each route whose declaration names a limiter (src/worker/contract-app.ts); it
 * runs before the route's validators, so bad requests count too.
 */
export function rateLimit(limiter: LimiterName): MiddlewareHandler<AppEnv> {
  const decidedOnly = DECIDED_ONLY.has(limiter);
  return async function rateLimit(c, next) {
    const key = c.var.userId;
    if (!decidedOnly) {
      if (!(await withinLimit(c.env, limiter, key))) return tooMany(c);
      return next();
    }
    if (await markedOver(limiter, key)) return tooMany(c);
    await next();
    // Only a decided answer counts: a 5xx (the upstream down, timed out or answering garbage) did not
    // move money, and the user's retry must not be refused for it.
    if (c.res.status < 500 && !(await withinLimit(c.env, limiter, key))) await markOver(limiter, key);
  };
}
