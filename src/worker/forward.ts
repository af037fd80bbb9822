// Forwards a validated BFF call to the upstream port with the verified user, and answers with the
// upstream's status and body ({data} on success: 200, or 201 where the declaration answers "created
// now" apart; {message, code} on failure), and `idempotent-replayed:
// true` when the upstream replayed the first answer of the request's Idempotency-Key. A route marked
// `notifiesParties()` (a money call) tells the parties of its 2xx answer's `affectedParties` after
// answering (live/notify.ts); it, and a route marked `wakesClock()`, wakes the app's clock, since the
// call may have brought timed work due sooner, such as a new offer's expiry or an identity review
// (clock/app-clock.ts). A route marked `notifiesOwnParties()` (marking notifications read, submitting
// an identity verification) tells the caller's own parties' open screens, so their other pages and
// devices agree.
import type { RouteConfig, RouteConfigToTypedResponse } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { routePath } from 'hono/route';
import type { ClientErrorStatusCode, ServerErrorStatusCode } from 'hono/utils/http-status';
import { answersCreated, notifiesOf, ownNotifyOf, wakesClockOf } from '../shared/contract/common';
import type { AppEnv } from './env';
import { wakeClock } from './clock/wake';
import { affectedPartiesOf, notifyParties } from './live/notify';
import { partiesOf } from './live/sessions';
import type { UpstreamRequest } from './upstream/port';
import { selectUpstream } from './upstream/select';

type ForwardInit = Pick<UpstreamRequest, 'query' | 'body'> & { params?: Record<string, string> };

/**
 * Forwards the request that matched `route` (a contract declaration) to the same path on the upstream:
 * the BFF's path below /api is the upstream's path, its params the validated ones, one encoded segment
 * each. The success answer's type is the declaration's `data` schema.
 */
export async function forward<R extends RouteConfig>(c: Context<AppEnv>, route: R, init: ForwardInit = {}): Promise<RouteConfigToTypedResponse<R>> {
  const upstream = selectUpstream(c.env);
  const params = init.params ?? c.req.param();
  const path = routePath(c)
    .replace(/^\/api(?=\/)/, '')
    .replace(/\/$/, '')
    .replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const res = await upstream.call(
    {
      method: route.method.toUpperCase(),
      path,
      query: init.query,
      body: init.body,
      userId: c.var.userId,
      accessToken: c.var.accessToken,
      idempotencyKey: c.req.header('idempotency-key'),
    },
    executionCtxOf(c),
  );
  if (res.replayed) c.header('idempotent-replayed', 'true');
  if (res.status >= 200 && res.status < 300 && wakesClockOf(route)) {
    const notify = notifiesOf(route) ? notifyParties(c.env, affectedPartiesOf(res.body), { type: 'wallet.changed' }) : null;
    afterAnswer(c, Promise.all([notify, wakeClock(c.env)]));
  }
  const own = ownNotifyOf(route);
  if (res.status >= 200 && res.status < 300 && own) {
    const who = { userId: c.var.userId, accessToken: c.var.accessToken };
    afterAnswer(
      c,
      partiesOf(c.env, who, executionCtxOf(c))
        .then((parties) => notifyParties(c.env, parties ?? [], { type: own }))
        .catch((err: unknown) => console.error('[live] telling the caller’s screens failed', err instanceof Error ? err.message : String(err))),
    );
  }
  // The answer is the declaration's (the remote adapter checked it against the same schema; the
  // embedded core built it from the same contract and its text is sent as is, without a parse and
  // a second serialization).
  type Answer = RouteConfigToTypedResponse<R>;
  // A success is 200, or 201 where the declaration answers "created now" apart (createdAnswers).
  const success = res.status === 201 && answersCreated(route) ? 201 : 200;
  const status = res.status >= 200 && res.status < 300 ? success : (res.status as ClientErrorStatusCode | ServerErrorStatusCode);
  if (status >= 300 && res.retryAfter !== undefined) c.header('retry-after', res.retryAfter);
  if (res.text !== undefined) return c.body(res.text, status, { 'content-type': 'application/json' }) as unknown as Answer;
  // Typed as an error status so that clients narrow on `res.status === 200` (or `res.ok`).
  return c.json(res.body as { data: unknown } | { message: string }, status) as unknown as Answer;
}

/** What OpenAPIHono validated for a declared part of the request (after its defaultHook passed it). */
const validated = (c: Context<AppEnv>, target: 'param' | 'query' | 'json') => (c.req as unknown as { valid(t: string): unknown }).valid(target);

/**
 * Forwards a declared route with exactly what its declaration validated: path params, query (as
 * strings, defaults applied) and JSON body. The forwarding loop of src/worker/bff-apps.ts uses it.
 */
/** A validated query as the upstream's query string: each given field as text, absent ones left out. */
export function queryStrings(query: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) out[k] = String(v);
  return out;
}

export function forwardDeclared<R extends RouteConfig>(c: Context<AppEnv>, route: R): Promise<RouteConfigToTypedResponse<R>> {
  const request = route.request;
  const init: ForwardInit = {};
  if (request?.params) init.params = Object.fromEntries(Object.entries(validated(c, 'param') as object).map(([k, v]) => [k, String(v)]));
  if (request?.query) {
    init.query = queryStrings(validated(c, 'query') as object);
  }
  if (request?.body) init.body = validated(c, 'json');
  return forward(c, route, init);
}

/** Runs `work` after the answer (waitUntil), or lets it run unawaited without an execution context. */
function afterAnswer(c: Context, work: Promise<unknown>): void {
  const ctx = executionCtxOf(c);
  if (ctx) ctx.waitUntil(work);
  else void work;
}

/** Hono throws when a request came without an execution context (plain app.fetch in tests). */
export function executionCtxOf(c: Context): ExecutionContext | undefined {
  try {
    return c.executionCtx as unknown as ExecutionContext;
  } catch {
    return undefined;
  }
}
