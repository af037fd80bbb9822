// The reads of /accounts rendered on the Worker for the net worth (src/worker/pages/accounts-data.ts,
// src/shared/net-worth.ts), in workerd on real D1: a person with a USD account, a brokerage position
// and a Canton wallet holding coins with an offer still pending gets the USD account, the brokerage
// account and the wallet's balance as /api answers them, and the total the overview computes from
// them counts the available coins and keeps the pending ones apart. Through the remote upstream
// (a stand-in that forwards to the same core), a failed brokerage or balance read serves no net
// worth rather than a total without that part, and the three reads are in flight at once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usdCents } from '../../../src/shared/decimal';
import { netWorth } from '../../../src/shared/net-worth';
import { accountsPage } from '../../../src/worker/pages/accounts-data';
import { apiAs, okAs, pageUser, personWithWallet, signIn, uniquePhone } from '../auth';
import { OPEN_TUESDAY, SUITABILITY, W8BEN, holdPrices, releasePrices, setMarketTime, setPrice } from '../brokerage-fixtures';
import type { Bindings } from '../../../src/worker/env';
import { core, db, testEnv } from '../fixtures';
import { installFetchGuard, planFetch } from '../network';
import ANA_GARCIA from '../../identity-ana-garcia.json';

installFetchGuard();

const UPSTREAM = 'http://upstream.test/v1';
const remoteEnv: Bindings = { ...testEnv, UPSTREAM_API_URL: UPSTREAM };
const pageRequest = () => new Request('http://localhost/accounts');

beforeEach(async () => {
  await holdPrices();
  await setMarketTime(OPEN_TUESDAY);
  await setPrice('AAPL', '200', '190');
});
afterEach(async () => {
  await db().prepare(`DELETE FROM market_settings WHERE key = 'test_time_offset_ms'`).run();
  await releasePrices();
});

/**
 * A signed-in person with everything the net worth counts: $100.00 added to the USD account, $10.00
 * of AAPL bought at 200 (so $90.00 of cash), a Canton wallet with 3 CC accepted and 2 CC offered.
 */
async function owner() {
  const { s: me, accountId, partyId } = await personWithWallet();
  await okAs(me, 'POST', '/api/identity-verification', ANA_GARCIA);
  await okAs(me, 'POST', '/api/usd/accounts', { account_id: accountId });
  await okAs(me, 'POST', `/api/usd/accounts/${accountId}/deposits`, { amount: '100.00', rail: 'bank' });
  await okAs(me, 'POST', `/api/brokerage/accounts/${accountId}`, {
    suitability: SUITABILITY,
    w8ben: { ...W8BEN, legal_name: 'Ana García', signature: 'Ana García' },
  });
  const order = await apiAs(me, 'POST', `/api/brokerage/accounts/${accountId}/orders`, {
    symbol: 'AAPL',
    side: 'buy',
    type: 'market',
    time_in_force: 'day',
    notional: '10.00',
  });
  expect(order.status).toBe(201);
  expect(order.body.data.status).toBe('filled');
  const accepted = await okAs(me, 'POST', '/api/wallets/transfer', { account_id: accountId, amount: '3' });
  await okAs(me, 'POST', `/api/wallets/canton/offers/${accepted.offerId}/accept`, { account_id: accountId });
  await okAs(me, 'POST', '/api/wallets/transfer', { account_id: accountId, amount: '2' });
  return { me, accountId, partyId };
}

type Who = Awaited<ReturnType<typeof owner>>['me'];

/** The remote upstream as the embedded core answers it, but for the reads `fail` names (answered 500). */
function standIn(fail: (path: string) => boolean = () => false, onRead?: (path: string) => Promise<void>) {
  planFetch(async (req) => {
    const url = new URL(req.url);
    const path = url.pathname.slice(new URL(UPSTREAM).pathname.length);
    await onRead?.(path);
    if (fail(path)) return Response.json({ message: 'down' }, { status: 500 });
    return core(req.headers.get('x-user-id')!, path + url.search, { method: req.method });
  });
}

const servedFor = (who: Who, bindings: Bindings = testEnv) => accountsPage(pageRequest(), bindings, pageUser(who));

describe('the net worth of /accounts rendered on the Worker', () => {
  it('serves the USD account, the brokerage and the wallet balance as /api answers them, and a total of their available parts', async () => {
    const { me, accountId, partyId } = await owner();
    const served = await servedFor(me);
    const usd = await okAs(me, 'GET', `/api/usd/accounts/${accountId}`);
    const brokerage = await okAs(me, 'GET', `/api/brokerage/accounts/${accountId}`);
    const balance = await okAs(me, 'GET', `/api/wallets/canton/balance/${encodeURIComponent(partyId)}`);
    expect(served.netWorth).toEqual({ usd, brokerage });
    expect(served.balance).toEqual(balance);

    const worth = netWorth({ ...served.netWorth!, wallet: served.balance });
    expect(worth.usd).toBe(9000n);
    expect(worth.investments).toBe(1000n);
    expect(worth.digital).toBe(BigInt(balance.balance_usd_cents));
    expect(worth.digital).toBeGreaterThan(0n);
    // Available and pending apart: the 2 CC offered are the pending figure, outside the total.
    expect(balance.pendingIncoming).toMatch(/^2(\.0+)?$/);
    expect(worth.pending).toBe(usdCents('2', balance.price));
    expect(worth.pending).toBeGreaterThan(0n);
    expect(worth.total).toBe(9000n + 1000n + BigInt(balance.balance_usd_cents));
    // Today's change is the investments': 0.05 AAPL from 190 at the last close to 200 now.
    expect(worth.changeToday).toBe(50n);
  });

  it('serves the same net worth through the remote upstream, its three reads in flight at once', async () => {
    const { me } = await owner();
    const embedded = await servedFor(me);
    const parts = ['/usd/accounts/', '/brokerage/accounts/', '/wallets/canton/balance/'];
    let inFlight = 0;
    let most = 0;
    let release!: () => void;
    const allIn = new Promise<void>((resolve) => (release = resolve));
    standIn(undefined, async (path) => {
      if (!parts.some((p) => path.startsWith(p))) return;
      most = Math.max(most, ++inFlight);
      if (inFlight === parts.length) release();
      // A read made after another had answered would wait here for one that never comes: each waits
      // for all three (or gives up after 1 s, and the count below fails the test).
      await Promise.race([allIn, new Promise((resolve) => setTimeout(resolve, 1000))]);
      inFlight--;
    });
    const remote = await servedFor(me, remoteEnv);
    expect(most).toBe(3);
    expect(remote.netWorth).toEqual(embedded.netWorth);
    expect(remote.balance).toEqual(embedded.balance);
  });

  for (const [part, prefix] of [
    ['brokerage', '/brokerage/accounts/'],
    ['wallet balance', '/wallets/canton/balance/'],
    ['USD account', '/usd/accounts/'],
  ] as const) {
    it(`serves no net worth when the ${part} read fails, never a total without that part`, async () => {
      const { me } = await owner();
      standIn((path) => path.startsWith(prefix));
      const served = await servedFor(me, remoteEnv);
      expect(served.netWorth).toBeNull();
      // The cards are still served.
      expect(served.categories?.usd_account).not.toBeNull();
      expect(served.categories?.brokerage_account).not.toBeNull();
    });
  }

  it('serves the parts a person has when the others are not opened: a USD account alone is the whole total', async () => {
    const me = await signIn(uniquePhone());
    const accountId = (await okAs(me, 'GET', '/api/accounts/user/accounts')).accounts[0].account_id as string;
    await okAs(me, 'POST', '/api/identity-verification', ANA_GARCIA);
    await okAs(me, 'POST', '/api/usd/accounts', { account_id: accountId });
    await okAs(me, 'POST', `/api/usd/accounts/${accountId}/deposits`, { amount: '25.00', rail: 'bank' });
    const served = await servedFor(me);
    expect(served.netWorth?.brokerage).toBeNull();
    expect(served.balance).toBeNull();
    const worth = netWorth({ ...served.netWorth!, wallet: served.balance });
    expect(worth).toMatchObject({ total: 2500n, usd: 2500n, investments: null, digital: null, pending: 0n, changeToday: null });
  });
});
