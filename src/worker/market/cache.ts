// The market data caches in Workers KV (stale-while-revalidate, ../cache/swr.ts): the market list
// (fresh 60 s, stale served up to 24 h while one request refreshes it in the background) and each
// symbol's price history, sharing the 5-minute price bucket as their epoch. Sources: D1 in the
// embedded default; the Supabase project's REST interface for stocks when PUBLIC_SUPABASE_URL is set
// and the upstream's /wallets/canton/assets when UPSTREAM_API_URL is. The price history comes from the
// upstream port and each refresh of the list in the embedded default adds its prices to it. Read by
// the BFF's /api/market routes (../routes/market.ts), the signed-in pages rendered on the Worker, and
// the market session's timed work (a price move rewrites the list: ../clock/jobs.ts). Apart from the
// routes so that the clock's jobs reach it without the BFF's apps.
import type { MarketSnapshot } from '../../shared/schemas/market';
import type { PriceHistory } from '../../shared/schemas/price-history';
import { historyBucket } from '../../shared/price-history';
import { aged, reload, swr, type SwrOptions, type SwrResult } from '../cache/swr';
import type { Bindings } from '../env';
import { loadSnapshot, type MarketSource } from './source';
import { embeddedMarketSource, recordSnapshotPrices, withDayChanges } from './source-embedded';
import { supabaseStocksSource, upstreamAssetsSource } from './source-supabase';
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

/** Both caches' options: their freshness, the shared lock time, the market clock and its price bucket. */
const cacheOptions = (ctx: ExecutionContext | undefined, freshMs: number, maxStaleMs: number): SwrOptions => ({
  freshMs,
  maxStaleMs,
  lockMs: MARKET_LOCK_MS,
  waitUntil: ctx ? (p) => ctx.waitUntil(p) : undefined,
  now: () => marketClock.now(),
  epoch: priceBucket,
});

/** Who reads the market and with what: the BFF's request, or a signed-in page rendered on the Worker. */
export interface MarketReader {
  env: Bindings;
  userId: string;
  accessToken: string;
  ctx?: ExecutionContext;
}

export function marketSourceFor({ env, userId, accessToken }: MarketReader): MarketSource {
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
  return { load, opts: cacheOptions(ctx, MARKET_FRESH_MS, MARKET_MAX_STALE_MS) };
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
  return swr(env.MARKET_CACHE, historyKey(symbol, range), load, cacheOptions(ctx, HISTORY_FRESH_MS, HISTORY_MAX_STALE_MS));
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
