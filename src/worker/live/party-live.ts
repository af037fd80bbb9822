// The live channel of one Canton party: a Durable Object per party id
// (`LIVE.idFromName(partyId)`) that holds the party's open screens' WebSockets and tells them when the
// party's money changed. Per party rather than per user because the party is what the BFF learns from
// a money call in both modes: the answer's `affectedParties` names the other side's party, while the
// remote upstream never tells the BFF who that other user is.
//
// It uses the WebSocket Hibernation API: `ctx.acceptWebSocket` lets the runtime evict the object
// between events while the sockets stay open, and the heartbeat (`ping`, every 30 s from each
// client) is answered by `setWebSocketAutoResponse` without waking it up, so heartbeats do not
// keep it in memory. Each socket carries its user, its session and its token's expiry as an
// attachment (kept across hibernation); a socket whose token has expired gets no more events and is
// closed with 4001, and the client reconnects with its refreshed token; a socket whose session has
// ended is closed with 4003 when the Worker ends that session (`closeSessions`, src/worker/live/
// sessions.ts) or, failing that, at the next broadcast, and the client does not reconnect. Only the Worker reaches this object:
// `fetch` is the upgrade the BFF has already authenticated (src/worker/routes/live.ts), `notify`
// the RPC the BFF calls after a money call (src/worker/live/notify.ts).
import { DurableObject } from 'cloudflare:workers';
import type { Bindings } from '../../platform/bindings';
import { sessionHasEnded } from '../sessions/ended';
import { LIVE_EXPIRES_HEADER, LIVE_SESSION_HEADER, LIVE_USER_HEADER } from './internal-headers';
import { CLOSE_SESSION_ENDED, CLOSE_TOKEN_EXPIRED, HEARTBEAT_PING, HEARTBEAT_PONG, LIVE_SUBPROTOCOL, type LiveEvent } from '../../shared/realtime';

/** Open sockets one user may hold on one party (tabs and devices); one more is refused with 429. */
export const MAX_SOCKETS_PER_USER = 8;

/** Which of a user's sessions ended: some by id, or every one but `allBut` (null: every one). */
export type EndedSessions = { userId: string; ids: readonly string[] } | { userId: string; allBut: string | null };

interface Attachment {
  userId: string;
  /** The access token's `session_id`: the sockets of a session close when it ends. */
  sessionId: string;
  /** The access token's `exp`, in epoch ms. */
  expiresMs: number;
}

export class PartyLive extends DurableObject<Bindings> {
  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    // Answered by the runtime itself, even while the object hibernates.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(HEARTBEAT_PING, HEARTBEAT_PONG));
  }

  /** The upgrade, already authenticated and checked by the BFF: accepts it as a hibernatable socket. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return new Response('Expected a WebSocket upgrade', { status: 426 });
    const userId = request.headers.get(LIVE_USER_HEADER);
    const sessionId = request.headers.get(LIVE_SESSION_HEADER);
    const expiresMs = Number(request.headers.get(LIVE_EXPIRES_HEADER));
    if (!userId || !sessionId || !Number.isFinite(expiresMs)) return new Response('Missing the verified user', { status: 400 });
    this.closeExpired(Date.now());
    if (this.ctx.getWebSockets(userId).length >= MAX_SOCKETS_PER_USER) return new Response('Too many live connections', { status: 429 });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    // The user id is the socket's tag, so counting a user's sockets needs no storage.
    this.ctx.acceptWebSocket(server, [userId]);
    server.serializeAttachment({ userId, sessionId, expiresMs } satisfies Attachment);
    return new Response(null, { status: 101, webSocket: client, headers: { 'sec-websocket-protocol': LIVE_SUBPROTOCOL } });
  }

  /**
   * RPC from the BFF: sends the event to every open socket of the party; answers how many got it.
   * Each socket's session is checked first by the rule every API call follows (sessionHasEnded, one
   * read per distinct session): a session that ended without the Worker closing its sockets (a
   * failed close, a reused refresh token, an idle session) gets no event and is closed with 4003.
   */
  async notify(event: LiveEvent): Promise<number> {
    const now = Date.now();
    const text = JSON.stringify({ type: event.type });
    const ended = new Map<string, Promise<boolean>>();
    const hasEnded = (a: Attachment) => {
      let check = ended.get(a.sessionId);
      if (!check) {
        check = sessionHasEnded(this.env, a.sessionId, a.userId).catch(() => false);
        ended.set(a.sessionId, check);
      }
      return check;
    };
    let sent = 0;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        const a = ws.deserializeAttachment() as Attachment | null;
        if (this.expired(ws, now)) {
          ws.close(CLOSE_TOKEN_EXPIRED, 'Access token expired');
        } else if (a?.sessionId && (await hasEnded(a))) {
          ws.close(CLOSE_SESSION_ENDED, 'Session ended');
        } else {
          ws.send(text);
          sent++;
        }
      } catch {
        // A socket closing meanwhile: its close handler cleans up.
      }
    }
    return sent;
  }

  /**
   * RPC from the Worker when it has ended sessions of a user: closes those sessions' sockets on this
   * party with CLOSE_SESSION_ENDED (the client then stops reconnecting); answers how many it closed.
   */
  async closeSessions(ended: EndedSessions): Promise<number> {
    const matches = 'ids' in ended ? (id: string | undefined) => id !== undefined && ended.ids.includes(id) : (id: string | undefined) => id !== ended.allBut;
    let closed = 0;
    for (const ws of this.ctx.getWebSockets(ended.userId)) {
      const a = ws.deserializeAttachment() as Partial<Attachment> | null;
      if (!matches(a?.sessionId)) continue;
      try {
        ws.close(CLOSE_SESSION_ENDED, 'Session ended');
        closed++;
      } catch {
        // Already closed.
      }
    }
    return closed;
  }

  /** Open sockets (tests and diagnostics). */
  async openSockets(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  /** Clients send nothing but the heartbeat (answered by the runtime); anything else is ignored. */
  override async webSocketMessage(ws: WebSocket): Promise<void> {
    if (this.expired(ws, Date.now())) ws.close(CLOSE_TOKEN_EXPIRED, 'Access token expired');
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    // Completes the closing handshake (1005/1006 cannot be sent back: close normally).
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // Already closed.
    }
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    try {
      ws.close(1011, 'WebSocket error');
    } catch {
      // Already closed.
    }
  }

  private expired(ws: WebSocket, now: number): boolean {
    const a = ws.deserializeAttachment() as Attachment | null;
    return !a || a.expiresMs <= now;
  }

  /** No event reaches a socket past its token's expiry: it is closed with 4001 instead. */
  private closeExpired(now: number): void {
    for (const ws of this.ctx.getWebSockets()) {
      if (!this.expired(ws, now)) continue;
      try {
        ws.close(CLOSE_TOKEN_EXPIRED, 'Access token expired');
      } catch {
        // Already closed.
      }
    }
  }
}
