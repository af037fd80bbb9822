// The reads of the wallet pages rendered on the Worker (src/worker/pages/wallet-data.ts), in workerd
// on real D1 and KV: /accounts/digital-assets gets the same wallet, balance, assets, offers and
// preapproval as the island's /api calls answer; an account without a wallet is 'none' with no
// offers read; the asset page finds the asset in the KV market cache as the island's lookup would,
// with the wallet for "Your Holdings" and the chart's summary for the default timeframe (the one
// GET /api/market/history/{symbol} answers, from the same KV cache, in both upstream modes), none
// for an unknown symbol or a history that fails, and not waited for when it stalls; two users read
// at once each get only their own wallet.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { assetPage, CHART_GRACE_MS, chartSummary, findServedAsset, walletPage } from '../../../src/worker/pages/wallet-data';
import { sampleDetail } from '../../../src/shared/market';
import { historySummary } from '../../../src/shared/price-history';
import type { PriceHistory } from '../../../src/shared/schemas/price-history';
import { forgetIsolateCopies, lockKeyOf } from '../../../src/worker/cache/swr';
import { historyKey } from '../../../src/worker/routes/market';
import { apiAs, pageUser, signIn, uniquePhone } from '../auth';
import { installFetchGuard, outbound, planFetch } from '../network';

installFetchGuard();

const testEnv = env as unknown as Cloudflare.Env & { DB: D1Database; MARKET_CACHE: KVNamespace };
const request = (path: string) => new Request(`http://localhost${path}`);
const userOf = pageUser;
const data = <T>(res: { body: unknown }) => (res.body as { data: T }).data;

/** The market cache with its history reads replaced (a failing or stalling KV), everything else as is. */
function historyKv(read: () => Promise<never>): KVNamespace {
  const kv = testEnv.MARKET_CACHE;
  return new Proxy(kv, {
    get(target, prop) {
      if (prop === 'getWithMetadata') return (key: string, type: never) => (key.includes(':history:') ? read() : target.getWithMetadata(key, type));
      const value = target[prop as keyof KVNamespace];
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Empties the history cache of a symbol's default timeframe (KV and the isolate's copy). */
async function forgetHistory(symbol: string) {
  forgetIsolateCopies();
  await Promise.all([testEnv.MARKET_CACHE.delete(historyKey(symbol, '24h')), testEnv.MARKET_CACHE.delete(lockKeyOf(historyKey(symbol, '24h')))]);
}

async function withWallet() {
  const who = await signIn(uniquePhone());
  expect((await apiAs(who, 'POST', '/api/wallets/canton')).status).toBe(200);
  const accountId = data<{ accounts: { account_id: string; is_active: boolean }[] }>(await apiAs(who, 'GET', '/api/accounts/user/accounts')).accounts.find(
    (a) => a.is_active,
  )!.account_id;
  return { who, accountId };
}

describe('the reads of the wallet pages rendered on the Worker', () => {
  it('reads the wallet, its balance and assets, its offers and its preapproval as /api answers them', async () => {
    const { who, accountId } = await withWallet();
    expect((await apiAs(who, 'POST', '/api/wallets/transfer', { account_id: accountId, amount: '3' })).status).toBe(200);
    const { seed, served } = await walletPage(request('/accounts/digital-assets'), testEnv, userOf(who));
    expect(seed.path).toBe('/accounts/digital-assets');
    expect(served.wallet?.status).toBe('ready');
    expect(served.wallet?.accountId).toBe(accountId);
    const party = served.wallet!.wallet!.address!;
    expect(served.wallet!.balance).toEqual(data(await apiAs(who, 'GET', `/api/wallets/canton/balance/${encodeURIComponent(party)}`)));
    expect(served.wallet!.assets).toEqual(data(await apiAs(who, 'GET', `/api/wallets/canton/parties/${encodeURIComponent(party)}/assets`)));
    expect(served.offers).toEqual(data(await apiAs(who, 'GET', `/api/wallets/canton/offers/${accountId}`)));
    expect(served.offers!.incoming).toHaveLength(1);
    expect(served.preapproval).toEqual(data(await apiAs(who, 'GET', `/api/wallets/canton/preapproval/${accountId}`)));
  });

  it("serves an account without a wallet as 'none', with no offers or preapproval", async () => {
    const who = await signIn(uniquePhone());
    const { served } = await walletPage(request('/accounts/digital-assets'), testEnv, userOf(who));
    expect(served.wallet?.status).toBe('none');
    expect(served.offers).toBeNull();
    expect(served.preapproval).toBeNull();
  });

  it('finds the asset in the KV market cache as the island would, with the wallet for the holdings', async () => {
    const { who } = await withWallet();
    const { served } = await assetPage(request('/accounts/digital-assets/cc'), testEnv, userOf(who));
    expect(served.symbol).toBe('cc');
    expect(served.detail?.symbol).toBe('CC');
    expect(served.wallet?.balance?.instrument).toBe('CC');
    // Stocks by upper-case symbol, assets case-insensitively, else a sample row; unknown: null.
    const snapshot = { stocks: [], assets: [] };
    expect(findServedAsset(snapshot, 'usdc')).toEqual(sampleDetail('usdc'));
    expect(findServedAsset(snapshot, 'NOPE1')).toBeNull();
    expect(findServedAsset(null, 'CC')).toBeNull();
    expect((await assetPage(request('/accounts/digital-assets/NOPE1'), testEnv, userOf(who))).served.detail).toBeNull();
  });

  it("serves the chart's summary for the default timeframe, the one GET /api/market/history/{symbol} then answers from the same cache", async () => {
    const { who } = await withWallet();
    for (const [path, symbol] of [
      ['cc', 'CC'],
      ['aapl', 'AAPL'],
    ] as const) {
      await forgetHistory(symbol);
      const { served } = await assetPage(request(`/accounts/digital-assets/${path}`), testEnv, userOf(who));
      expect(served.detail?.symbol).toBe(symbol);
      // The page loaded the history (a cache miss) through the embedded core; the island's read is a hit.
      const res = await apiAs(who, 'GET', `/api/market/history/${symbol}?range=24h`);
      expect(res.status).toBe(200);
      const history = data<PriceHistory>(res);
      expect(history.points.length).toBeGreaterThan(1);
      expect(served.chart).toEqual(historySummary(history));
      expect(served.chart).toMatchObject({ symbol, range: '24h', first: history.points[0]!.price, last: history.points.at(-1)!.price });
      // Exact decimal text, never numbers; and not the points (the island reads those).
      for (const value of Object.values(served.chart!)) expect(value === null || typeof value === 'string').toBe(true);
      expect(JSON.stringify(served)).not.toContain('points');
    }
  });

  it('serves no chart summary for an unknown symbol, a sample row without history, or a history read that fails', async () => {
    const who = await signIn(uniquePhone());
    const unknown = await assetPage(request('/accounts/digital-assets/NOPE1'), testEnv, userOf(who));
    expect(unknown.served.detail).toBeNull();
    expect(unknown.served.chart).toBeNull();
    // A sample row is found, but the market has no history for it (the port's 404).
    const sample = await assetPage(request('/accounts/digital-assets/usdc'), testEnv, userOf(who));
    expect(sample.served.detail).toEqual(sampleDetail('usdc'));
    expect(sample.served.chart).toBeNull();
    // A symbol the contract refuses is not read at all.
    expect((await assetPage(request(`/accounts/digital-assets/${'A'.repeat(600)}`), testEnv, userOf(who))).served.chart).toBeNull();
    // The cache fails for the history: the page still has the asset and the shell.
    await forgetHistory('CC');
    const failing = { ...testEnv, MARKET_CACHE: historyKv(() => Promise.reject(new Error('KV down'))) };
    const page = await assetPage(request('/accounts/digital-assets/cc'), failing, userOf(who));
    expect(page.served.detail?.symbol).toBe('CC');
    expect(page.seed.userId).toBe(who.userId);
    expect(page.served.chart).toBeNull();
  });

  it('does not wait for a stalled history longer than the grace after the other reads', async () => {
    const who = await signIn(uniquePhone());
    await forgetHistory('CC');
    const stalled = { ...testEnv, MARKET_CACHE: historyKv(() => new Promise<never>(() => {})) };
    const started = Date.now();
    const page = await assetPage(request('/accounts/digital-assets/cc'), stalled, userOf(who));
    expect(page.served.detail?.symbol).toBe('CC');
    expect(page.served.chart).toBeNull();
    expect(Date.now() - started).toBeLessThan(3_000);
    // On its own: answered null the grace after the others, not later.
    const reader = { env: stalled, userId: who.userId, accessToken: who.accessToken };
    const at = Date.now();
    expect(await chartSummary(reader, 'CC', Promise.resolve())).toBeNull();
    expect(Date.now() - at).toBeGreaterThanOrEqual(CHART_GRACE_MS - 5);
    expect(Date.now() - at).toBeLessThan(CHART_GRACE_MS + 500);
  });

  it('reads the summary through the remote upstream too, and none when it answers 404 or stalls', async () => {
    const who = await signIn(uniquePhone());
    const UPSTREAM = 'http://upstream.test/v1';
    const remote = { ...testEnv, UPSTREAM_API_URL: UPSTREAM };
    const reader = { env: remote, userId: who.userId, accessToken: who.accessToken };
    const history: PriceHistory = {
      symbol: 'ZZRM',
      range: '24h',
      points: [
        { time: '2026-11-24T10:00:00.000Z', price: '10.10' },
        { time: '2026-11-25T10:00:00.000Z', price: '9.95' },
      ],
      change: '-0.15',
      change_percent: '-1.49',
      high: '10.20',
      low: '9.90',
    };
    await forgetHistory('ZZRM');
    planFetch(() => Response.json({ data: history }));
    expect(await chartSummary(reader, 'ZZRM', Promise.resolve())).toEqual(historySummary(history));
    expect(outbound.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${UPSTREAM}/market/history/ZZRM?range=24h`]);
    await forgetHistory('ZZNO');
    planFetch(() => Response.json({ message: 'Asset ZZNO not found' }, { status: 404 }));
    expect(await chartSummary(reader, 'ZZNO', Promise.resolve())).toBeNull();
    await forgetHistory('ZZST');
    planFetch(() => new Promise<Response>(() => {}));
    expect(await chartSummary(reader, 'ZZST', Promise.resolve())).toBeNull();
  });

  it('gives two users read at once only their own wallet', async () => {
    const a = await withWallet();
    const b = await withWallet();
    const pages = await Promise.all(
      [a, b, a, b].map(({ who }) => walletPage(request('/accounts/digital-assets'), testEnv, userOf(who)).then((p) => ({ who, p }))),
    );
    for (const { who, p } of pages) {
      const other = who === a.who ? b : a;
      expect(p.seed.userId).toBe(who.userId);
      expect(JSON.stringify(p)).not.toContain(other.who.userId);
      expect(JSON.stringify(p)).not.toContain(other.accountId);
    }
  });
});
