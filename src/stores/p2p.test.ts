// The offers list's paging in the store: the first page of each list with its total, "Show more"
// appending the next page of one list (by offset), and a refetch keeping as many rows as are shown.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $auth } from './auth';
import { $offers, loadMoreOffers, loadOffers } from './p2p';

const ACC = '22222222-2222-4222-8222-222222222222';

const offer = (direction: 'incoming' | 'outgoing', i: number) => ({
  offerId: `00${String(i).padStart(64, '0')}`,
  direction,
  counterpartyPartyId: `bo::1220${'b'.repeat(64)}`,
  counterpartyName: 'Bo C.',
  counterpartyKind: 'person' as const,
  amount: `${1000 - i}.0000000000`,
  amount_usd_cents: 100,
  expiresAt: '2030-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
});
/** The server's 45 incoming and 3 outgoing offers, largest first. */
const server = {
  incoming: Array.from({ length: 45 }, (_, i) => offer('incoming', i)),
  outgoing: Array.from({ length: 3 }, (_, i) => offer('outgoing', 100 + i)),
};

const calls: URL[] = [];

beforeEach(() => {
  calls.length = 0;
  $offers.set({ status: 'idle', accountId: null, incoming: [], outgoing: [], incomingTotal: 0, outgoingTotal: 0, more: null, error: null });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  $auth.set({ status: 'authenticated', user: { id: 'u1' } as never, session: { access_token: 't', refresh_token: 'r' } as never });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    calls.push(url);
    const q = url.searchParams;
    const limit = Number(q.get('limit') ?? 20);
    const offset = Number(q.get('offset') ?? 0);
    const page = (d: 'incoming' | 'outgoing') => (!q.get('direction') || q.get('direction') === d ? server[d].slice(offset, offset + limit) : []);
    return Response.json({
      data: { incoming: page('incoming'), outgoing: page('outgoing'), incoming_total: server.incoming.length, outgoing_total: server.outgoing.length },
    });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ids = (list: { offerId: string }[]) => list.map((o) => o.offerId);

describe('the offers list, paged', () => {
  it('loads the first page of each list with both totals', async () => {
    await loadOffers(ACC);
    const state = $offers.get();
    expect(state).toMatchObject({ status: 'ready', incomingTotal: 45, outgoingTotal: 3, more: null });
    expect(ids(state.incoming)).toEqual(ids(server.incoming.slice(0, 20)));
    expect(ids(state.outgoing)).toEqual(ids(server.outgoing));
  });

  it('"Show more" appends the next page of that list only, until every offer is shown exactly once', async () => {
    await loadOffers(ACC);
    await loadMoreOffers('incoming');
    expect(calls.at(-1)!.searchParams.toString()).toBe('direction=incoming&limit=20&offset=20');
    expect(ids($offers.get().incoming)).toEqual(ids(server.incoming.slice(0, 40)));
    expect(ids($offers.get().outgoing)).toEqual(ids(server.outgoing));
    await loadMoreOffers('incoming');
    expect(ids($offers.get().incoming)).toEqual(ids(server.incoming));
    // Nothing left: no call.
    const before = calls.length;
    await loadMoreOffers('incoming');
    expect(calls.length).toBe(before);
  });

  it('shows an offer once even when the list moved between two pages', async () => {
    await loadOffers(ACC);
    // A new large offer arrives: every offer moves down one place, the 20th comes again on page 2.
    server.incoming.unshift(offer('incoming', 999));
    try {
      await loadMoreOffers('incoming');
      const shown = ids($offers.get().incoming);
      expect(new Set(shown).size).toBe(shown.length);
      expect($offers.get().incomingTotal).toBe(46);
    } finally {
      server.incoming.shift();
    }
  });

  it('keeps as many rows as are shown when it refetches (after an action or a live update)', async () => {
    await loadOffers(ACC);
    await loadMoreOffers('incoming');
    await loadOffers(ACC, { quiet: true });
    expect(calls.at(-1)!.searchParams.get('limit')).toBe('40');
    expect($offers.get().incoming).toHaveLength(40);
  });
});
