// The portfolio's store: positions, open orders and the history's first page in one state (a full
// page says there is more), the next page read after the last order shown (the keyset cursor), a
// failed read shown as the error state, and a position that is not held read as none. While orders
// are open, a live event reads the portfolio again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDERS_PAGE_SIZE } from '../shared/served-portfolio';
import { $auth } from './auth';
import { FakeSocket } from './fake-socket.fixture';
import { subscribeLive } from './live';
import { $portfolio, followOpenOrders, loadMoreHistory, loadPortfolio, loadPosition } from './portfolio';

const ACC = '22222222-2222-4222-8222-222222222222';
const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const closed = Array.from({ length: ORDERS_PAGE_SIZE + 3 }, (_, i) => ({ id: id(i), status: 'filled' }));
const calls: URL[] = [];
let failPositions = false;

beforeEach(() => {
  calls.length = 0;
  failPositions = false;
  $portfolio.set({ status: 'idle' });
  $auth.set({ status: 'authenticated', user: { id: 'u1' } as never, session: { access_token: 't', refresh_token: 'r' } as never });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    calls.push(url);
    if (url.pathname.endsWith('/positions')) return failPositions ? Response.json({ message: 'down' }, { status: 503 }) : Response.json({ data: [] });
    if (url.pathname.endsWith('/positions/KO')) return Response.json({ message: 'No position' }, { status: 404 });
    const q = url.searchParams;
    if (q.get('status') === 'open') return Response.json({ data: [{ id: id(900), status: 'new' }] });
    const before = q.get('before');
    const start = before ? closed.findIndex((o) => o.id === before) + 1 : 0;
    return Response.json({ data: closed.slice(start, start + Number(q.get('limit'))) });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the portfolio store', () => {
  it('holds positions, open orders and a full first page of history that says there is more', async () => {
    await loadPortfolio(ACC);
    const state = $portfolio.get();
    expect(state).toMatchObject({ status: 'ready', positions: [], open: [{ id: id(900) }], more: true });
    expect(state.status === 'ready' && state.history.map((o) => o.id)).toEqual(closed.slice(0, ORDERS_PAGE_SIZE).map((o) => o.id));
  });

  it('reads the next page after the last order shown, and stops at a short page', async () => {
    await loadPortfolio(ACC);
    await loadMoreHistory(ACC);
    expect(calls.at(-1)?.searchParams.get('before')).toBe(id(ORDERS_PAGE_SIZE - 1));
    const state = $portfolio.get();
    expect(state.status === 'ready' && state.history.map((o) => o.id)).toEqual(closed.map((o) => o.id));
    expect(state).toMatchObject({ more: false });
  });

  it('shows the error state when a read fails', async () => {
    failPositions = true;
    await expect(loadPortfolio(ACC)).rejects.toThrow();
    expect($portfolio.get()).toEqual({ status: 'error' });
  });

  it('reads a position not held as none', async () => {
    expect(await loadPosition(ACC, 'KO')).toBeNull();
  });

  it('reads the portfolio again on a live event while orders are open, and not once none is', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    const leave = subscribeLive(`ana::1220${'c'.repeat(64)}`, () => undefined);
    const socket = FakeSocket.all.at(-1)!;
    socket.open();
    await loadPortfolio(ACC);
    const stop = followOpenOrders(ACC);
    calls.length = 0;
    socket.receive(JSON.stringify({ type: 'notifications.new' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.some((u) => u.pathname.endsWith('/positions'))).toBe(true);
    const state = $portfolio.get();
    if (state.status === 'ready') $portfolio.set({ ...state, open: [] });
    await vi.advanceTimersByTimeAsync(1000);
    calls.length = 0;
    socket.receive(JSON.stringify({ type: 'notifications.new' }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual([]);
    stop();
    leave();
    vi.useRealTimers();
  });
});
