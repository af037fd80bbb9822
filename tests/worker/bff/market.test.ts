import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { exportJWK, generateKeyPair } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketSnapshot, Stock, DigitalAsset } from '../../../src/shared/schemas/market';
import { forgetIsolateCopies, lockKeyOf, swr } from '../../../src/worker/cache/swr';
import { app } from '../../../src/worker/index';
import { runMarket } from '../../../src/worker/clock/jobs';
import type { Bindings } from '../../../src/worker/env';
import { MARKET_LIST_KEY, marketClock } from '../../../src/worker/routes/market';
import { bearer, projectToken, signIn } from '../auth';
import { installFetchGuard, outbound, planFetch } from '../network';
import { markerAsset } from '../fixtures';

installFetchGuard();

const testEnv = env as unknown as Cloudflare.Env & { DB: D1Database; MARKET_CACHE: KVNamespace };
const kv = testEnv.MARKET_CACHE;
let token: string;

beforeEach(async () => {
  forgetIsolateCopies();
  await kv.delete(MARKET_LIST_KEY);
  await kv.delete(lockKeyOf(MARKET_LIST_KEY));
  token = (await signIn()).accessToken;
});

/** One request through the Worker with a real execution context, waiting for its background work. */
async function get(path: string, overrides: Record<string, unknown> = {}, auth = token) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://app.test${path}`, { headers: bearer(auth) }), { ...testEnv, ...overrides }, ctx);
  const body = await res.json<{ data: MarketSnapshot; message?: string }>();
  await waitOnExecutionContext(ctx);
  return { res, body };
}

/** The D1 binding, except that statements matching `pattern` fail (a broken market source). */
function failingDb(pattern: RegExp): D1Database {
  const db = testEnv.DB;
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (sql: string) => {
          if (pattern.test(sql)) throw new Error('D1_ERROR: source unavailable');
          return target.prepare(sql);
        };
      }
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function putEntry(snapshot: MarketSnapshot, ageMs: number) {
  await kv.put(MARKET_LIST_KEY, JSON.stringify(snapshot), { metadata: { fetchedAt: Date.now() - ageMs }, expirationTtl: 86_400 });
}

const marker: MarketSnapshot = { stocks: [], assets: [markerAsset('m', 'MARK', 'Cached marker')] };

describe('GET /api/market', () => {
  it('needs a signed-in user', async () => {
    const { res } = await get('/api/market', {}, 'nope');
    expect(res.status).toBe(401);
  });

  it('on a miss loads the source and stores it in KV: 40+ stocks by symbol with price records, and the Canton assets', async () => {
    const { res, body } = await get('/api/market');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('miss');
    const { stocks, assets } = body.data;
    expect(stocks.length).toBeGreaterThanOrEqual(40);
    expect(stocks.length).toBeLessThanOrEqual(100);
    expect(stocks.map((s) => s.symbol)).toEqual([...stocks.map((s) => s.symbol)].sort());
    for (const s of stocks) {
      expect(Object.keys(s.price!).sort()).toEqual(
        [
          'change',
          'change_percent',
          'high',
          'low',
          'market_cap',
          'open',
          'previous_close',
          'price',
          'updated_at',
          'volume',
          'weighted_shares_outstanding',
        ].sort(),
      );
      expect(s.price!.low).toBeLessThanOrEqual(s.price!.high);
    }
    expect(assets.find((a) => a.symbol === 'CC')).toMatchObject({ name: 'Canton Coin', network: 'canton', caip2: 'canton:mainnet', asset_type: 'crypto' });
    expect(typeof assets[0]!.last_price).toBe('string');
    const stored = await kv.getWithMetadata<MarketSnapshot, { fetchedAt: number }>(MARKET_LIST_KEY, 'json');
    expect(stored.value).toEqual(body.data);
    expect(Date.now() - stored.metadata!.fetchedAt).toBeLessThan(5000);
  });

  it('serves a fresh copy from KV without reading the source', async () => {
    await putEntry(marker, 10_000);
    const { res, body } = await get('/api/market', { DB: failingDb(/FROM (stocks|digital_assets)/) });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('fresh');
    expect(body.data).toEqual(marker);
  });

  it('after 60 s serves the stale copy at once and refreshes it in the background', async () => {
    await putEntry(marker, 61_000);
    const { res, body } = await get('/api/market');
    expect(res.headers.get('x-cache')).toBe('stale');
    expect(body.data).toEqual(marker);
    const stored = await kv.getWithMetadata<MarketSnapshot, { fetchedAt: number }>(MARKET_LIST_KEY, 'json');
    expect(stored.value!.stocks.length).toBeGreaterThanOrEqual(40);
    expect(Date.now() - stored.metadata!.fetchedAt).toBeLessThan(5000);
    expect(await kv.get(lockKeyOf(MARKET_LIST_KEY))).toBeNull();
    expect((await get('/api/market')).res.headers.get('x-cache')).toBe('fresh');
  });

  it('leaves the refresh to the request that holds the lock', async () => {
    await putEntry(marker, 61_000);
    await kv.put(lockKeyOf(MARKET_LIST_KEY), JSON.stringify({ until: Date.now() + 30_000 }), { expirationTtl: 60 });
    const { body } = await get('/api/market');
    expect(body.data).toEqual(marker);
    expect(await kv.get(MARKET_LIST_KEY, 'json')).toEqual(marker);
  });

  it('keeps serving the stale copy when the source fails, and logs the failure', async () => {
    await putEntry(marker, 5 * 60_000);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { DB: failingDb(/FROM stocks/) };
    for (let i = 0; i < 2; i++) {
      const { res, body } = await get('/api/market', broken);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-cache')).toBe('stale');
      expect(body.data).toEqual(marker);
    }
    expect(errors.mock.calls.map((c) => c.join(' ')).join('\n')).toMatch(/cache refresh failed for market:v1:list: D1_ERROR: source unavailable/);
    // One failed refresh holds the lock, so the second request did not hammer the source again.
    expect(errors.mock.calls.filter((c) => String(c[0]).startsWith('cache refresh failed'))).toHaveLength(1);
    errors.mockRestore();
    expect(await kv.get(MARKET_LIST_KEY, 'json')).toEqual(marker);
  });

  it('answers 503 {message} when the source fails and nothing is cached', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { res, body } = await get('/api/market', { DB: failingDb(/FROM stocks/) });
    errors.mockRestore();
    expect(res.status).toBe(503);
    expect(body.message).toMatch(/unavailable/);
  });

  it('gives an empty assets list, not an error, when the assets source fails', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { res, body } = await get('/api/market', { DB: failingDb(/FROM digital_assets/) });
    errors.mockRestore();
    expect(res.status).toBe(200);
    expect(body.data.assets).toEqual([]);
    expect(body.data.stocks.length).toBeGreaterThanOrEqual(40);
  });
});

describe('kept assets keep their real age', () => {
  afterEach(() => {
    marketClock.now = () => Date.now();
  });

  it('a refresh whose assets source fails keeps their original fetchedAt: never fresh, gone after 24 h (injected clock)', async () => {
    const t0 = Date.now();
    let now = t0;
    marketClock.now = () => now;
    await kv.put(MARKET_LIST_KEY, JSON.stringify(marker), { metadata: { fetchedAt: t0 }, expirationTtl: 86_400 });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const noAssets = { DB: failingDb(/FROM digital_assets/) };

    // 5 minutes on: stale, and the background refresh brings new stocks but keeps the cached assets.
    now = t0 + 5 * 60_000;
    expect((await get('/api/market', noAssets)).res.headers.get('x-cache')).toBe('stale');
    const stored = await kv.getWithMetadata<MarketSnapshot, { fetchedAt: number }>(MARKET_LIST_KEY, 'json');
    expect(stored.value!.stocks.length).toBeGreaterThanOrEqual(40);
    expect(stored.value!.assets).toEqual(marker.assets);
    expect(stored.metadata!.fetchedAt).toBe(t0);

    // Served again a second later: still stale with its real age, never re-stamped fresh.
    now += 1000;
    const again = await get('/api/market', noAssets);
    expect(again.res.headers.get('x-cache')).toBe('stale');
    expect(Number(again.res.headers.get('age'))).toBe(301);
    expect(again.body.data.assets).toEqual(marker.assets);

    // Past 24 h from their fetch the kept assets are gone, even though refreshes kept happening.
    for (const hours of [6, 12, 18, 23.99]) {
      now = t0 + hours * 3_600_000;
      await kv.delete(lockKeyOf(MARKET_LIST_KEY));
      expect((await get('/api/market', noAssets)).res.headers.get('x-cache')).toBe('stale');
    }
    now = t0 + 24 * 3_600_000 + 1;
    const expired = await get('/api/market', noAssets);
    expect(expired.res.headers.get('x-cache')).toBe('miss');
    expect(expired.body.data.assets).toEqual([]);
    expect(expired.body.data.stocks.length).toBeGreaterThanOrEqual(40);
    errors.mockRestore();
  });

  it('a partial refresh keeps the lock, so a failing assets source is not retried on every request', async () => {
    const t0 = Date.now();
    marketClock.now = () => t0 + 2 * 60_000;
    await kv.put(MARKET_LIST_KEY, JSON.stringify(marker), { metadata: { fetchedAt: t0 }, expirationTtl: 86_400 });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await get('/api/market', { DB: failingDb(/FROM digital_assets/) });
    await get('/api/market', { DB: failingDb(/FROM digital_assets/) });
    expect(errors.mock.calls.filter((c) => String(c[0]).startsWith('market: assets source failed'))).toHaveLength(1);
    errors.mockRestore();
    expect(await kv.get(lockKeyOf(MARKET_LIST_KEY))).not.toBeNull();
  });
});

describe('the KV stale-while-revalidate helper', () => {
  const opts = { freshMs: 60_000, maxStaleMs: 86_400_000, lockMs: 30_000 };

  it('refreshes once when several stale reads arrive together', async () => {
    const key = 'test:v1:concurrent';
    await kv.put(key, '"old"', { metadata: { fetchedAt: Date.now() - 120_000 } });
    let loads = 0;
    const pending: Promise<unknown>[] = [];
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 20));
      return 'new';
    };
    const results = await Promise.all([1, 2, 3, 4].map(() => swr(kv, key, load, { ...opts, waitUntil: (p) => pending.push(p) })));
    await Promise.all(pending);
    expect(results.map((r) => [r.state, r.json])).toEqual(Array(4).fill(['stale', '"old"']));
    expect(loads).toBe(1);
    expect(await kv.get(key)).toBe('"new"');
  });

  it('treats a copy older than 24 h as a miss', async () => {
    const key = 'test:v1:ancient';
    const now = Date.now();
    await kv.put(key, '"ancient"', { metadata: { fetchedAt: now - 86_400_001 } });
    const r = await swr(kv, key, async () => 'reloaded', { ...opts, now: () => now });
    expect(r).toMatchObject({ state: 'miss', json: '"reloaded"' });
  });

  it('reloads a young copy of a past epoch at once, and serves it (stale) only when the reload fails', async () => {
    const key = 'test:v1:epoch';
    let now = 1_000_000;
    const clock = { ...opts, now: () => now, epoch: () => Math.floor(now / 300_000) };
    let value = 'first';
    let failing = false;
    const load = async () => {
      if (failing) throw new Error('source down');
      return value;
    };
    expect(await swr(kv, key, load, clock)).toMatchObject({ state: 'miss', json: '"first"' });
    // 10 s later, same epoch: the copy is fresh.
    now += 10_000;
    value = 'second';
    expect(await swr(kv, key, load, clock)).toMatchObject({ state: 'fresh', json: '"first"' });
    // The epoch turns 20 s after the copy was fetched (young by age): reloaded before it is served.
    now = 1_200_000 + 1_000;
    expect(await swr(kv, key, load, clock)).toMatchObject({ state: 'miss', json: '"second"' });
    // Next epoch, the source is down: the last epoch's copy is served as stale, and the failure logged.
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    now = 1_500_000 + 1_000;
    failing = true;
    expect(await swr(kv, key, load, clock)).toMatchObject({ state: 'stale', json: '"second"' });
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/cache reload failed for test:v1:epoch/);
    errors.mockRestore();
  });

  it('shares one load between concurrent misses', async () => {
    const key = 'test:v1:miss';
    let loads = 0;
    const results = await Promise.all([1, 2, 3].map(() => swr(kv, key, async () => ++loads, opts)));
    expect(loads).toBe(1);
    expect(results.every((r) => r.state === 'miss' && r.json === '1')).toBe(true);
  });
});

describe('detail reads', () => {
  it('finds a stock by its upper-cased symbol, with its price record', async () => {
    const res = await get('/api/market/stocks/aapl');
    expect(res.res.status).toBe(200);
    const stock = res.body.data as unknown as Stock;
    expect(stock).toMatchObject({ symbol: 'AAPL', name: 'Apple Inc.' });
    expect(stock.price!.price).toBeGreaterThan(0);
    expect((await get('/api/market/stocks/brk.b')).res.status).toBe(200);
  });

  it('finds a digital asset by symbol whatever its case', async () => {
    for (const symbol of ['cc', 'CC', 'usdcx', 'UsdCx']) {
      const { res, body } = await get(`/api/market/assets/${symbol}`);
      expect(res.status).toBe(200);
      expect((body.data as unknown as DigitalAsset).symbol.toLowerCase()).toBe(symbol.toLowerCase());
    }
  });

  it('answers 404 for unknown symbols and 400 for malformed ones', async () => {
    for (const path of ['/api/market/stocks/ZZZZ', '/api/market/assets/ZZZZ']) {
      const { res, body } = await get(path);
      expect(res.status).toBe(404);
      expect(body.message).toMatch(/not found/);
    }
    const bad = await get('/api/market/stocks/%24%24%24');
    expect(bad.res.status).toBe(400);
    expect(bad.body.message).toMatch(/^symbol: /);
  });
});

describe('the market session moving prices', () => {
  /** Tuesday 2026-12-01, 10:00 New York: the market is open, so the session moves prices. */
  const OPEN_TUESDAY = Date.parse('2026-12-01T15:00:00.000Z');
  const setting = (key: string, value: string) =>
    testEnv.DB.prepare(`INSERT INTO market_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`).bind(key, value).run();
  const pricesInD1 = async () =>
    Object.fromEntries(
      (
        await testEnv.DB.prepare(`SELECT s.symbol, p.price FROM stocks s JOIN stock_prices p ON p.stock_id = s.id`).all<{ symbol: string; price: number }>()
      ).results.map((r) => [r.symbol, r.price]),
    );
  const listed = (snapshot: MarketSnapshot) => Object.fromEntries(snapshot.stocks.filter((s) => s.price).map((s) => [s.symbol, s.price!.price]));

  afterEach(async () => {
    await testEnv.DB.prepare(`DELETE FROM market_settings WHERE key IN ('test_time_offset_ms', 'prices_moved_at')`).run();
  });

  it('rewrites the cached list when prices move, so the list and a quote read right after show the moved price', async () => {
    const before = listed((await get('/api/market')).body.data);
    expect((await get('/api/market')).res.headers.get('x-cache')).toBe('fresh');
    // The market's clock at an open session, prices free to move this minute.
    await setting('test_time_offset_ms', String(OPEN_TUESDAY - Date.now()));
    await testEnv.DB.prepare(`DELETE FROM market_settings WHERE key = 'prices_moved_at'`).run();
    expect((await runMarket(testEnv as unknown as Bindings, Date.now())).moved).toBe(true);
    const moved = await pricesInD1();
    expect(moved).not.toEqual(before);

    const after = await get('/api/market');
    expect(listed(after.body.data)).toEqual(Object.fromEntries(Object.keys(before).map((symbol) => [symbol, moved[symbol]])));
    const quote = (await get('/api/market/stocks/AAPL')).body.data as unknown as Stock;
    expect(quote.price!.price).toBe(moved.AAPL);
  });
});

describe('production sources', () => {
  it("reads stocks from the Supabase project's REST interface with the user's session, and assets from the upstream", async () => {
    const project = 'https://project.supabase.test';
    const upstream = 'http://upstream.test';
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' };
    const userId = crypto.randomUUID();
    const prodToken = await projectToken(privateKey, { project, header: { alg: 'ES256', kid: 'k1' }, sub: userId });
    const price = {
      price: '101.5',
      change: 1.5,
      change_percent: 1.5,
      market_cap: 1e9,
      volume: 1000,
      high: 102,
      low: 99,
      open: 100,
      previous_close: 100,
      weighted_shares_outstanding: 1e7,
      updated_at: '2026-11-27T10:00:00.000000+00:00',
    };
    planFetch((req) => {
      const url = new URL(req.url);
      if (url.pathname === '/auth/v1/.well-known/jwks.json') return Response.json({ keys: [jwk] });
      if (url.origin === project && url.pathname === '/rest/v1/stocks') {
        return Response.json([
          {
            id: 1,
            symbol: 'AAA',
            name: 'Aaa',
            description: null,
            logo_url: null,
            created_at: '2026-11-27T10:00:00.000000+00:00',
            updated_at: '2026-11-27T10:00:00.000000+00:00',
            stock_prices: [price],
          },
          {
            id: 2,
            symbol: 'BBB',
            name: 'Bbb',
            description: 'b',
            logo_url: null,
            created_at: '2026-11-27T10:00:00.000000+00:00',
            updated_at: '2026-11-27T10:00:00.000000+00:00',
            stock_prices: price,
          },
        ]);
      }
      if (req.url === `${upstream}/wallets/canton/assets`) {
        // A ledger asset as the contract describes it (src/shared/schemas/wallet.ts `ledgerAsset`).
        const asset = {
          id: 'a1',
          symbol: 'CC',
          name: 'Canton Coin',
          asset_type: 'crypto',
          currency: 'CC',
          network: 'canton',
          caip2: 'canton:mainnet',
          last_price: '0.16',
          logo_url: null,
          created_at: '2026-11-27T10:00:00.000000+00:00',
        };
        return Response.json({
          data: [
            { ...asset, issuer_party: 'DSO::1220ab', decimals: 10, balance: '0.0000000000', locked: '0.0000000000', holding_count: 0, value_usd_cents: 0 },
          ],
        });
      }
      return new Response('unexpected', { status: 599 });
    });
    const { res, body } = await get(
      '/api/market',
      { PUBLIC_SUPABASE_URL: project, PUBLIC_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_x', UPSTREAM_API_URL: upstream },
      prodToken,
    );
    expect(res.status).toBe(200);
    expect(body.data.stocks.map((s) => [s.symbol, s.price?.price])).toEqual([
      ['AAA', 101.5],
      ['BBB', 101.5],
    ]);
    expect(body.data.assets).toMatchObject([{ symbol: 'CC', last_price: '0.16' }]);
    const rest = outbound.find((r) => r.url.startsWith(`${project}/rest/v1/stocks`))!;
    expect(new URL(rest.url).searchParams.get('select')).toBe('*,stock_prices(*)');
    expect(new URL(rest.url).searchParams.get('order')).toBe('symbol.asc');
    expect(new URL(rest.url).searchParams.get('limit')).toBe('100');
    expect(rest.headers.get('apikey')).toBe('sb_publishable_x');
    expect(rest.headers.get('authorization')).toBe(`Bearer ${prodToken}`);
    const assets = outbound.find((r) => r.url.endsWith('/wallets/canton/assets'))!;
    expect(assets.headers.get('x-user-id')).toBe(userId);
  });
});
