// Which error statuses an operation can answer, and which codes each status can carry, derived from
// its declaration: the shape (params, query, body, headers), whether it needs a signed-in user, its
// limiter, its Idempotency-Key and the business refusals it names (`refuses`), each code at its
// status (src/shared/error-codes.ts ERROR_STATUS). The BFF publishes these as the operation's
// responses (src/worker/bff-apps.ts) and, under tests, refuses to send an error answer whose status
// and code are not among them, so the document cannot drift from what the server answers.
import type { RouteConfig } from '@hono/zod-openapi';
import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../error-codes';
import { LIMITS } from '../limiters';
import { errorAnswer, json, limiterOf } from './common';

/** The OpenAPI extension a declaration lists its business refusals under (taken off the published operation). */
const REFUSES_EXTENSION = 'x-refuses';

/** A refusal: a code at its own status (ERROR_STATUS), or at another one the route answers it with. */
type Refused = ErrorCode | { status: number; code: ErrorCode };

/**
 * Spread into a declaration: the business refusals its handler can answer (the embedded core's, which
 * an upstream must match), by code; each is declared under its status. A code answered by a route
 * that does not name it fails the worker tests.
 */
export const refuses = (...codes: Refused[]) => ({ [REFUSES_EXTENSION]: codes });

/** Error statuses of an operation, each with the codes it can carry (in the order they were added). */
export type ErrorStatuses = Map<number, ErrorCode[]>;

const hasIdempotencyKey = (route: RouteConfig) => {
  const headers = route.request?.headers as { shape?: Record<string, unknown> } | undefined;
  return headers?.shape !== undefined && 'idempotency-key' in headers.shape;
};

/** The error statuses and codes a declaration can answer. */
export function errorStatusesOf(route: RouteConfig): ErrorStatuses {
  const statuses: ErrorStatuses = new Map();
  const add = (status: number, code: ErrorCode) => {
    const codes = statuses.get(status) ?? [];
    if (!codes.includes(code)) codes.push(code);
    statuses.set(status, codes);
  };
  const request = route.request ?? {};
  // The contract's validators (src/platform/validate.ts): a param, query, body or header failing its check.
  if (request.params || request.query || request.body || request.headers) add(400, 'validation_failed');
  // Open routes (security: []) need no token; every other one needs the signed-in user (require-user).
  const open = Array.isArray(route.security) && route.security.length === 0;
  if (!open) add(401, 'unauthorized');
  // Another site's origin (cross-origin), or an x-user-id naming someone else (require-user).
  add(403, 'forbidden');
  // A path id that is not the caller's, or no such object.
  if (request.params) add(404, 'not_found');
  // A body over the BFF's limit (src/worker/index.ts MAX_BODY_BYTES), or one not sent as JSON.
  if (request.body) add(413, 'payload_too_large');
  if (request.body) add(415, 'validation_failed');
  if (hasIdempotencyKey(route)) add(422, 'idempotency_conflict');
  // The BFF's own limit, or a remote upstream's (passed on with its Retry-After).
  if (limiterOf(route) || !open) add(429, 'rate_limited');
  for (const refused of (route as { [REFUSES_EXTENSION]?: Refused[] })[REFUSES_EXTENSION] ?? [])
    if (typeof refused === 'string') add(ERROR_STATUS[refused], refused);
    else add(refused.status, refused.code);
  add(500, 'internal_error');
  if (!open) {
    // A production Worker without its upstream (src/platform/app-mode.ts), an upstream down, timed
    // out or answering outside the contract.
    add(502, 'upstream_unavailable');
    add(503, 'not_configured');
    add(503, 'upstream_unavailable');
    add(504, 'upstream_unavailable');
  }
  return new Map([...statuses].sort(([a], [b]) => a - b));
}

const DESCRIPTIONS: Record<number, string> = {
  400: 'Bad request: a param, query, body or header failed its check (the message names the field), or a refusal of the request itself',
  401: 'No access token, or an invalid, expired or ended one (`WWW-Authenticate: Bearer`)',
  403: 'Refused: a call from a site not allowed, or an `x-user-id` naming another user',
  404: 'Not found: no such object, or one that is not yours (the two look the same)',
  409: "Conflict: the object's state refuses the change",
  413: 'Payload too large: a body over 64 KB, or an object that would outgrow its bounds',
  415: 'Unsupported media type: a body not sent as `application/json`',
  422: 'This Idempotency-Key was already used with a different request: nothing was done',
  429: 'Too many requests: over the abuse limit; `Retry-After` says when to try again',
  500: 'Internal error (logged)',
  502: 'The upstream failed or answered outside the contract',
  426: 'Upgrade required: not a WebSocket upgrade',
  503: 'Not available: a server missing its configuration, or market data with nothing cached and its source down',
  504: 'The upstream timed out',
};

/** The error answer of one status: ErrorAnswer with `code` narrowed to that status's codes. */
const errorAnswerOf = (codes: ErrorCode[]) => z.intersection(errorAnswer, z.object({ code: z.enum(codes as [ErrorCode, ...ErrorCode[]]) }));

/** The rate limit of a limited route, for its 429's description. */
function limitText(route: RouteConfig): string {
  const limiter = limiterOf(route);
  if (!limiter) return '';
  const { limit, periodS, per } = LIMITS[limiter];
  return ` (${limiter}: ${limit} requests per ${periodS} s per ${per === 'user' ? 'signed-in user' : 'client address'}, a sliding window)`;
}

const retryAfter = z.string().meta({ description: 'Seconds until a request may succeed again (an integer)', example: '12' });

/** The declaration's error responses, one per status, each with its codes. */
function errorResponses(route: RouteConfig) {
  return Object.fromEntries(
    [...errorStatusesOf(route)].map(([status, codes]) => [
      String(status),
      {
        description: `${DESCRIPTIONS[status] ?? 'Refused'}${status === 429 ? limitText(route) : ''}. \`code\`: ${codes.map((c) => `\`${c}\``).join(', ')}`,
        ...(status === 429 ? { headers: z.object({ 'Retry-After': retryAfter }) } : {}),
        content: json(errorAnswerOf(codes)),
      },
    ]),
  );
}

const replayed = z.literal('true').meta({
  description: 'Present on a repeat of an Idempotency-Key: this is the first answer again, and nothing was done a second time',
});

/**
 * The declaration as the BFF publishes it: its success answers (each with `idempotent-replayed` where
 * it takes an Idempotency-Key), then exactly the error statuses it can answer, and no refusals list (the
 * responses say it).
 */
export function published<R extends RouteConfig>(route: R): R {
  const { [REFUSES_EXTENSION]: _refusals, ...rest } = route as R & { [REFUSES_EXTENSION]?: unknown };
  const { '4XX': _refused, '5XX': _failed, ...success } = route.responses;
  const headers = z.object({ 'idempotent-replayed': replayed.optional() });
  const ok = hasIdempotencyKey(route) ? Object.fromEntries(Object.entries(success).map(([status, answer]) => [status, { ...answer, headers }])) : {};
  return { ...rest, responses: { ...success, ...ok, ...errorResponses(route) } } as unknown as R;
}
