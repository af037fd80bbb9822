// The contract's error statuses held true: with CONTRACT_CHECK set (the worker tests' binding, never a
// deploy), an error answer whose status and code the route's declaration does not list
// (src/shared/contract/statuses.ts) is replaced by a 500 naming it and logged, so every worker and
// fuzz test that reaches a route also proves that /api/openapi.json declares what it answered.
import type { MiddlewareHandler } from 'hono';
import type { ErrorStatuses } from '../../shared/contract/statuses';
import type { AppEnv } from '../env';

export function declaredErrors(statuses: ErrorStatuses, route: string): MiddlewareHandler<AppEnv> {
  return async function declaredErrors(c, next) {
    await next();
    if (!c.env.CONTRACT_CHECK || c.res.status < 400 || c.res.status === 101) return;
    const body: unknown = await c.res
      .clone()
      .json()
      .catch(() => null);
    const code = (body as { code?: unknown } | null)?.code;
    if ((statuses.get(c.res.status) as unknown[] | undefined)?.includes(code)) return;
    const message = `Undeclared error answer of ${route}: ${c.res.status} ${String(code)}`;
    console.error(message);
    c.res = undefined;
    c.res = c.json({ message, code: 'internal_error' }, 500);
  };
}
