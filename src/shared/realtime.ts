// The realtime channel's constants (spec, "Realtime channel": heartbeat 30 s, reconnect delays 1, 2,
// 5, 10 s, default timeout 10000 ms) and the wire words of /api/live, shared by the Worker (the
// upgrade route and the party's Durable Object) and the browser (src/stores/live.ts).

/** The client sends HEARTBEAT_PING this often; the server answers HEARTBEAT_PONG without waking up. */
export const HEARTBEAT_MS = 30_000;
/** Waits before the 1st, 2nd, 3rd and every later reconnect attempt. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
/** A ping without its pong within this long counts as a dead connection (and a reconnect follows). */
export const REALTIME_TIMEOUT_MS = 10_000;

/**
 * Events of one party are passed to its screens at most once per this long: the first at once (no
 * delay added to a single change), any later ones in the window as one more at its end. A burst of
 * offers (168 at once) then costs two refetches, not 168.
 */
export const LIVE_COALESCE_MS = 250;

/** The subprotocol the server answers with; the client offers it with `bearer.<access token>`. */
export const LIVE_SUBPROTOCOL = 'dolar.live.v1';
/** The prefix of the subprotocol that carries the access token (browsers cannot set Authorization on a WebSocket). */
export const LIVE_TOKEN_PREFIX = 'bearer.';
export const HEARTBEAT_PING = 'ping';
export const HEARTBEAT_PONG = 'pong';

/** Close codes the server uses (4000-4999 are the application's): the client reconnects with a fresh token after 4001. */
export const CLOSE_TOKEN_EXPIRED = 4001;
/**
 * The socket's session has ended (signed out, here or from another device's session list): the
 * client does not reconnect, since no token of that session will be accepted again, and signs out.
 */
export const CLOSE_SESSION_ENDED = 4003;

/**
 * What a party's open screens are told, no amounts, no ids: something about its money changed
 * (`wallet.changed`), its user read notifications elsewhere (`notifications.read`), or its user has a
 * notification of an event that moved no money (`notifications.new`: an identity decision); they refetch.
 */
export const LIVE_EVENT_TYPES = ['wallet.changed', 'notifications.read', 'notifications.new'] as const;
export interface LiveEvent {
  type: (typeof LIVE_EVENT_TYPES)[number];
}

/** The wait before reconnect attempt `attempt` (0-based): 1, 2, 5, then 10 s for every later one. */
export const reconnectDelay = (attempt: number): number => RECONNECT_DELAYS_MS[Math.min(Math.max(attempt, 0), RECONNECT_DELAYS_MS.length - 1)]!;
