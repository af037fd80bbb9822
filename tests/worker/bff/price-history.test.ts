// GET /api/market/history/{symbol}: the seeded price history of every asset (migrations/
// 0022) answered per range, downsampled to at most 300 points, with the period's exact change, high
// and low; unknown symbols and bad ranges refused cleanly; each market refresh adds one point per
// 5-minute bucket; cached in KV, the browser alone may keep it a minute; remote mode forwards and
// checks the upstream's answer against the contract.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { historyClock } from '../../../src/core/market/history';
import { parseDecimal, compareDecimals } from '../../../src/shared/decimal';
import type { PriceHistory } from '../../../src/shared/schemas/price-history';
import { forgetIsolateCopies, lockKeyOf } from '../../../src/worker/cache/swr';
import { app } from '../../../src/worker/index';
import { historyKey, MARKET_LIST_KEY, marketClock } from '../../../src/worker/routes/market';
import { bearer, signIn } from '../auth';
import { installFetchGuard, outbound, planFetch } from '../network';

installFetchGuard();

const testEnv = env as unknown as Cloudflare.Env & { DB: D1Database; MARKET_CACHE: KVNamespace };
const kv = testEnv.MARKET_CACHE;
const RANGES = ['24h', '1w', '1m', '1y', 'max'] as const;
const DAY = 86_400_000;
let token: string;

async function clearCache() {
  forgetIsolateCopies();
  const keys = [MARKET_LIST_KEY, ...['AAPL', 'CC', 'CBTC', 'USD'].flatMap((s) => RANGES.map((r) => historyKey(s, r)))];
  await Promise.all(keys.flatMap((k) => [kv.delete(k), kv.delete(lockKeyOf(k))]));
}

beforeEach(async () => {
  await clearCache();
  token = (await signIn()).accessToken;
});
afterEach(() => {
  marketClock.now = () => Date.now();
  historyClock.now = () => Date.now();
});

async function get(path: string, overrides: Record<string, unknown> = {}) {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(`http://app.test${path}`, { headers: bearer(token) }), { ...testEnv, ...overrides }, ctx);
  const body = await res.json<{ data: PriceHistory; message?: string }>();
  await waitOnExecutionContext(ctx);
  return { res, body };
}

const dec = (text: string) => {
  const d = parseDecimal(text);
  if (!d) throw new Error(`not a decimal: ${text}`);
  return d;
};
/** a - b, exactly, as text with the finer scale. */
function minus(a: string, b: string): string {
  const x = dec(a);
  const y = dec(b);
  const scale = Math.max(x.scale, y.scale);
  const units = x.units * 10n ** BigInt(scale - x.scale) - y.units * 10n ** BigInt(scale - y.scale);
  const neg = units < 0n;
  const digits = (neg ? -units : units).toString().padStart(scale + 1, '0');
  return `${neg ? '-' : ''}${digits.slice(0, digits.length - scale)}${scale ? `.${digits.slice(digits.length - scale)}` : ''}`;
}

describe('GET /api/market/history/{symbol}', () => {
  it('answers every range oldest first within the range, from its start to now, ending at the current price', async () => {
    const spans: Record<string, number> = { '24h': DAY, '1w': 7 * DAY, '1m': 30 * DAY, '1y': 365 * DAY };
    for (const range of RANGES) {
      const before = Date.now();
      const { res, body } = await get(`/api/market/history/AAPL?range=${range}`);
      expect(res.status, range).toBe(200);
      const { points } = body.data;
      expect(body.data).toMatchObject({ symbol: 'AAPL', range });
      const times = points.map((p) => Date.parse(p.time));
      expect(times, range).toEqual([...times].sort((a, b) => a - b));
      expect(new Set(times).size, range).toBe(times.length);
      expect(points.at(-1)!.price, range).toBe('229.87');
      if (range !== 'max') {
        // The first point is the price at the range's start (within the second the request took).
        expect(Math.abs(times[0]! - (before - spans[range]!)), range).toBeLessThan(5_000);
        expect(
          times.every((t) => t >= times[0]! && t <= Date.now()),
          range,
        ).toBe(true);
      } else {
        // max reaches the first seeded point, about five years back.
        expect(Date.now() - times[0]!).toBeGreaterThan(4 * 365 * DAY);
      }
    }
  });

  it('downsamples to at most 300 points on every range (the seed has 1,396 points an asset)', async () => {
    const { results } = await testEnv.DB.prepare("SELECT count(*) AS n FROM price_history WHERE symbol = 'CBTC'").all<{ n: number }>();
    expect(results[0]!.n).toBeGreaterThan(1000);
    const lengths: Record<string, number> = {};
    for (const range of RANGES) {
      const { body } = await get(`/api/market/history/CBTC?range=${range}`);
      lengths[range] = body.data.points.length;
      expect(body.data.points.length, range).toBeLessThanOrEqual(300);
      expect(body.data.points.length, range).toBeGreaterThan(20);
    }
    // 24h is stored every 5 minutes (288 points): all of it fits, plus the opening price.
    expect(lengths['24h']).toBe(289);
  });

  it('answers exact decimals: prices as text, the change exactly last minus first, the percent to 2 decimals, high and low over the period', async () => {
    for (const symbol of ['CC', 'CBTC', 'AAPL']) {
      const { body } = await get(`/api/market/history/${symbol}?range=1m`);
      const h = body.data;
      const first = h.points[0]!.price;
      const last = h.points.at(-1)!.price;
      for (const p of h.points) expect(p.price).toMatch(/^\d+\.\d+$/);
      expect(h.change).toBe(minus(last, first));
      expect(h.change_percent).toMatch(/^-?\d+\.\d{2}$/);
      const pct = (Number(h.change) / Number(first)) * 100;
      expect(Math.abs(Number(h.change_percent) - pct)).toBeLessThanOrEqual(0.005 + 1e-9);
      // High and low bound every plotted point and are stored prices of the period.
      for (const p of h.points) {
        expect(compareDecimals(dec(h.high!), dec(p.price))).toBeGreaterThanOrEqual(0);
        expect(compareDecimals(dec(h.low!), dec(p.price))).toBeLessThanOrEqual(0);
      }
    }
    const cc = (await get('/api/market/history/cc?range=24h')).body.data;
    expect(cc.symbol).toBe('CC');
    expect(cc.points.at(-1)!.price).toBe('0.1571');
    // The dollar does not move: no change, not "-0".
    const usd = (await get('/api/market/history/USD?range=1y')).body.data;
    expect(usd).toMatchObject({ change: '0.00', change_percent: '0.00', high: '1.00', low: '1.00' });
  });

  it('answers 404 {message} for an unknown symbol and 400 {message} for a bad range or symbol, none cached', async () => {
    const unknown = await get('/api/market/history/ZZZZ?range=24h');
    expect(unknown.res.status).toBe(404);
    expect(unknown.body.message).toMatch(/ZZZZ/);
    expect(unknown.res.headers.get('cache-control')).toBe('no-store');
    expect(await kv.get(historyKey('ZZZZ', '24h'))).toBeNull();
    for (const bad of ['range=2d', 'range=', 'range=24H', 'range=max&range=1w']) {
      const { res, body } = await get(`/api/market/history/AAPL?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(body.message, bad).toMatch(/range/);
    }
    const badSymbol = await get('/api/market/history/A..B?range=24h');
    expect(badSymbol.res.status).toBe(400);
    expect(badSymbol.body.message).toMatch(/symbol/i);
  });

  it('no symbol is shadowed by a route word: /stocks/history is the stock HISTORY, /history/stocks the history of STOCKS', async () => {
    const stock = await get('/api/market/stocks/history');
    expect(stock.res.status).toBe(404);
    expect(stock.body.message).toMatch(/Stock HISTORY not found/);
    const asset = await get('/api/market/assets/history');
    expect(asset.res.status).toBe(404);
    const history = await get('/api/market/history/stocks?range=24h');
    expect(history.res.status).toBe(404);
    expect(history.body.message).toMatch(/stocks/i);
  });

  it('answers 24h when no range is given', async () => {
    const { res, body } = await get('/api/market/history/AAPL');
    expect(res.status).toBe(200);
    expect(body.data.range).toBe('24h');
  });

  it('is cached in KV and may be kept by the browser alone for a minute (private, max-age=60)', async () => {
    const first = await get('/api/market/history/AAPL?range=1w');
    expect(first.res.headers.get('x-cache')).toBe('miss');
    expect(first.res.headers.get('cache-control')).toBe('private, max-age=60');
    const second = await get('/api/market/history/AAPL?range=1w');
    expect(second.res.headers.get('x-cache')).toBe('fresh');
    expect(second.body).toEqual(first.body);
  });

  it('grows by one point per 5-minute bucket each time market prices refresh, and a second refresh in the same bucket changes nothing', async () => {
    const base = Date.now();
    const count = async () => (await testEnv.DB.prepare("SELECT count(*) AS n FROM price_history WHERE symbol = 'AAPL'").first<{ n: number }>())!.n;
    const rowsBefore = await count();
    await testEnv.DB.prepare("UPDATE stock_prices SET price = 231.05 WHERE stock_id = (SELECT id FROM stocks WHERE symbol = 'AAPL')").run();
    // Ten minutes on: the list is stale and the refresh lands in a new bucket.
    const later = Math.floor((base + 10 * 60_000) / 300_000) * 300_000 + 1_000;
    marketClock.now = () => later;
    historyClock.now = () => later;
    await clearCache();
    expect((await get('/api/market')).res.status).toBe(200);
    expect(await count()).toBe(rowsBefore + 1);

    // Another refresh two minutes on (same bucket), at another price: nothing changes.
    await testEnv.DB.prepare("UPDATE stock_prices SET price = 232.00 WHERE stock_id = (SELECT id FROM stocks WHERE symbol = 'AAPL')").run();
    marketClock.now = () => later + 120_000;
    historyClock.now = () => later + 120_000;
    await clearCache();
    expect((await get('/api/market')).res.status).toBe(200);
    expect(await count()).toBe(rowsBefore + 1);

    const { body } = await get('/api/market/history/AAPL?range=24h');
    const last = body.data.points.at(-1)!;
    expect(last).toEqual({ time: new Date(later - 1_000).toISOString(), price: '231.05' });
    expect(body.data.change).toBe(minus('231.05', body.data.points[0]!.price));
  });
});

describe('GET /api/market, its 24 h changes', () => {
  it("carries each symbol's 24 h change in percent exactly as its 24h history answers it (one source for the table, the asset page and the chart)", async () => {
    const list = (await get('/api/market')).body.data as unknown as {
      stocks: { symbol: string }[];
      assets: { symbol: string }[];
      changes_24h?: Record<string, string | null>;
    };
    const symbols = ['AAPL', 'MELI', 'CC', 'CBTC', 'USD'];
    expect(list.changes_24h, 'changes_24h').toBeDefined();
    for (const symbol of symbols) {
      const history = (await get(`/api/market/history/${symbol}?range=24h`)).body.data;
      expect(history.change_percent, symbol).not.toBeNull();
      expect(list.changes_24h![symbol], symbol).toBe(history.change_percent);
    }
    // Every listed symbol has one (each has a seeded history).
    for (const { symbol } of [...list.stocks, ...list.assets]) expect(list.changes_24h![symbol.toUpperCase()], symbol).toEqual(expect.any(String));
  });
});

describe('the market list and a price history, cached apart', () => {
  type Listed = { changes_24h?: Record<string, string | null> };
  const setAapl = (price: string) =>
    testEnv.DB.prepare('UPDATE stock_prices SET price = ? WHERE stock_id = (SELECT id FROM stocks WHERE symbol = ?)').bind(price, 'AAPL').run();
  const at = (ms: number) => {
    marketClock.now = () => ms;
    historyClock.now = () => ms;
  };
  /** A 5-minute bucket's end well after every row the tests wrote so far. */
  const nextTurn = () => Math.ceil((Date.now() + 60 * 60_000) / 300_000) * 300_000;

  for (const first of ['history', 'list'] as const) {
    it(`agree across a 5-minute bucket turn, the ${first} read first: a copy from the last bucket is reloaded however young`, async () => {
      const turn = nextTurn();
      await setAapl('240.00');
      at(turn - 20_000);
      const before = (await get('/api/market')).body.data as unknown as Listed;
      const historyBefore = (await get('/api/market/history/AAPL?range=24h')).body.data;
      expect(before.changes_24h!.AAPL).toBe(historyBefore.change_percent);

      // 30 s on, both copies are young (fresh for 60 s), but the bucket has turned and the price moved.
      await setAapl('250.00');
      at(turn + 10_000);
      const read = { list: () => get('/api/market'), history: () => get('/api/market/history/AAPL?range=24h') };
      const a = await read[first]();
      const b = await read[first === 'list' ? 'history' : 'list']();
      // The first read reloads; a history's reload brings the list to the bucket first (it writes the
      // bucket's prices into the history), so the list is then fresh.
      expect([a.res.headers.get('x-cache'), b.res.headers.get('x-cache')]).toEqual(['miss', first === 'list' ? 'miss' : 'fresh']);
      const list = (first === 'list' ? a : b).body.data as unknown as Listed;
      const history = (first === 'list' ? b : a).body.data;
      expect(history.points.at(-1)!.price).toBe('250');
      expect(list.changes_24h!.AAPL).toBe(history.change_percent);
      expect(list.changes_24h!.AAPL).not.toBe(before.changes_24h!.AAPL);

      // Within the new bucket both are served from the cache again.
      at(turn + 40_000);
      expect((await read.list()).res.headers.get('x-cache')).toBe('fresh');
      expect((await read.history()).res.headers.get('x-cache')).toBe('fresh');
    });
  }
});

describe('GET /api/market/history/{symbol}, remote upstream', () => {
  const UPSTREAM = 'http://upstream.test/v1';
  const history: PriceHistory = {
    symbol: 'AAPL',
    range: '1w',
    points: [
      { time: '2026-11-16T00:00:00.000Z', price: '200.00' },
      { time: '2026-11-23T00:00:00.000Z', price: '210.50' },
    ],
    change: '10.50',
    change_percent: '5.25',
    high: '211.00',
    low: '199.10',
  };

  it("forwards to the upstream's history path with the range and answers its checked answer", async () => {
    planFetch(() => Response.json({ data: { ...history, extra: 'dropped' } }));
    const { res, body } = await get('/api/market/history/AAPL?range=1w', { UPSTREAM_API_URL: UPSTREAM });
    expect(res.status).toBe(200);
    expect(body.data).toEqual(history);
    expect(outbound.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${UPSTREAM}/market/history/AAPL?range=1w`]);
  });

  it('refuses an upstream answer off the contract (a float price) with 502 {message}, and caches nothing', async () => {
    planFetch(() => Response.json({ data: { ...history, points: [{ time: '2026-11-16T00:00:00.000Z', price: 200.1 }] } }));
    const { res, body } = await get('/api/market/history/AAPL?range=1w', { UPSTREAM_API_URL: UPSTREAM });
    expect(res.status).toBe(502);
    expect(body.message).toBeTruthy();
    expect(await kv.get(historyKey('AAPL', '1w'))).toBeNull();
  });

  it("passes on the upstream's 404 {message} for an unknown symbol", async () => {
    planFetch(() => Response.json({ message: 'Asset ZZZZ not found' }, { status: 404 }));
    const { res, body } = await get('/api/market/history/ZZZZ?range=24h', { UPSTREAM_API_URL: UPSTREAM });
    expect(res.status).toBe(404);
    expect(body.message).toBe('Asset ZZZZ not found');
  });
});
