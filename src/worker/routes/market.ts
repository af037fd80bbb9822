// GET /api/market and the detail reads of the asset screen, served from Workers KV with
// stale-while-revalidate (fresh 60 s, stale served up to 24 h while one request refreshes in the
// background). Sources: D1 in the embedded default; the Supabase project's REST interface for stocks
// when PUBLIC_SUPABASE_URL is set and the upstream's /wallets/canton/assets when UPSTREAM_API_URL is.
// The price history comes from the upstream port (the embedded core's price_history in the
// default) and is cached in KV per symbol and range the same way; each refresh of the list in the
// embedded default adds its prices to that history.
import type { Context, TypedResponse } from 'hono';
import type { ClientErrorStatusCode, ServerErrorStatusCode } from 'hono/utils/http-status';
import * as api from '../../shared/contract/market';
import { errorBody } from '../../platform/errors';
import type { ErrorCode } from '../../shared/error-codes';
import { contractApp } from '../bff-apps';
import type { MarketSnapshot } from '../../shared/schemas/market';
import type { PriceHistory } from '../../shared/schemas/price-history';
import { historyBucket } from '../../shared/price-history';
import { aged, reload, swr, type SwrOptions, type SwrResult } from '../cache/swr';
import type { AppEnv, Bindings } from '../env';
import { executionCtxOf } from '../forward';
import { loadSnapshot, type MarketSource } from '../market/source';
import { embeddedMarketSource, recordSnapshotPrices, withDayChanges } from '../market/source-embedded';
import { supabaseStocksSource, upstreamAssetsSource } from '../market/source-supabase';
import { upstreamTimeoutMs, type UpstreamResult } from '../upstream/port';
import { selectUpstream } from '../upstream/select';

export const MARKET_LIST_KEY = 'market:v1:list';
const MARKET_FRESH_MS = 60_000;
export const MARKET_MAX_STALE_MS = 24 * 60 * 60 * 1000;
export const MARKET_LOCK_MS = 30_000;

/** The price history's cache: fresh as long as the list; a stale chart is served at most an hour. */
const HISTORY_FRESH_MS = MARKET_FRESH_MS;
export const HISTORY_MAX_STALE_MS = 60 * 60 * 1000;
export const historyKey = (symbol: string, range: string) => `market:v1:history:${symbol.toUpperCase()}:${range}`;
/**
 * Cache-Control of a history answer: public market data, the same for every user, so the browser may
 * reuse it as long as the KV copy is fresh (switching back to a timeframe costs no request); `private`
 * because the API answers only with a bearer token, so no shared cache may hand it to anyone else.
 * Every other /api answer stays `no-store` (middleware/security-headers.ts keeps only this one).
 */
export const HISTORY_CACHE_CONTROL = `private, max-age=${HISTORY_FRESH_MS / 1000}`;

/** An upstream answer that is not a history (404 unknown symbol, 429, 502...): answered as it is, never cached. */
export class NotHistory extends Error {
  constructor(readonly result: UpstreamResult) {
    super(`upstream answered ${result.status}`);
  }
}

/** The market cache's clock (tests move it; the cached entries' ages are measured with it). */
export const marketClock = { now: () => Date.now() };

/**
 * The epoch both market caches share: the 5-minute price bucket of the market clock. The list and
 * every price history are reloaded when it turns, so the table, the asset page and its chart never
 * show two buckets side by side (swr.ts, epochs).
 */
const priceBucket = () => historyBucket(marketClock.now());

const unavailable = errorBody(503, 'Market data is unavailable, please try again later', 'upstream_unavailable');

/** Who reads the market and with what: the BFF's request, or a signed-in page rendered on the Worker. */
export interface MarketReader {
  env: Bindings;
  userId: string;
  accessToken: string;
  ctx?: ExecutionContext;
}

const readerOf = (c: Context<AppEnv>): MarketReader => ({ env: c.env, userId: c.var.userId, accessToken: c.var.accessToken, ctx: executionCtxOf(c) });

export function marketSource(c: Context<AppEnv>): MarketSource {
  return marketSourceFor(readerOf(c));
}

function marketSourceFor({ env, userId, accessToken }: MarketReader): MarketSource {
  const d1 = embeddedMarketSource(env.DB);
  const supabaseUrl = env.PUBLIC_SUPABASE_URL?.trim();
  const stocks = supabaseUrl
    ? supabaseStocksSource({
        supabaseUrl,
        publishableKey: env.PUBLIC_SUPABASE_PUBLISHABLE_KEY ?? '',
        accessToken,
        timeoutMs: upstreamTimeoutMs(env),
      })
    : d1;
  const assets = env.UPSTREAM_API_URL ? upstreamAssetsSource(selectUpstream(env), userId, accessToken) : d1;
  return { stocks: () => stocks.stocks(), stock: (s) => stocks.stock(s), assets: () => assets.assets() };
}

/** The market list's load (from its sources) and cache options for `reader`. */
function marketListCache(reader: MarketReader): { load: () => Promise<unknown>; opts: SwrOptions } {
  const { env, ctx } = reader;
  // The cached copy's assets with their real age, none once past the stale limit.
  const cachedAssets = async () => {
    const hit = await env.MARKET_CACHE.getWithMetadata<MarketSnapshot, { fetchedAt?: number }>(MARKET_LIST_KEY, 'json');
    const fetchedAt = hit.metadata?.fetchedAt;
    if (!hit.value || typeof fetchedAt !== 'number' || marketClock.now() - fetchedAt >= MARKET_MAX_STALE_MS) return null;
    return { assets: hit.value.assets, fetchedAt };
  };
  const load = async () => {
    const loaded = await loadSnapshot(marketSourceFor(reader), cachedAssets);
    const { keptFrom } = loaded;
    let { snapshot } = loaded;
    // The list carries each symbol's 24 h change from its price history, in both modes. The embedded
    // core serves the history (no upstream): each refresh adds its prices to it, and one bulk read
    // gives the changes. The remote upstream owns its history: each symbol's 24h history is read
    // through the same cache the asset page reads, so both show the very same figure.
    if (!env.UPSTREAM_API_URL) {
      await recordSnapshotPrices(env.DB, snapshot, marketClock.now());
      snapshot = await withDayChanges(env.DB, snapshot);
    } else snapshot = await withHistoryChanges(reader, snapshot);
    return keptFrom === undefined ? snapshot : aged(snapshot, keptFrom);
  };
  const opts: SwrOptions = {
    freshMs: MARKET_FRESH_MS,
    maxStaleMs: MARKET_MAX_STALE_MS,
    lockMs: MARKET_LOCK_MS,
    waitUntil: ctx ? (p) => ctx.waitUntil(p) : undefined,
    now: () => marketClock.now(),
    epoch: priceBucket,
  };
  return { load, opts };
}

/**
 * The market list from the KV cache (stale-while-revalidate), loading it from its sources when
 * there is no usable copy. The BFF's GET /api/market and the server-rendered /market page both read
 * it here, so there is one cache and one refresh rule.
 */
export function cachedMarketSnapshot(reader: MarketReader): Promise<SwrResult> {
  const { load, opts } = marketListCache(reader);
  return swr(reader.env.MARKET_CACHE, MARKET_LIST_KEY, load, opts);
}

/**
 * Rewrites the cached market list from the embedded prices once the order engine has moved them, so
 * the list, a stock's quote and the order ticket's estimate show the price orders fill at, not the
 * copy cached before the move. Only where the list's stocks are the embedded ones (no Supabase
 * source, no upstream); a failure is logged, and the next read's refresh rule still applies.
 */
export async function refreshMovedPrices(env: Bindings): Promise<void> {
  if (env.PUBLIC_SUPABASE_URL?.trim() || env.UPSTREAM_API_URL) return;
  const { load, opts } = marketListCache({ env, userId: '', accessToken: '' });
  try {
    await reload(env.MARKET_CACHE, MARKET_LIST_KEY, load, opts);
  } catch (err) {
    console.error('market: cached list not refreshed after a price move:', err instanceof Error ? err.message : String(err));
  }
}

/**
 * A symbol's price history over a range from the KV cache (stale-while-revalidate), loaded through the
 * upstream port (the embedded core, or the remote upstream) when there is no usable copy. The BFF's
 * GET /api/market/history/{symbol} and the asset page rendered on the Worker both read it here, so
 * the page's chart summary is the answer the island then reads. Throws NotHistory with the port's
 * answer when it is not a history (404 unknown symbol, 429, 502...).
 */
export function cachedHistory(reader: MarketReader, symbol: string, range: string): Promise<SwrResult> {
  const { env, ctx } = reader;
  const load = async (): Promise<PriceHistory> => {
    // In the embedded default the list's refresh writes the bucket's prices into the history: the
    // list is brought to the current bucket first, so the history ends where the table does.
    if (!env.UPSTREAM_API_URL) await cachedMarketSnapshot(reader).catch(() => undefined);
    const res = await selectUpstream(env).call(
      { method: 'GET', path: `/market/history/${encodeURIComponent(symbol)}`, query: { range }, userId: reader.userId, accessToken: reader.accessToken },
      ctx,
    );
    if (res.status !== 200) throw new NotHistory(res);
    return (res.body as { data: PriceHistory }).data;
  };
  return swr(env.MARKET_CACHE, historyKey(symbol, range), load, {
    freshMs: HISTORY_FRESH_MS,
    maxStaleMs: HISTORY_MAX_STALE_MS,
    lockMs: MARKET_LOCK_MS,
    waitUntil: ctx ? (p) => ctx.waitUntil(p) : undefined,
    now: () => marketClock.now(),
    epoch: priceBucket,
  });
}

/** How many histories the remote mode's list refresh reads at once. */
const HISTORY_READS_AT_ONCE = 8;

/**
 * The snapshot with each symbol's 24 h change (upper-case symbol) from its cached 24h history: the
 * history's change_percent, null when the upstream has none for it (404, an error, off the contract).
 */
async function withHistoryChanges(reader: MarketReader, snapshot: MarketSnapshot): Promise<MarketSnapshot> {
  const symbols = [...new Set([...snapshot.stocks.map((s) => s.symbol), ...snapshot.assets.map((a) => a.symbol)].map((s) => s.toUpperCase()))];
  const changes: Record<string, string | null> = {};
  let missing = 0;
  for (let i = 0; i < symbols.length; i += HISTORY_READS_AT_ONCE) {
    await Promise.all(
      symbols.slice(i, i + HISTORY_READS_AT_ONCE).map(async (symbol) => {
        try {
          changes[symbol] = (JSON.parse((await cachedHistory(reader, symbol, '24h')).json) as PriceHistory).change_percent;
        } catch {
          changes[symbol] = null;
          missing++;
        }
      }),
    );
  }
  if (missing > 0) console.error(`market: no 24h history for ${missing} of ${symbols.length} symbols`);
  return { ...snapshot, changes_24h: changes };
}

const cachedSnapshot = (c: Context<AppEnv>): Promise<SwrResult> => cachedMarketSnapshot(readerOf(c));

// The list answer's bytes for the cached JSON served last: encoded once per cached copy (the swr
// memo hands out the same string while it is fresh), not 26 kB of UTF-8 encoding per request.
let encoded: { json: string; bytes: Uint8Array<ArrayBuffer> } | undefined;
function listAnswer(json: string): Uint8Array<ArrayBuffer> {
  if (encoded?.json !== json) encoded = { json, bytes: new TextEncoder().encode(`{"data":${json}}`) };
  return encoded.bytes;
}

async function snapshotOrNull(c: Context<AppEnv>): Promise<MarketSnapshot | null> {
  try {
    return JSON.parse((await cachedSnapshot(c)).json) as MarketSnapshot;
  } catch (err) {
    console.error('market: source failed with nothing cached:', err instanceof Error ? err.message : String(err));
    return null;
  }
}

export const market = contractApp()
  // Up to 100 stocks ordered by symbol with their price records, plus the Canton assets.
  .openapi(api.marketList, async (c) => {
    let hit: SwrResult;
    try {
      hit = await cachedSnapshot(c);
    } catch (err) {
      console.error('market: source failed with nothing cached:', err instanceof Error ? err.message : String(err));
      return c.json(unavailable, 503);
    }
    // The cached JSON is sent as stored (no parse and re-serialize on a hit); its type is the
    // snapshot the sources produce. (A Response copies the bytes it is given, so one array serves all.)
    const res = c.body(listAnswer(hit.json), 200, {
      'content-type': 'application/json',
      'x-cache': hit.state,
      age: String(Math.max(0, Math.floor((marketClock.now() - hit.fetchedAt) / 1000))),
    });
    return res as unknown as TypedResponse<{ data: MarketSnapshot }, 200, 'json'>;
  })
  // Stock by upper-case symbol with its price record.
  .openapi(api.marketStock, async (c) => {
    const symbol = c.req.valid('param').symbol.toUpperCase();
    const snapshot = await snapshotOrNull(c);
    let found = snapshot?.stocks.find((s) => s.symbol === symbol) ?? null;
    if (!found) {
      try {
        found = await marketSource(c).stock(symbol);
      } catch (err) {
        console.error('market: stock lookup failed:', err instanceof Error ? err.message : String(err));
        return c.json(unavailable, 503);
      }
    }
    if (!found) return c.json(errorBody(404, `Stock ${symbol} not found`, 'not_found'), 404);
    return c.json({ data: found }, 200);
  })
  // Price history of a stock or asset over a range, from the upstream port, cached in KV.
  .openapi(api.marketHistory, async (c) => {
    const { symbol } = c.req.valid('param');
    const { range } = c.req.valid('query');
    let hit: SwrResult;
    try {
      hit = await cachedHistory(readerOf(c), symbol, range);
    } catch (err) {
      // The port's own answer (404 unknown symbol, 429, 502 for an upstream answer off the contract).
      if (err instanceof NotHistory) {
        if (err.result.retryAfter !== undefined) c.header('retry-after', err.result.retryAfter);
        const status = err.result.status as ClientErrorStatusCode | ServerErrorStatusCode;
        return c.json(err.result.body as { message: string; code: ErrorCode }, status) as unknown as TypedResponse<
          { message: string; code: ErrorCode },
          404,
          'json'
        >;
      }
      console.error('market: history failed with nothing cached:', err instanceof Error ? err.message : String(err));
      return c.json(unavailable, 503);
    }
    const res = c.body(`{"data":${hit.json}}`, 200, {
      'content-type': 'application/json',
      'cache-control': HISTORY_CACHE_CONTROL,
      'x-cache': hit.state,
      age: String(Math.max(0, Math.floor((marketClock.now() - hit.fetchedAt) / 1000))),
    });
    return res as unknown as TypedResponse<{ data: PriceHistory }, 200, 'json'>;
  })
  // Digital asset by symbol, case-insensitive.
  .openapi(api.marketAsset, async (c) => {
    const symbol = c.req.valid('param').symbol;
    const snapshot = await snapshotOrNull(c);
    if (!snapshot) return c.json(unavailable, 503);
    const found = snapshot.assets.find((a) => a.symbol.toLowerCase() === symbol.toLowerCase());
    if (!found) return c.json(errorBody(404, `Asset ${symbol} not found`, 'not_found'), 404);
    return c.json({ data: found }, 200);
  });
