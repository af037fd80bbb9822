// GET /api/market and the detail reads of the asset screen, served from Workers KV with
// stale-while-revalidate (fresh 60 s, stale served up to 24 h while one request refreshes in the
// background). Sources: D1 in the embedded default; the Supabase project's REST interface for stocks
// when PUBLIC_SUPABASE_URL is set and the upstream's /wallets/canton/assets when UPSTREAM_API_URL is.
import type { Context, TypedResponse } from 'hono';
import * as api from '../../shared/contract/market';
import { errorBody } from '../../platform/errors';
import { contractApp } from '../contract-app';
import type { MarketSnapshot } from '../../shared/schemas/market';
import { aged, swr, type SwrResult } from '../cache/swr';
import type { AppEnv } from '../env';
import { executionCtxOf } from '../forward';
import { loadSnapshot, type MarketSource } from '../market/source';
import { embeddedMarketSource } from '../market/source-embedded';
import { supabaseStocksSource, upstreamAssetsSource } from '../market/source-supabase';
import { upstreamTimeoutMs } from '../upstream/port';
import { selectUpstream } from '../upstream/select';

export const MARKET_LIST_KEY = 'market:v1:list';
export const MARKET_FRESH_MS = 60_000;
export const MARKET_MAX_STALE_MS = 24 * 60 * 60 * 1000;
export const MARKET_LOCK_MS = 30_000;

/** The market cache's clock (tests move it; the cached entries' ages are measured with it). */
export const marketClock = { now: () => Date.now() };

const unavailable = errorBody(503, 'Market data is unavailable, please try again later', 'upstream_unavailable');

export function marketSource(c: Context<AppEnv>): MarketSource {
  const d1 = embeddedMarketSource(c.env.DB);
  const supabaseUrl = c.env.PUBLIC_SUPABASE_URL?.trim();
  const stocks = supabaseUrl
    ? supabaseStocksSource({
        supabaseUrl,
        publishableKey: c.env.PUBLIC_SUPABASE_PUBLISHABLE_KEY ?? '',
        accessToken: c.var.accessToken,
        timeoutMs: upstreamTimeoutMs(c.env),
      })
    : d1;
  const assets = c.env.UPSTREAM_API_URL ? upstreamAssetsSource(selectUpstream(c.env), c.var.userId, c.var.accessToken) : d1;
  return { stocks: () => stocks.stocks(), stock: (s) => stocks.stock(s), assets: () => assets.assets() };
}

function cachedSnapshot(c: Context<AppEnv>): Promise<SwrResult> {
  const ctx = executionCtxOf(c);
  // The cached copy's assets with their real age, none once past the stale limit.
  const cachedAssets = async () => {
    const hit = await c.env.MARKET_CACHE.getWithMetadata<MarketSnapshot, { fetchedAt?: number }>(MARKET_LIST_KEY, 'json');
    const fetchedAt = hit.metadata?.fetchedAt;
    if (!hit.value || typeof fetchedAt !== 'number' || marketClock.now() - fetchedAt >= MARKET_MAX_STALE_MS) return null;
    return { assets: hit.value.assets, fetchedAt };
  };
  const load = async () => {
    const { snapshot, keptFrom } = await loadSnapshot(marketSource(c), cachedAssets);
    return keptFrom === undefined ? snapshot : aged(snapshot, keptFrom);
  };
  return swr(c.env.MARKET_CACHE, MARKET_LIST_KEY, load, {
    freshMs: MARKET_FRESH_MS,
    maxStaleMs: MARKET_MAX_STALE_MS,
    lockMs: MARKET_LOCK_MS,
    waitUntil: ctx ? (p) => ctx.waitUntil(p) : undefined,
    now: () => marketClock.now(),
  });
}

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
  // Digital asset by symbol, case-insensitive.
  .openapi(api.marketAsset, async (c) => {
    const symbol = c.req.valid('param').symbol;
    const snapshot = await snapshotOrNull(c);
    if (!snapshot) return c.json(unavailable, 503);
    const found = snapshot.assets.find((a) => a.symbol.toLowerCase() === symbol.toLowerCase());
    if (!found) return c.json(errorBody(404, `Asset ${symbol} not found`, 'not_found'), 404);
    return c.json({ data: found }, 200);
  });
