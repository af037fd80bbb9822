// Forwards a validated BFF call to the upstream port with the verified user, and answers with the
// upstream's status and body ({data} on success, {message} on failure), and `idempotent-replayed:
// true` when the upstream replayed the first answer of the request's Idempotency-Key.
import type { Context } from 'hono';
import type { ClientErrorStatusCode, ServerErrorStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './env';
import type { UpstreamRequest } from './upstream/port';
import { selectUpstream } from './upstream/select';

type ForwardInit = Pick<UpstreamRequest, 'method' | 'path' | 'query' | 'body'>;

/** T is the `data` type the core answers with (derived from core service types, never hand-written). */
export async function forward<T>(c: Context<AppEnv>, init: ForwardInit) {
  const upstream = selectUpstream(c.env);
  const res = await upstream.call(
    {
      ...init,
      userId: c.var.userId,
      accessToken: c.var.accessToken,
      idempotencyKey: c.req.header('idempotency-key'),
    },
    executionCtxOf(c),
  );
  if (res.replayed) c.header('idempotent-replayed', 'true');
  if (res.status >= 200 && res.status < 300) return c.json(res.body as { data: T }, 200);
  if (res.retryAfter !== undefined) c.header('retry-after', res.retryAfter);
  // Typed as an error status so that clients narrow on `res.status === 200` (or `res.ok`).
  return c.json(res.body as { message: string }, res.status as ClientErrorStatusCode | ServerErrorStatusCode);
}

/** Hono throws when a request came without an execution context (plain app.fetch in tests). */
export function executionCtxOf(c: Context): ExecutionContext | undefined {
  try {
    return c.executionCtx as unknown as ExecutionContext;
  } catch {
    return undefined;
  }
}
