// Building blocks of the API contract: every BFF endpoint is declared once with @hono/zod-openapi's
// createRoute, with its success `{data}` schema and its `{message, code}` errors. The BFF serves
// these declarations, the remote adapter checks answers against them and /api/openapi.json
// publishes them. Server-only (full zod): islands import only types (AppType), never this folder.
import { z } from 'zod';
import { LIMITS, type LimiterName } from '../limiters';
import { ERROR_CODES } from '../error-codes';
import type { LiveEvent } from '../realtime';

/** Every 4xx/5xx answer: a message (English, for people) and a stable `code` (for clients; src/shared/error-codes.ts). */
export const errorAnswer = z.object({ message: z.string(), code: z.enum(ERROR_CODES) }).meta({ id: 'ErrorAnswer' });

/** A JSON content of the given schema. */
export const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } }) as const;

/**
 * The responses of an endpoint whose success answer is `{data}` with `data` of the given schema. The
 * 4XX and 5XX ranges type the islands' client and the core's handlers; the published document lists
 * each status the declaration can answer instead (./statuses.ts).
 */
export function answers<T extends z.ZodType>(data: T) {
  return {
    200: { description: 'Success: `{data}`', content: json(z.object({ data })) },
    '4XX': { description: 'Refused: `{message, code}`; clients tell errors apart by `code`', content: json(errorAnswer) },
    '5XX': { description: 'Failed: `{message, code}`', content: json(errorAnswer) },
  } as const;
}

/**
 * The responses of an endpoint that creates something: 201 `{data}` when it was created now, 200 when
 * the same request (its client id or Idempotency-Key) answers what it created before. The BFF passes
 * the upstream's 201 on for these declarations only.
 */
export function createdAnswers<T extends z.ZodType>(data: T) {
  const { 200: replayed, ...errors } = answers(data);
  return {
    201: { description: 'Created now: `{data}`', content: replayed.content },
    200: { description: 'Created by an earlier identical request: `{data}` as it is now', content: replayed.content },
    ...errors,
  } as const;
}

/** Whether a declaration answers 201 when it creates (createdAnswers). */
export const answersCreated = (route: { responses: object }) => 201 in route.responses;

/** A required JSON body (required, so that a missing or non-JSON body is validated, not skipped). */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: json(schema) } }) as const;

/** An Idempotency-Key: 1 to 255 visible ASCII characters (a client sends a fresh UUID per intent). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * Spread into the `request` of a call that moves money: its optional `Idempotency-Key` header, the one
 * check of the key for the BFF and the embedded core alike (both serve these declarations). A header
 * that is present is held to the grammar, an empty one included: 400 `validation_failed`, never taken
 * for "no key", so money never moves without the replay protection the client asked for.
 */
export const idempotencyKeyHeader = () =>
  ({
    headers: z.object({
      'idempotency-key': z
        .string()
        .regex(IDEMPOTENCY_KEY, 'Idempotency-Key must be 1 to 255 visible ASCII characters')
        .optional()
        .meta({
          description:
            'Optional, and recommended on every call that moves money: one key per user intent (a fresh UUID), sent again on each retry of that intent. ' +
            'Format: 1 to 255 visible ASCII characters (`!` to `~`); a header that is present but empty or malformed is 400 `validation_failed` and nothing moves. ' +
            'A repeat with the same key and the same request answers the first answer again (status and body) with `idempotent-replayed: true`, and nothing is done twice; ' +
            'the same key with a different request is 422 `idempotency_conflict`. Without the key, each call is a new intent.',
          example: '6f1c2a4e-8a1b-4c3d-9e2f-7a6b5c4d3e2f',
        }),
    }),
  }) as const;

/** The OpenAPI extension that publishes an endpoint's abuse limit: its limiter and figures (src/shared/limiters.ts). */
export const RATE_LIMIT_EXTENSION = 'x-rate-limit';

/** An endpoint's published rate limit: requests that may start within any `windowSeconds`, per user or client address. */
interface RateLimit {
  name: LimiterName;
  limit: number;
  windowSeconds: number;
  per: 'user' | 'ip';
}

/**
 * Spread into a declaration: the limiter its requests count against, per verified user. The BFF
 * attaches the limiter from it (src/worker/bff-apps.ts) and /api/openapi.json publishes it as
 * `x-rate-limit: {name, limit, windowSeconds, per}`, so the mobile team sees the figures. Every write
 * names one (a test checks it).
 */
export const limitedBy = (name: LimiterName) => {
  const { limit, periodS, per } = LIMITS[name];
  return { [RATE_LIMIT_EXTENSION]: { name, limit, windowSeconds: periodS, per } satisfies RateLimit };
};

/** The limiter a declaration names, if any. */
export const limiterOf = (route: object): LimiterName | undefined => (route as { [RATE_LIMIT_EXTENSION]?: RateLimit })[RATE_LIMIT_EXTENSION]?.name;

/** The OpenAPI extension that marks an endpoint that moves money between parties. */
export const LIVE_NOTIFY_EXTENSION = 'x-live-notify';

/**
 * Spread into a declaration of a call that moves money: after its 2xx answer the BFF reads
 * `data.affectedParties` (every such answer carries it) and tells those parties' open wallet and
 * transactions screens that they changed. /api/openapi.json publishes it as `x-live-notify: true`.
 */
export const notifiesParties = () => ({ [LIVE_NOTIFY_EXTENSION]: true }) as { 'x-live-notify': true };

/** Whether a declaration is marked with notifiesParties(). */
export const notifiesOf = (route: object): boolean => (route as { [LIVE_NOTIFY_EXTENSION]?: boolean })[LIVE_NOTIFY_EXTENSION] === true;

/** The OpenAPI extension that marks a call after which the app's clock may have timed work due sooner. */
const WAKES_CLOCK_EXTENSION = 'x-wakes-clock';

/**
 * Spread into a declaration of a call that can create timed work (an identity verification pending
 * review): after its 2xx answer the BFF wakes the app's clock (src/worker/clock/), as it does after a
 * money call.
 */
export const wakesClock = () => ({ [WAKES_CLOCK_EXTENSION]: true }) as { 'x-wakes-clock': true };

/** Whether a 2xx answer of the declaration should wake the app's clock: a money call, or one marked wakesClock(). */
export const wakesClockOf = (route: object): boolean => notifiesOf(route) || (route as { [WAKES_CLOCK_EXTENSION]?: boolean })[WAKES_CLOCK_EXTENSION] === true;

/** The OpenAPI extension that names the event a call's caller's own open screens get after it. */
export const LIVE_NOTIFY_OWN_EXTENSION = 'x-live-notify-own';

/**
 * Spread into a declaration of a call that changes what the caller's other pages and devices show
 * (marking notifications read; an identity submission, whose decision is a notification): after its
 * 2xx answer the BFF sends `event` to the caller's own parties' open screens. /api/openapi.json
 * publishes it as `x-live-notify-own: <event>`.
 */
export const notifiesOwnParties = <E extends LiveEvent['type']>(event: E) => ({ [LIVE_NOTIFY_OWN_EXTENSION]: event });

/** The event a declaration marked with notifiesOwnParties() sends, if any. */
export const ownNotifyOf = (route: object): LiveEvent['type'] | undefined =>
  (route as { [LIVE_NOTIFY_OWN_EXTENSION]?: LiveEvent['type'] })[LIVE_NOTIFY_OWN_EXTENSION];
