// Production market sources: the Supabase project's REST interface (PostgREST) for the stocks and
// stock_prices tables, read with the user's session like the spec's direct database reads; and the
// upstream's GET /wallets/canton/assets through the upstream port for the Canton assets.
import { z } from 'zod';
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

/** A PostgREST cell: ids and numeric columns may come as numbers or as text. */
const cell = z.union([z.string(), z.number()]).nullish();
type Cell = z.infer<typeof cell>;
const text = (v: Cell) => (v === null || v === undefined ? '' : String(v));
const num = (v: Cell) => (v === null || v === undefined || v === '' ? 0 : Number(v));

const priceRow = z.looseObject({
  price: cell,
  change: cell,
  change_percent: cell,
  market_cap: cell,
  volume: cell,
  high: cell,
  low: cell,
  open: cell,
  previous_close: cell,
  weighted_shares_outstanding: cell,
  created_at: cell,
  updated_at: cell,
});
/** PostgREST embeds a one-to-many relation as an array and a one-to-one as an object. */
const stockRow = z.looseObject({ id: cell, updated_at: cell, stock_prices: z.union([z.array(priceRow), priceRow]).nullish() });
const assetRow = z.looseObject({ id: cell, symbol: cell, last_price: cell, created_at: cell, updated_at: cell });

function normaliseStock(raw: unknown): Stock | null {
  const row = stockRow.safeParse(raw);
  if (!row.success) return null;
  const { stock_prices: prices, ...rest } = row.data;
  const p = Array.isArray(prices) ? prices[0] : prices;
  const parsed = stock.safeParse({
    description: null,
    logo_url: null,
    ...rest,
    id: text(rest.id),
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
          updated_at: text(p.updated_at ?? p.created_at ?? rest.updated_at),
        }
      : null,
  });
  return parsed.success ? parsed.data : null;
}

function normaliseAsset(raw: unknown): DigitalAsset | null {
  const row = assetRow.safeParse(raw);
  if (!row.success) return null;
  const r = row.data;
  const parsed = digitalAsset.safeParse({
    currency: null,
    network: null,
    caip2: null,
    logo_url: null,
    ...r,
    id: text(r.id ?? r.symbol),
    last_price: r.last_price === null || r.last_price === undefined ? null : String(r.last_price),
    created_at: text(r.created_at),
    updated_at: text(r.updated_at ?? r.created_at),
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
    const rows: unknown[] = body;
    return rows;
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
