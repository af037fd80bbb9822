// The contract of /api/live: the WebSocket that tells a party's open screens when its money
// changed. Served by the BFF itself (src/worker/routes/live.ts), never forwarded. Its success is
// `101 Switching Protocols`, not `{data}`: the one declaration whose answers are not answers().
// Server-only (full zod), like the rest of this folder.
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { LIVE_SUBPROTOCOL, LIVE_TOKEN_PREFIX } from '../realtime';
import { partyId } from '../schemas/ids';
import { limitedBy } from './common';
import { refuses } from './statuses';

export const liveQuery = z.object({ party: partyId });

export const liveSocket = createRoute({
  tags: ['Live'],
  operationId: 'liveSocket',
  // Opening sockets in a loop costs a token check, a party lookup and a Durable Object call each time.
  ...limitedBy('RL_LIVE'),
  // It checks the token itself (a subprotocol), asks the upstream whether the party is the caller's and
  // needs the live channel's binding.
  ...refuses('unauthorized', 'not_found', 'upstream_unavailable', 'not_configured', { status: 426, code: 'validation_failed' }),
  method: 'get',
  path: '/',
  // Browsers cannot send Authorization on a WebSocket: the token travels as a subprotocol instead.
  security: [],
  summary: 'Live updates of one of your Canton parties (WebSocket)',
  description:
    `A WebSocket upgrade (\`Upgrade: websocket\`). Offer two subprotocols: \`${LIVE_SUBPROTOCOL}\` and ` +
    `\`${LIVE_TOKEN_PREFIX}<access token>\`; the server answers with \`${LIVE_SUBPROTOCOL}\` only. The party must be ` +
    'one of yours (`GET /api/wallets/canton/parties`), else 404; the Origin must be this site or one of ' +
    'CORS_ALLOWED_ORIGINS, else 403. Messages: the server sends `{"type":"wallet.changed"}` after a call ' +
    "that moved the party's money (refetch); the client sends `ping` every 30 s and gets `pong`. Close " +
    'code 4001: the token expired, reconnect with a fresh one. Too many open sockets for one user, or more than ' +
    'the RL_LIVE connection attempts a minute: 429.',
  request: { query: liveQuery },
  responses: {
    101: { description: `Switching Protocols: the WebSocket, subprotocol \`${LIVE_SUBPROTOCOL}\`` },
  },
});

export const liveContract = [liveSocket] as const;
