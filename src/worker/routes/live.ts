// GET /api/live?party=<partyId>: the live channel's WebSocket upgrade. Browsers cannot put
// an Authorization header on a WebSocket, so the access token comes as a subprotocol: the client
// offers `dolar.live.v1` and `bearer.<token>`, the answer names `dolar.live.v1` only (the token is
// never echoed); a client that can set headers (the mobile app) may send `Authorization: Bearer`
// instead. Checked in this order, each refusal a plain {message, code} answer before any upgrade:
// - Origin: this site or CORS_ALLOWED_ORIGINS (cross-site WebSocket hijacking; the app-wide
//   crossOrigin middleware refuses the rest first, this check keeps the rule next to the socket);
// - the token, with the same check as every API call (verify-user.ts: signature, claims, live session);
// - the party is the caller's: the declared `GET /wallets/canton/parties` through the upstream port,
//   so the embedded core and a remote upstream answer alike (a foreign or unknown party: 404);
// - an actual upgrade request (426 otherwise);
// each attempt with a verified token counts on RL_LIVE (per user, the declaration's limiter);
// then the upgrade goes to the party's Durable Object (live/party-live.ts), which caps one user's
// open sockets on a party (429). It is mounted before require-user: it authenticates itself.
import { decodeJwt } from 'jose';
import type { Context, MiddlewareHandler } from 'hono';
import * as api from '../../shared/contract/live';
import { LIVE_SUBPROTOCOL, LIVE_TOKEN_PREFIX } from '../../shared/realtime';
import { refuseWith } from '../../platform/errors';
import { contractApp } from '../bff-apps';
import type { AppEnv } from '../env';
import { executionCtxOf } from '../forward';
import { LIVE_EXPIRES_HEADER, LIVE_SESSION_HEADER, LIVE_USER_HEADER } from '../live/internal-headers';
import { partiesOf } from '../live/sessions';
import { allowedOrigins } from '../middleware/cross-origin';
import { refuseUnauthenticated } from '../middleware/require-user';
import { verifyUser } from '../verify-user';

type Ctx = Context<AppEnv>;

/** The subprotocols the client offered (Sec-WebSocket-Protocol, comma-separated, possibly repeated). */
function offeredProtocols(c: Ctx): string[] {
  return (c.req.header('sec-websocket-protocol') ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The access token offered as `bearer.<token>` next to our subprotocol, or null. */
export function tokenFromProtocols(protocols: readonly string[]): string | null {
  if (!protocols.includes(LIVE_SUBPROTOCOL)) return null;
  const tokens = protocols.filter((p) => p.startsWith(LIVE_TOKEN_PREFIX)).map((p) => p.slice(LIVE_TOKEN_PREFIX.length));
  return tokens.length === 1 && tokens[0] ? tokens[0] : null;
}

/** Whether the caller owns `partyId`, asked through the upstream port; null when the upstream failed. */
async function ownsParty(c: Ctx, userId: string, accessToken: string, partyId: string): Promise<boolean | null> {
  const parties = await partiesOf(c.env, { userId, accessToken }, executionCtxOf(c));
  return parties && parties.includes(partyId);
}

/**
 * Origin and token, before the route's limiter (RL_LIVE, from its declaration), which counts per
 * verified user: a client without a valid token is refused here and counts nowhere.
 */
const authenticateSocket: MiddlewareHandler<AppEnv> = async (c, next) => {
  const origin = c.req.header('origin');
  const self = new URL(c.req.url).origin;
  if (origin !== undefined && origin !== self && !allowedOrigins(c.env).has(origin)) {
    return refuseWith(c, 403, 'Cross-origin request refused', 'forbidden');
  }
  const token = tokenFromProtocols(offeredProtocols(c)) ?? /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  if (!token) return refuseUnauthenticated(c, 'Missing access token', false);
  const verified = await verifyUser(c.env, self, token);
  if (!verified.ok) return refuseUnauthenticated(c, verified.message, true);
  c.set('userId', verified.sub);
  c.set('sessionId', verified.sessionId);
  c.set('accessToken', token);
  await next();
};

const app = contractApp();
app.use(authenticateSocket);

export const live = app.openapi(api.liveSocket, async (c) => {
  const userId = c.var.userId;
  const token = c.var.accessToken;
  const { party } = c.req.valid('query');
  const owns = await ownsParty(c, userId, token, party);
  if (owns === null) return refuseWith(c, 502, 'Upstream request failed', 'upstream_unavailable');
  if (!owns) return refuseWith(c, 404, 'Party not found', 'not_found');
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') return refuseWith(c, 426, 'Expected a WebSocket upgrade', 'validation_failed');

  const liveNs = c.env.LIVE;
  if (!liveNs) {
    console.error('[live] no LIVE Durable Object binding');
    return refuseWith(c, 503, 'Live updates are not configured', 'not_configured');
  }
  // verifyUser checked exp; the object stops sending to the socket from that moment on.
  const expiresMs = Number(decodeJwt(token).exp) * 1000;
  const stub = liveNs.get(liveNs.idFromName(party));
  const res = await stub.fetch('https://live.internal/socket', {
    headers: { upgrade: 'websocket', [LIVE_USER_HEADER]: userId, [LIVE_SESSION_HEADER]: c.var.sessionId, [LIVE_EXPIRES_HEADER]: String(expiresMs) },
  });
  if (res.status === 429) return refuseWith(c, 429, 'Too many live connections', 'rate_limited');
  if (res.status !== 101 || !res.webSocket) {
    console.error('[live] the party object refused the upgrade', res.status);
    return refuseWith(c, 500, 'Internal server error', 'internal_error');
  }
  // A new Response (mutable headers) so the security-headers middleware can add its own.
  return new Response(null, { status: 101, webSocket: res.webSocket, headers: { 'sec-websocket-protocol': LIVE_SUBPROTOCOL } });
});
