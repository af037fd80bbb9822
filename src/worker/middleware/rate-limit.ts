// The BFF's abuse limits: the per-user limiter middleware each declared route gets from its
// declaration (`limitedBy` in src/shared/contract, attached by src/worker/bff-apps.ts). It takes
// a slot before the route runs (src/platform/rate-limit.ts: one Durable Object per limiter and user,
// atomic, so a burst of concurrent requests gets exactly the limit and no more). Over the limit: 429
// {message, code: 'rate_limited'} with Retry-After, before the route runs, so nothing changes.
// Figures per limiter: src/shared/limiters.ts (docs/security.md, "Abuse limits").
//
// Money movement (the limiters marked `decidedOnly`) gives its slot back when the answer proves that
// nothing was decided: a 5xx (the upstream down, timed out or answering garbage) did not move money,
// and the user's retry must not be refused for it. A slot is never given back for an answer below
// 500: a refusal for a reason of the request is a decision too.
import type { MiddlewareHandler } from 'hono';
import { LIMITS, type LimiterName } from '../../shared/limiters';
import { takeSlot, tooMany } from '../../platform/rate-limit';
import type { AppEnv } from '../env';

/**
 * Counts a BFF route's requests on `limiter`, per verified user (so it runs after require-user). The
 * BFF attaches it to each route whose declaration names a limiter (src/worker/bff-apps.ts); it
 * runs before the route's validators, so bad requests count too.
 */
export function rateLimit(limiter: LimiterName): MiddlewareHandler<AppEnv> {
  const decidedOnly = 'decidedOnly' in LIMITS[limiter];
  return async function rateLimit(c, next) {
    const slot = await takeSlot(c.env, limiter, c.var.userId);
    if (!slot.ok) return tooMany(c, slot.retryAfterS);
    try {
      await next();
    } catch (err) {
      // Thrown past the route (answered 500 by onError): nothing was decided.
      if (decidedOnly) await slot.giveBack();
      throw err;
    }
    if (decidedOnly && c.res.status >= 500) await slot.giveBack();
  };
}
