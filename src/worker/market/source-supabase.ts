// Production market sources: the Supabase project's REST interface (PostgREST) for the stocks and
// stock_prices tables, read with the user's session like the spec's direct database reads; and the
// upstream's GET /wallets/canton/assets through the upstream port for the Canton assets.
import { digitalAsset, stock, type DigitalAsset, type Stock } from '../../shared/schemas/market';
import type { Upstream } from '../upstream/port';
import { readJsonBody } from '../upstream/read-json';
import { MAX_UPSTREAM_BODY_BYTES } from '../upstream/remote';
import { MARKET_LIST_LIMIT, type MarketSource } from './source';

interface SupabaseSourceOptions {
  supabaseUrl: string;
  publishableKey: string;
  accessToken: string;
  timeoutMs: number;
}

/** PostgREST embeds a one-to-many relation as an array and a one-to-one as an object. */
function normaliseStock(raw: unknown): Stock | null {
  if (!raw || typeof raw !== 'object') return null;
  const { stock_prices: prices, ...rest } = raw as Record<string, unknown>;
  const price = Array.isArray(prices) ? prices[0] : prices;
  const num = (v: unknown) => (v === null || v === undefined || v === '' ? 0 : Number(v));
  const p = price && typeof price === 'object' ? (price as Record<string, unknown>) : null;
  const parsed = stock.safeParse({
    description: null,
    logo_url: null,
    ...rest,
    id: String(rest.id ?? ''),
    price: p
      ? {
          price: num(p.price),
          change: num(p.change),
          change_percent: num(p.change_percent),
          market_cap: num(p.market_cap),
          volume: num(p.volume),
          high: num(p.high),
          low: num(p.low),
          open: num(p.open),
          previous_close: num(p.previous_close),
          weighted_shares_outstanding: num(p.weighted_shares_outstanding),
          updated_at: String(p.updated_at ?? p.created_at ?? rest.updated_at ?? ''),
        }
      : null,
  });
  return parsed.success ? parsed.data : null;
}

function normaliseAsset(raw: unknown): DigitalAsset | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const parsed = digitalAsset.safeParse({
    currency: null,
    network: null,
    caip2: null,
    logo_url: null,
    ...r,
    id: String(r.id ?? r.symbol ?? ''),
    last_price: r.last_price === null || r.last_price === undefined ? null : String(r.last_price),
    created_at: String(r.created_at ?? ''),
    updated_at: String(r.updated_at ?? r.created_at ?? ''),
  });
  return parsed.success ? parsed.data : null;
}

export function supabaseStocksSource(opts: SupabaseSourceOptions): Pick<MarketSource, 'stocks' | 'stock'> {
  const base = opts.supabaseUrl.replace(/\/+$/, '');
  const rest = async (query: string): Promise<unknown[]> => {
    const res = await fetch(`${base}/rest/v1/stocks?${query}`, {
      headers: { apikey: opts.publishableKey, authorization: `Bearer ${opts.accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(opts.timeoutMs),
      redirect: 'manual',
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw new Error(`stocks REST answered ${res.status}`);
    }
    const body = await readJsonBody(res, { maxBytes: MAX_UPSTREAM_BODY_BYTES, deadline: Date.now() + opts.timeoutMs });
    if (!Array.isArray(body)) throw new Error('stocks REST answered a non-array');
    return body;
  };
  return {
    async stocks() {
      const rows = await rest(`select=*,stock_prices(*)&order=symbol.asc&limit=${MARKET_LIST_LIMIT}`);
      return rows.map(normaliseStock).filter((s): s is Stock => s !== null);
    },
    async stock(symbol) {
      const rows = await rest(`select=*,stock_prices(*)&symbol=eq.${encodeURIComponent(symbol)}&limit=1`);
      return rows.map(normaliseStock).find((s): s is Stock => s !== null) ?? null;
    },
  };
}

export function upstreamAssetsSource(upstream: Upstream, userId: string, accessToken: string): Pick<MarketSource, 'assets'> {
  return {
    async assets() {
      const res = await upstream.call({ method: 'GET', path: '/wallets/canton/assets', userId, accessToken });
      if (res.status !== 200) throw new Error(`assets upstream answered ${res.status}`);
      // The contract's shape only (`{data: [asset]}`, src/shared/contract/wallets.ts cantonAssets).
      const list = (res.body as { data?: unknown }).data;
      if (!Array.isArray(list)) throw new Error('assets upstream answered no list');
      return list.map(normaliseAsset).filter((a): a is DigitalAsset => a !== null);
    },
  };
}
