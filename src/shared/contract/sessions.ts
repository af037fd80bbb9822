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

export const listSessions = createRoute({ tags, method: 'get', path: '/', responses: answers(z.array(sessionInfo)) });
export const endSession = createRoute({
  tags,
  ...limitedBy('RL_WRITES'),
  ...refuses('current_session'),
  method: 'delete',
  path: '/{id}',
  request: { params: sessionIdParam },
  responses: answers(z.object({ ended: z.literal(1) }).meta({ id: 'SessionEnded' })),
});
export const endOtherSessions = createRoute({
  tags,
  ...limitedBy('RL_WRITES'),
  method: 'post',
  path: '/sign-out-others',
  responses: answers(z.object({ ended: z.number().int().nonnegative() }).meta({ id: 'SessionsEnded' })),
});

export const sessionsContract = [listSessions, endSession, endOtherSessions] as const;
