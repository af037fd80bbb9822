// The live channel's client: one shared socket per party, the token offered as a subprotocol, the
// spec's reconnect delays (1, 2, 5, then 10 s) and heartbeat (30 s, dead after 10 s without pong),
// a counter that grows on events, and nothing left open once the last subscriber leaves.
import { act, renderHook } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_SESSION_ENDED, CLOSE_TOKEN_EXPIRED } from '../shared/realtime';
import { $auth, signOutAndLeave } from './auth';
import { FakeSocket } from './fake-socket.fixture';
import { liveChannelCount, liveUrl, subscribeLive, useLiveUpdates } from './live';

vi.mock('./auth', async (importOriginal) => ({ ...(await importOriginal<typeof import('./auth')>()), signOutAndLeave: vi.fn(async () => undefined) }));

const PARTY = `ana::1220${'a'.repeat(64)}`;

const sockets = () => FakeSocket.all;
const last = () => FakeSocket.all.at(-1)!;
const signedIn = (token: string) =>
  $auth.set({ status: 'authenticated', user: { id: 'u1' } as never, session: { access_token: token, refresh_token: 'r' } as never });

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  signedIn('token-1');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  $auth.set({ status: 'unauthenticated', user: null, session: null });
});

describe('subscribeLive', () => {
  it('opens one socket per party on this origin, offering our subprotocol and the access token', () => {
    const off1 = subscribeLive(PARTY, () => undefined);
    const off2 = subscribeLive(PARTY, () => undefined);
    expect(sockets()).toHaveLength(1);
    expect(last().url).toBe(liveUrl(PARTY));
    expect(last().url).toMatch(/^ws:\/\/[^/]+\/api\/live\?party=ana%3A%3A1220a+$/);
    expect(last().protocols).toEqual(['dolar.live.v1', 'bearer.token-1']);
    off1();
    expect(last().readyState).toBe(FakeSocket.CONNECTING);
    off2();
    expect(last().readyState).toBe(FakeSocket.CLOSED);
    expect(liveChannelCount()).toBe(0);
  });

  it('uses wss: on an https page', () => {
    expect(liveUrl(PARTY, { protocol: 'https:', host: 'app.example' })).toBe(`wss://app.example/api/live?party=${encodeURIComponent(PARTY)}`);
  });

  it('reconnects after 1, 2, 5, then every 10 s, with the token current at each attempt', () => {
    const off = subscribeLive(PARTY, () => undefined);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const before = sockets().length;
      last().drop();
      let waited = 0;
      while (sockets().length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
        if (waited > 20_000) throw new Error('no reconnect');
      }
      waits.push(waited);
      if (i === 2) signedIn('token-2');
    }
    expect(waits).toEqual([1_000, 2_000, 5_000, 10_000, 10_000]);
    expect(last().protocols).toEqual(['dolar.live.v1', 'bearer.token-2']);
    // An open connection starts the delays over.
    last().open();
    last().drop();
    vi.advanceTimersByTime(999);
    const count = sockets().length;
    vi.advanceTimersByTime(1);
    expect(sockets().length).toBe(count + 1);
    off();
  });

  it('sends ping every 30 s, and a missing pong (10 s) closes the socket and reconnects', () => {
    const off = subscribeLive(PARTY, () => undefined);
    const first = last();
    first.open();
    vi.advanceTimersByTime(30_000);
    expect(first.sent).toEqual(['ping']);
    first.receive('pong');
    vi.advanceTimersByTime(29_999);
    expect(first.readyState).toBe(FakeSocket.OPEN);
    vi.advanceTimersByTime(1);
    expect(first.sent).toEqual(['ping', 'ping']);
    vi.advanceTimersByTime(10_000);
    expect(first.readyState).toBe(FakeSocket.CLOSED);
    vi.advanceTimersByTime(1_000);
    expect(sockets()).toHaveLength(2);
    off();
  });

  it('reopens the socket with a refreshed token at once, and closes it on sign-out', () => {
    const off = subscribeLive(PARTY, () => undefined);
    last().open();
    signedIn('token-2');
    expect(sockets()).toHaveLength(2);
    expect(sockets()[0]!.readyState).toBe(FakeSocket.CLOSED);
    expect(last().protocols[1]).toBe('bearer.token-2');
    $auth.set({ status: 'unauthenticated', user: null, session: null });
    expect(last().readyState).toBe(FakeSocket.CLOSED);
    vi.advanceTimersByTime(60_000);
    expect(sockets()).toHaveLength(2);
    off();
  });
});

describe('coalesced events', () => {
  const changed = JSON.stringify({ type: 'wallet.changed' });

  it('passes a lone event on at once: no delay is added to a single change', () => {
    const seen: number[] = [];
    const off = subscribeLive(PARTY, () => seen.push(Date.now()));
    last().open();
    const at = Date.now();
    last().receive(changed);
    expect(seen).toEqual([at]);
    vi.advanceTimersByTime(5_000);
    expect(seen).toHaveLength(1);
    off();
  });

  it('passes on notifications read on another page or device, and ignores a message that is no event of ours', () => {
    let calls = 0;
    const off = subscribeLive(PARTY, () => calls++);
    last().open();
    last().receive(JSON.stringify({ type: 'notifications.read' }));
    expect(calls).toBe(1);
    vi.advanceTimersByTime(5_000);
    last().receive(JSON.stringify({ type: 'something.else' }));
    last().receive('not json');
    vi.advanceTimersByTime(5_000);
    expect(calls).toBe(1);
    off();
  });

  it('turns a burst of 168 events into at most 2 refetches: the first at once, one more after the burst', () => {
    let calls = 0;
    const off = subscribeLive(PARTY, () => calls++);
    last().open();
    for (let i = 0; i < 168; i++) {
      last().receive(changed);
      vi.advanceTimersByTime(1);
    }
    vi.advanceTimersByTime(5_000);
    expect(calls).toBe(2);
    off();
  });

  it('still reports a change that follows a quiet moment, and a long stream at most once per window', () => {
    let calls = 0;
    const off = subscribeLive(PARTY, () => calls++);
    last().open();
    last().receive(changed);
    vi.advanceTimersByTime(1_000);
    last().receive(changed);
    expect(calls).toBe(2);
    vi.advanceTimersByTime(1_000);
    // Events every 10 ms for 2 s: about one refetch per 250 ms, not 200.
    calls = 0;
    for (let i = 0; i < 200; i++) {
      last().receive(changed);
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(1_000);
    expect(calls).toBeGreaterThanOrEqual(8);
    expect(calls).toBeLessThanOrEqual(10);
    off();
  });

  it('leaves no timer behind once the last subscriber leaves during a burst', () => {
    let calls = 0;
    const off = subscribeLive(PARTY, () => calls++);
    last().open();
    last().receive(changed);
    last().receive(changed);
    off();
    vi.advanceTimersByTime(5_000);
    expect(calls).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('a socket closed by the server', () => {
  it('after 4003 (session ended): never reconnects, and signs the user out', () => {
    vi.mocked(signOutAndLeave).mockClear();
    const off = subscribeLive(PARTY, () => undefined);
    last().open();
    last().drop(CLOSE_SESSION_ENDED);
    vi.advanceTimersByTime(120_000);
    expect(sockets()).toHaveLength(1);
    expect(signOutAndLeave).toHaveBeenCalledTimes(1);
    off();
  });

  it('after 4001 (token expired): reconnects with the current token, no sign-out', () => {
    vi.mocked(signOutAndLeave).mockClear();
    const off = subscribeLive(PARTY, () => undefined);
    last().open();
    signedIn('token-1');
    last().drop(CLOSE_TOKEN_EXPIRED);
    vi.advanceTimersByTime(1_000);
    expect(sockets()).toHaveLength(2);
    expect(signOutAndLeave).not.toHaveBeenCalled();
    off();
  });
});

describe('useLiveUpdates', () => {
  it('counts events (and a reconnect) for the party, and closes the socket on unmount', () => {
    const { result, unmount } = renderHook(() => useLiveUpdates(PARTY));
    expect(result.current).toBe(0);
    act(() => last().open());
    act(() => last().receive(JSON.stringify({ type: 'wallet.changed' })));
    act(() => last().receive('pong'));
    act(() => last().receive('not json'));
    expect(result.current).toBe(1);
    act(() => last().drop());
    act(() => vi.advanceTimersByTime(1_000));
    act(() => last().open());
    expect(result.current).toBe(2);
    unmount();
    expect(last().readyState).toBe(FakeSocket.CLOSED);
    expect(liveChannelCount()).toBe(0);
  });

  it('opens nothing without a party', () => {
    const { result } = renderHook(() => useLiveUpdates(null));
    expect(result.current).toBe(0);
    expect(sockets()).toHaveLength(0);
  });

  it('makes a screen refetch twice, not 168 times, for a burst of 168 events', () => {
    const refetch = vi.fn();
    renderHook(() => {
      const changes = useLiveUpdates(PARTY);
      useEffect(() => {
        if (changes > 0) refetch();
      }, [changes]);
    });
    act(() => last().open());
    for (let i = 0; i < 168; i++) act(() => last().receive(JSON.stringify({ type: 'wallet.changed' })));
    act(() => vi.advanceTimersByTime(5_000));
    expect(refetch).toHaveBeenCalledTimes(2);
  });
});
