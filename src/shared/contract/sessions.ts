// The contract of /api/sessions (sessions you control): the signed-in user's sessions for
// the Security screen, ending one of them and ending all the others. Served by the BFF itself
// (src/worker/routes/sessions.ts), not forwarded: sessions belong to the sign-in service, not the
// upstream. Server-only (full zod), like the rest of this folder.
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { uuidId } from '../schemas/ids';
import { refuses } from './statuses';
import { answers, limitedBy } from './common';

const tags = ['Sessions'];

/** One signed-in session as the list shows it. Names are null when not known (the screen says so). */
export const sessionInfo = z
  .object({
    id: z.string(),
    /** Browser and operating system read from the last User-Agent seen (src/shared/user-agent.ts). */
    browser: z.string().nullable(),
    os: z.string().nullable(),
    device: z.enum(['mobile', 'tablet', 'desktop', 'unknown']),
    /** ISO 3166-1 alpha-2 country of the last request (the platform's request.cf.country), or null. */
    country: z.string().nullable(),
    /** Epoch milliseconds of the last call the BFF noted (at most a minute behind). */
    last_active_ms: z.number().int(),
    /** Whether this is the session of the token that asked. */
    current: z.boolean(),
  })
  .meta({ id: 'Session' });

export const sessionIdParam = z.object({ id: uuidId });

export const listSessions = createRoute({
  tags,
  operationId: 'listSessions',
  summary: 'List your sessions',
  description:
    "Every signed-in session of your user: browser, operating system, device kind, country and last activity (epoch milliseconds, at most a minute behind), and which one is the caller's. Read-only.",
  method: 'get',
  path: '/',
  responses: answers(z.array(sessionInfo)),
});
export const endSession = createRoute({
  tags,
  operationId: 'endSession',
  summary: 'End a session',
  description:
    "Signs out one of your other sessions: its refresh token stops working and its open live sockets close. The caller's own session is refused (`current_session`): sign out instead. Another user's session is 404.",
  ...limitedBy('RL_WRITES'),
  ...refuses('current_session'),
  method: 'delete',
  path: '/{id}',
  request: { params: sessionIdParam },
  responses: answers(z.object({ ended: z.literal(1) }).meta({ id: 'SessionEnded' })),
});
export const endOtherSessions = createRoute({
  tags,
  operationId: 'endOtherSessions',
  summary: 'End your other sessions',
  description: "Signs out every session of your user except the caller's. Answers how many were ended (0 when none).",
  ...limitedBy('RL_WRITES'),
  method: 'post',
  path: '/sign-out-others',
  responses: answers(z.object({ ended: z.number().int().nonnegative() }).meta({ id: 'SessionsEnded' })),
});

export const sessionsContract = [listSessions, endSession, endOtherSessions] as const;
