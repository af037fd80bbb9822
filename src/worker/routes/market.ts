// GET /api/market and the detail reads of the asset screen, from the market data caches in Workers KV
// (../market/cache.ts: stale-while-revalidate, their sources and the price history).
import type { Context, TypedResponse } from 'hono';
import type { ClientErrorStatusCode, ServerErrorStatusCode } from 'hono/utils/http-status';
import * as api from '../../shared/contract/market';
import { errorBody } from '../../platform/errors';
import type { ErrorCode } from '../../shared/error-codes';
import { contractApp } from '../bff-apps';
import type { MarketSnapshot } from '../../shared/schemas/market';
import type { PriceHistory } from '../../shared/schemas/price-history';
import type { SwrResult } from '../cache/swr';
import type { AppEnv } from '../env';
import { executionCtxOf } from '../forward';
import { cachedHistory, cachedMarketSnapshot, HISTORY_CACHE_CONTROL, marketClock, marketSourceFor, NotHistory, type MarketReader } from '../market/cache';
import type { MarketSource } from '../market/source';

// The caches' reads and keys, where the pages and tests have always found them.
export { cachedHistory, cachedMarketSnapshot, historyKey, MARKET_LIST_KEY, marketClock, NotHistory, type MarketReader } from '../market/cache';

const unavailable = errorBody(503, 'Market data is unavailable, please try again later', 'upstream_unavailable');

const readerOf = (c: Context<AppEnv>): MarketReader => ({ env: c.env, userId: c.var.userId, accessToken: c.var.accessToken, ctx: executionCtxOf(c) });

export function marketSource(c: Context<AppEnv>): MarketSource {
  return marketSourceFor(readerOf(c));
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
