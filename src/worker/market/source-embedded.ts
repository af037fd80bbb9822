// Market source of the embedded default: the stocks, stock_prices and digital_assets tables on D1,
// and the refresh's write into the embedded core's price history.
import { rangeChanges, recordPrices } from '../../core/market/history';
import { decimalToString, parseDecimal } from '../../shared/decimal';
import { historyBucket } from '../../shared/price-history';
import type { DigitalAsset, MarketSnapshot, Stock } from '../../shared/schemas/market';
import { MARKET_LIST_LIMIT, type MarketSource } from './source';

interface StockRow {
  id: string;
  symbol: string;
  name: string;
  description: string | null;
  logo_url: string | null;
  created_at: string;
  updated_at: string;
  price: number | null;
  change: number;
  change_percent: number;
  market_cap: number;
  volume: number;
  high: number;
  low: number;
  open: number;
  previous_close: number;
  weighted_shares_outstanding: number;
  price_updated_at: string;
}

const STOCK_SELECT = `SELECT s.id, s.symbol, s.name, s.description, s.logo_url, s.created_at, s.updated_at,
  p.price, p.change, p.change_percent, p.market_cap, p.volume, p.high, p.low, p.open, p.previous_close,
  p.weighted_shares_outstanding, p.updated_at AS price_updated_at
  FROM stocks s LEFT JOIN stock_prices p ON p.stock_id = s.id`;

function toStock(r: StockRow): Stock {
  return {
    id: r.id,
    symbol: r.symbol,
    name: r.name,
    description: r.description,
    logo_url: r.logo_url,
    created_at: r.created_at,
    updated_at: r.updated_at,
    price:
      r.price === null
        ? null
        : {
            price: r.price,
            change: r.change,
            change_percent: r.change_percent,
            market_cap: r.market_cap,
            volume: r.volume,
            high: r.high,
            low: r.low,
            open: r.open,
            previous_close: r.previous_close,
            weighted_shares_outstanding: r.weighted_shares_outstanding,
            updated_at: r.price_updated_at,
          },
  };
}

export function embeddedMarketSource(db: D1Database): MarketSource {
  return {
    async stocks() {
      const { results } = await db.prepare(`${STOCK_SELECT} ORDER BY s.symbol LIMIT ?1`).bind(MARKET_LIST_LIMIT).all<StockRow>();
      return results.map(toStock);
    },
    async stock(symbol) {
      const row = await db.prepare(`${STOCK_SELECT} WHERE s.symbol = ?1 LIMIT 1`).bind(symbol).first<StockRow>();
      return row ? toStock(row) : null;
    },
    async assets() {
      const { results } = await db
        .prepare(
          `SELECT id, symbol, name, asset_type, currency, network, caip2, last_price, logo_url, created_at, updated_at
           FROM digital_assets ORDER BY symbol`,
        )
        .all<DigitalAsset>();
      return results;
    },
  };
}

/**
 * Adds the snapshot's prices to the price history at the current bucket (one row per asset and
 * bucket: a refresh within the same bucket changes nothing). A failure is logged and does not fail the
 * refresh: the list matters more than one point of a chart.
 */
export async function recordSnapshotPrices(db: D1Database, snapshot: MarketSnapshot, nowMs: number): Promise<void> {
  const prices: { symbol: string; price: string }[] = [];
  for (const s of snapshot.stocks) {
    // The quote is a number as the feed gives it; its shortest text is the exact price it stands for.
    const exact = s.price ? parseDecimal(s.price.price) : null;
    if (exact && exact.units >= 0n) prices.push({ symbol: s.symbol, price: decimalToString(exact) });
  }
  for (const a of snapshot.assets) {
    const exact = a.last_price === null ? null : parseDecimal(a.last_price);
    if (exact && exact.units >= 0n) prices.push({ symbol: a.symbol, price: decimalToString(exact) });
  }
  const bucket = historyBucket(nowMs);
  try {
    await recordPrices(db, prices, bucket);
  } catch (err) {
    console.error('market: price history not recorded:', err instanceof Error ? err.message : String(err));
  }
}

/**
 * The snapshot with each symbol's 24 h change from the price history (changes_24h), the one source of
 * that figure on every screen. A failure is logged and leaves the list without it.
 */
export async function withDayChanges(db: D1Database, snapshot: MarketSnapshot): Promise<MarketSnapshot> {
  const symbols = [...snapshot.stocks.map((s) => s.symbol), ...snapshot.assets.map((a) => a.symbol)];
  try {
    return { ...snapshot, changes_24h: await rangeChanges(db, symbols, '24h') };
  } catch (err) {
    console.error('market: 24 h changes not read:', err instanceof Error ? err.message : String(err));
    return snapshot;
  }
}
