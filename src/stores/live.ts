// Live updates: `useLiveUpdates(partyId)` keeps one WebSocket per Canton party open while
// some screen shows that party (GET /api/live, src/worker/routes/live.ts) and answers a counter that
// grows on every event, so the screen refetches when it changes. No polling: the server pushes.
// `followLive(refresh)` follows every open channel at once (an order's status, the open orders),
// with a slow poll only while no channel is open.
// - Shared: every subscriber of a party uses one socket; the last one to leave closes it.
// - Authenticated by the access token of the session store, offered as a subprotocol
//   (`dolar.live.v1`, `bearer.<token>`: browsers cannot set Authorization on a WebSocket); each
//   (re)connect reads the current token, and a refreshed token reopens the socket with it at once.
// - Heartbeat: `ping` every 30 s; no `pong` within 10 s counts as a dead connection.
// - Reconnects after 1, 2, 5, then every 10 s (the spec's realtime constants, src/shared/realtime.ts);
//   a reopened socket counts as an event too, since something may have changed while it was down.
// - Coalesced: a throttle with leading and trailing edges (LIVE_COALESCE_MS). The first event reaches
//   the screens at once; events within the next 250 ms become one more at its end. So a burst of
//   events (dust offers) makes each screen refetch twice, and a lone send shows as fast as before.
// - Closed by the server with 4001 (token expired): reconnects with the current token. With 4003
//   (the session has ended: signed out here, or from another device's session list): never
//   reconnects, since no token of that session is accepted again, and signs the user out.
import { atom } from 'nanostores';
import { useEffect, useState } from 'react';
import {
  CLOSE_SESSION_ENDED,
  HEARTBEAT_MS,
  HEARTBEAT_PING,
  HEARTBEAT_PONG,
  LIVE_COALESCE_MS,
  LIVE_EVENT_TYPES,
  LIVE_SUBPROTOCOL,
  LIVE_TOKEN_PREFIX,
  REALTIME_TIMEOUT_MS,
  reconnectDelay,
} from '../shared/realtime';
import { $auth, accessToken, signOutAndLeave } from './auth';

type Listener = () => void;

interface Channel {
  partyId: string;
  listeners: Set<Listener>;
  socket: WebSocket | null;
  /** The token the open socket was opened with (a new one reopens it). */
  token: string | null;
  /** Failed or lost connections in a row (the index into the reconnect delays). */
  attempt: number;
  /** Whether the channel has been open once (a later open is a reconnect: catch up). */
  opened: boolean;
  retry: ReturnType<typeof setTimeout> | undefined;
  heartbeat: ReturnType<typeof setInterval> | undefined;
  pongDue: ReturnType<typeof setTimeout> | undefined;
  /** The coalescing window after an emit (events in it wait for its end), and whether one is waiting. */
  window: ReturnType<typeof setTimeout> | undefined;
  waiting: boolean;
  unlistenAuth: () => void;
}

const channels = new Map<string, Channel>();

/** Every event any channel reports (as coalesced), for followers of all of the person's parties (followLive). */
const $liveEvents = atom(0);
/** How many channels have an open socket now: none means live updates are down. */
const $liveOpen = atom(0);
const countOpen = () => $liveOpen.set([...channels.values()].filter((ch) => ch.socket?.readyState === WebSocket.OPEN).length);

/** How often a follower reads again while no live channel is open (the fallback of followLive). */
export const LIVE_DOWN_POLL_MS = 10_000;

/**
 * Calls `refresh` on every event of the live channels open now or later (the screens' own parties:
 * src/stores/notifications.ts keeps them open while signed in), and, only while none is open, every
 * LIVE_DOWN_POLL_MS instead. Answers the stop function.
 */
export function followLive(refresh: () => void): () => void {
  const unlisten = $liveEvents.listen(() => refresh());
  const timer = setInterval(() => {
    if ($liveOpen.get() === 0) refresh();
  }, LIVE_DOWN_POLL_MS);
  return () => {
    unlisten();
    clearInterval(timer);
  };
}

/** The socket's address: this origin, ws: or wss: as the page's protocol. */
export function liveUrl(partyId: string, loc: Pick<Location, 'protocol' | 'host'> = location): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/api/live?party=${encodeURIComponent(partyId)}`;
}

const emitNow = (ch: Channel) => {
  for (const listener of [...ch.listeners]) listener();
  $liveEvents.set($liveEvents.get() + 1);
};

/** Tells the listeners at once if no window is open, else once at the window's end (see LIVE_COALESCE_MS). */
function emit(ch: Channel) {
  if (ch.window !== undefined) {
    ch.waiting = true;
    return;
  }
  emitNow(ch);
  const close = () => {
    if (!ch.waiting) {
      ch.window = undefined;
      return;
    }
    ch.waiting = false;
    emitNow(ch);
    ch.window = setTimeout(close, LIVE_COALESCE_MS);
  };
  ch.window = setTimeout(close, LIVE_COALESCE_MS);
}

function stopTimers(ch: Channel) {
  clearTimeout(ch.retry);
  clearInterval(ch.heartbeat);
  clearTimeout(ch.pongDue);
  ch.retry = ch.heartbeat = ch.pongDue = undefined;
}

/** Drops the channel's socket without triggering its reconnect. */
function dropSocket(ch: Channel) {
  const ws = ch.socket;
  ch.socket = null;
  ch.token = null;
  stopTimers(ch);
  countOpen();
  if (!ws) return;
  ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
  try {
    ws.close(1000, 'done');
  } catch {
    // Already closing.
  }
}

function scheduleReconnect(ch: Channel) {
  if (!channels.has(ch.partyId) || ch.retry !== undefined) return;
  const delay = reconnectDelay(ch.attempt);
  ch.attempt++;
  ch.retry = setTimeout(() => {
    ch.retry = undefined;
    connect(ch);
  }, delay);
}

function connect(ch: Channel) {
  if (channels.get(ch.partyId) !== ch) return;
  const token = accessToken();
  // Signed out (or not yet signed in): the auth listener connects once a session is there.
  if (!token) return;
  let ws: WebSocket;
  try {
    ws = new WebSocket(liveUrl(ch.partyId), [LIVE_SUBPROTOCOL, `${LIVE_TOKEN_PREFIX}${token}`]);
  } catch (err) {
    console.error('Live updates: cannot open the socket', err instanceof Error ? err.message : err);
    scheduleReconnect(ch);
    return;
  }
  ch.socket = ws;
  ch.token = token;
  ws.onopen = () => {
    ch.attempt = 0;
    const reconnected = ch.opened;
    ch.opened = true;
    countOpen();
    ch.heartbeat = setInterval(() => {
      if (ws.readyState !== WebSocket.OPEN) return;
      ws.send(HEARTBEAT_PING);
      clearTimeout(ch.pongDue);
      // No pong in time: the connection is dead even if the browser has not noticed.
      ch.pongDue = setTimeout(() => ws.close(), REALTIME_TIMEOUT_MS);
    }, HEARTBEAT_MS);
    if (reconnected) emit(ch);
  };
  ws.onmessage = (e) => {
    if (e.data === HEARTBEAT_PONG) {
      clearTimeout(ch.pongDue);
      ch.pongDue = undefined;
      return;
    }
    try {
      const { type } = JSON.parse(String(e.data)) as { type?: unknown };
      if ((LIVE_EVENT_TYPES as readonly unknown[]).includes(type)) emit(ch);
    } catch {
      // Not an event of ours.
    }
  };
  ws.onclose = (e) => {
    if (ch.socket !== ws) return;
    ch.socket = null;
    ch.token = null;
    stopTimers(ch);
    countOpen();
    // The session this socket was opened with has ended. A newer session's token (a sign-in since)
    // reconnects as usual; the same token means this browser's session is over.
    if (e.code === CLOSE_SESSION_ENDED && accessToken() === token) {
      void signOutAndLeave();
      return;
    }
    scheduleReconnect(ch);
  };
  // An error is followed by close, which reconnects.
  ws.onerror = () => undefined;
}

function openChannel(partyId: string): Channel {
  const ch: Channel = {
    partyId,
    listeners: new Set(),
    socket: null,
    token: null,
    attempt: 0,
    opened: false,
    retry: undefined,
    heartbeat: undefined,
    pongDue: undefined,
    window: undefined,
    waiting: false,
    unlistenAuth: () => undefined,
  };
  channels.set(partyId, ch);
  // A new token (refreshed, or a first sign-in) reopens the socket with it; signing out closes it.
  ch.unlistenAuth = $auth.listen((state) => {
    const token = state.session?.access_token ?? null;
    if (token === ch.token) return;
    if (!token) {
      dropSocket(ch);
      return;
    }
    if (ch.retry !== undefined) return; // a reconnect is already due and will read the new token
    dropSocket(ch);
    connect(ch);
  });
  connect(ch);
  return ch;
}

/** Subscribes to a party's events; the returned function unsubscribes (and closes the last socket). */
export function subscribeLive(partyId: string, listener: Listener): () => void {
  const ch = channels.get(partyId) ?? openChannel(partyId);
  ch.listeners.add(listener);
  return () => {
    ch.listeners.delete(listener);
    if (ch.listeners.size > 0 || channels.get(partyId) !== ch) return;
    channels.delete(partyId);
    ch.unlistenAuth();
    clearTimeout(ch.window);
    ch.window = undefined;
    dropSocket(ch);
  };
}

/** Open channels (tests). */
export const liveChannelCount = (): number => channels.size;

/**
 * While mounted with a party: the party's live channel is open, and the answer grows by one on
 * every change the server reports (and after a reconnect), bursts coalesced (at most one step per
 * LIVE_COALESCE_MS after the first). Put it in an effect's dependencies to
 * refetch. `null` (no wallet yet): nothing is opened.
 */
export function useLiveUpdates(partyId: string | null): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!partyId || typeof WebSocket === 'undefined') return;
    return subscribeLive(partyId, () => setCount((n) => n + 1));
  }, [partyId]);
  return count;
}
