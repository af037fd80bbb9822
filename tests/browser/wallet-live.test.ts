// Live updates in Chromium, on the embedded default: user A's digital-assets wallet is open
// in one browser context and user B's in another. A money call made elsewhere with A's token (the
// faucet, POST /api/wallets/transfer, sent from the test as another device would) changes A's open
// wallet within 2 s, without a reload, through the party's WebSocket (GET /api/live, token as a
// subprotocol, no CSP violation), and B's wallet, another party, is not touched. Then B sends to A
// (POST /api/wallets/canton/send with B's token): A's screen shows the incoming offer and B's its
// lower available balance, each within 2 s; A accepts and A's screen shows the money available. The
// latency from each call's answer to the other screen's change is measured and printed.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatLedgerAmount } from '../../src/shared/format';
import { baseURL, cookieSession, createWallet, openApp, screenPage, signedInState, type StorageState, testPhone, fileBrowser } from './helpers';

const browser = fileBrowser();
let stateA: StorageState;
let stateB: StorageState;

beforeAll(async () => {
  stateA = await signedInState(browser(), testPhone(33));
  stateB = await signedInState(browser(), testPhone(34));
});

/** A call to the API as another device of the user would make it (no browser, bearer token). */
async function apiCall(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/**
 * Opens the wallet and waits until its live socket is open: the server answered the upgrade 101 with
 * our subprotocol (seen through the DevTools protocol, since the page sends nothing before its first
 * heartbeat). Answers the party id and the socket's URL.
 */
async function openWallet(page: Page): Promise<{ partyId: string; socketUrl: string }> {
  await createWallet(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const handshake = new Promise<{ status: number; headers: Record<string, string> }>((resolve) =>
    cdp.on('Network.webSocketHandshakeResponseReceived', (e) => resolve(e.response as { status: number; headers: Record<string, string> })),
  );
  const socket = page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/api/live?party='), timeout: 10_000 });
  await openApp(page, '/accounts/digital-assets');
  await page.locator('[data-action="transfer"]').waitFor();
  const partyId = (await page.locator('[data-party-id]').getAttribute('title')) ?? '';
  const ws = await socket;
  const answer = await handshake;
  expect(answer.status).toBe(101);
  const protocol = Object.entries(answer.headers).find(([k]) => k.toLowerCase() === 'sec-websocket-protocol')?.[1];
  expect(protocol).toBe('dolar.live.v1');
  await cdp.detach();
  return { partyId, socketUrl: ws.url() };
}

/** Records, in the page, when the pending amount first reads `text` (Date.now(), same clock as the test). */
async function watchPending(page: Page, text: string): Promise<void> {
  await page.evaluate((expected) => {
    const w = window as unknown as { __seenAt?: number };
    w.__seenAt = undefined;
    const check = () => {
      if (w.__seenAt === undefined && document.querySelector('[data-wallet-pending]')?.textContent === expected) w.__seenAt = Date.now();
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
    check();
  }, text);
}

/** Records, in the page, when `selector`'s text first differs from what it is now (Date.now()). */
async function watchChange(page: Page, selector: string): Promise<void> {
  await page.evaluate((sel) => {
    const w = window as unknown as { __seenAt?: number };
    w.__seenAt = undefined;
    const before = document.querySelector(sel)?.textContent;
    const check = () => {
      if (w.__seenAt === undefined && document.querySelector(sel)?.textContent !== before) w.__seenAt = Date.now();
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, selector);
}

/** Milliseconds from `answeredAt` to the page's recorded change (waits at most 2 s for it). */
async function latencyFrom(page: Page, answeredAt: number): Promise<number> {
  await page.waitForFunction(() => (window as unknown as { __seenAt?: number }).__seenAt !== undefined, null, { timeout: 2000 });
  const seenAt = await page.evaluate<number>(() => (window as unknown as { __seenAt: number }).__seenAt);
  return Math.max(0, seenAt - answeredAt);
}

/** The party's balance as the API answers it now (what the screen must show once it caught up). */
const balanceOf = async (token: string, partyId: string) =>
  (await apiCall(token, 'GET', `/api/wallets/canton/balance/${encodeURIComponent(partyId)}`)).body.data as { balance: string; pendingIncoming: string };

const activeAccountOf = async (token: string) => (await apiCall(token, 'GET', '/api/accounts/user/active-account')).body.data.account.account_id as string;

describe('the wallet updates live', () => {
  it("shows another device's money call on A's open wallet within 2 s without a reload, and leaves B's alone", async () => {
    const a = await screenPage(browser(), stateA, 'en');
    const b = await screenPage(browser(), stateB, 'en');
    const walletA = await openWallet(a.page);
    const walletB = await openWallet(b.page);
    expect(walletA.socketUrl).toBe(`${baseURL().replace(/^http/, 'ws')}/api/live?party=${encodeURIComponent(walletA.partyId)}`);
    expect(walletB.partyId).not.toBe(walletA.partyId);

    const tokenA = (await cookieSession(a.context))!.access_token;
    const accountA = (await apiCall(tokenA, 'GET', '/api/accounts/user/active-account')).body.data.account.account_id as string;
    // A marker that a reload would lose.
    await a.page.evaluate(() => ((window as unknown as { __notReloaded: boolean }).__notReloaded = true));
    const balanceB = await b.page.locator('[data-wallet-summary]').textContent();
    // Every text B's summary takes from now on, with when (Date.now(), the test's clock too).
    await b.page.evaluate(() => {
      const w = window as unknown as { __summaries: { at: number; text: string }[] };
      w.__summaries = [];
      const text = () => document.querySelector('[data-wallet-summary]')?.textContent ?? '';
      let last = text();
      new MutationObserver(() => {
        if (text() !== last) w.__summaries.push({ at: Date.now(), text: (last = text()) });
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    const latencies: number[] = [];
    for (const n of [1, 2, 3]) {
      await watchPending(a.page, `${n}.00 CC`);
      const res = await apiCall(tokenA, 'POST', '/api/wallets/transfer', { account_id: accountA, amount: '1' });
      const answeredAt = Date.now();
      expect(res.status).toBe(200);
      expect(res.body.data.affectedParties).toEqual([walletA.partyId]);
      await a.page.waitForFunction(() => (window as unknown as { __seenAt?: number }).__seenAt !== undefined, null, { timeout: 2000 });
      const seenAt = await a.page.evaluate<number>(() => (window as unknown as { __seenAt: number }).__seenAt);
      latencies.push(Math.max(0, seenAt - answeredAt));
    }
    expect(await a.page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
    for (const ms of latencies) expect(ms).toBeLessThan(2000);
    console.log(`[wallet-live] answer -> screen update latency (ms): ${latencies.join(', ')}`);

    // B's wallet (another party) did not change: B's screen changes only once a marker for B (the
    // faucet's 1 CC offer to B) is sent after A's calls, and then it shows the marker. The marker
    // offer is then rejected, leaving B's wallet as it was.
    const tokenB = (await cookieSession(b.context))!.access_token;
    const markerAt = Date.now();
    const marker = await apiCall(tokenB, 'POST', '/api/wallets/transfer', { account_id: await activeAccountOf(tokenB), amount: '1' });
    expect(marker.status).toBe(200);
    await b.page.waitForFunction(() => (window as unknown as { __summaries: unknown[] }).__summaries.length > 0, null, { timeout: 2000 });
    const seenByB = await b.page.evaluate<{ at: number; text: string }[]>(
      () => (window as unknown as { __summaries: { at: number; text: string }[] }).__summaries,
    );
    expect(seenByB.filter((change) => change.at < markerAt)).toEqual([]);
    expect(await b.page.locator('[data-wallet-pending]').last().textContent()).toContain('1.00 CC');
    const rejected = await apiCall(tokenB, 'POST', `/api/wallets/canton/offers/${marker.body.data.offerId}/reject`, {
      account_id: await activeAccountOf(tokenB),
    });
    expect(rejected.status).toBe(200);
    await b.page.waitForFunction((before) => document.querySelector('[data-wallet-summary]')?.textContent === before, balanceB, { timeout: 2000 });
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it("shows B's send on A's open wallet and on B's own, and A's accept on A's, each within 2 s", async () => {
    const a = await screenPage(browser(), stateA, 'en');
    const b = await screenPage(browser(), stateB, 'en');
    const walletA = await openWallet(a.page);
    const walletB = await openWallet(b.page);
    const tokenA = (await cookieSession(a.context))!.access_token;
    const tokenB = (await cookieSession(b.context))!.access_token;
    const [accountA, accountB] = [await activeAccountOf(tokenA), await activeAccountOf(tokenB)];
    // B's funds: the faucet's offer, accepted (B's open wallet follows along).
    expect((await apiCall(tokenB, 'POST', '/api/wallets/transfer', { account_id: accountB, amount: '10' })).status).toBe(200);
    expect((await apiCall(tokenB, 'POST', '/api/wallets/auto-accept', { account_id: accountB })).status).toBe(200);
    await b.page.waitForFunction(() => document.querySelector('[data-wallet-units]')?.textContent?.includes('10.00 CC'), null, { timeout: 2000 });

    await watchChange(a.page, '[data-wallet-summary]');
    await watchChange(b.page, '[data-wallet-units]');
    const sent = await apiCall(tokenB, 'POST', '/api/wallets/canton/send', { account_id: accountB, receiver_party: walletA.partyId, amount: '2' });
    const sentAt = Date.now();
    expect(sent.status).toBe(200);
    expect(sent.body.data.status).toBe('PENDING');
    const toReceiver = await latencyFrom(a.page, sentAt);
    const toSender = await latencyFrom(b.page, sentAt);
    // What each screen shows is what the ledger says now (A's pending includes the 2 CC offer; B has 2 CC fewer available).
    const [nowA, nowB] = [await balanceOf(tokenA, walletA.partyId), await balanceOf(tokenB, walletB.partyId)];
    expect(await a.page.locator('[data-wallet-pending]').textContent()).toBe(formatLedgerAmount(nowA.pendingIncoming, 'CC'));
    expect(await b.page.locator('[data-wallet-units]').textContent()).toBe(formatLedgerAmount(nowB.balance, 'CC'));
    expect(await b.page.locator('[data-wallet-units]').textContent()).toBe('8.00 CC');

    await watchChange(a.page, '[data-wallet-units]');
    const accepted = await apiCall(tokenA, 'POST', `/api/wallets/canton/offers/${sent.body.data.offerId}/accept`, { account_id: accountA });
    const acceptedAt = Date.now();
    expect(accepted.status).toBe(200);
    const onAccept = await latencyFrom(a.page, acceptedAt);
    const afterA = await balanceOf(tokenA, walletA.partyId);
    expect(await a.page.locator('[data-wallet-units]').textContent()).toBe(formatLedgerAmount(afterA.balance, 'CC'));
    console.log(`[wallet-live] send B -> A: answer -> A's screen ${toReceiver} ms, -> B's screen ${toSender} ms; accept: -> A's screen ${onAccept} ms`);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
