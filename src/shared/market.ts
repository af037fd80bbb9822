// Market rows and asset details for the signed-in screens (spec sections 2, 3, 4, 7 and 9): one row
// shape for stocks and Canton assets, the row categories and the four filters, the instant search,
// the two built-in sample rows added when fewer than 10 assets load, the public logo service, and
// the asset detail's figures (a stock's price record; the hard-coded placeholders otherwise).
import type { DigitalAsset, MarketSnapshot, Stock } from './schemas/market';
import { formatDecimal } from './format';
import { parseDecimal, decimalToNumber } from './decimal';

/**
 * The public logo service (PNG by lowercase symbol). The only image host the app loads from: a
 * Content-Security-Policy needs this origin in img-src.
 */
export const LOGO_SERVICE_ORIGIN = 'https://assets.coincap.io';

/** The asset's own logo when it has one, else the logo service's PNG for its lowercase symbol. */
export function logoUrl(symbol: string, own?: string | null): string {
  if (own && /^https:\/\//.test(own)) return own;
  return `${LOGO_SERVICE_ORIGIN}/assets/icons/${encodeURIComponent(symbol.toLowerCase())}@2x.png`;
}

/** The spec's market row categories: Stocks, Bond, Stablecoin, Fiat, Cryptocurrency, Digital Assets. */
export const MARKET_CATEGORIES = ['stocks', 'bond', 'stablecoin', 'fiat', 'cryptocurrency', 'digitalAssets'] as const;
export type MarketCategory = (typeof MARKET_CATEGORIES)[number];

export const MARKET_FILTERS = ['all', 'securities', 'currencies', 'digitalAssets'] as const;
export type MarketFilter = (typeof MARKET_FILTERS)[number];

/** Which categories each filter button shows. */
export const FILTER_CATEGORIES: Record<Exclude<MarketFilter, 'all'>, readonly MarketCategory[]> = {
  securities: ['stocks', 'bond'],
  currencies: ['fiat', 'stablecoin'],
  digitalAssets: ['cryptocurrency', 'digitalAssets'],
};

export type MarketRowKind = 'stock' | 'asset' | 'sample';

export interface MarketRow {
  id: string;
  kind: MarketRowKind;
  symbol: string;
  name: string;
  logo: string;
  /** USD, exact decimal text for ledger assets or a number from a price record; null when unknown. */
  price: string | number | null;
  /** Percent units (4.47 means +4.47 %). */
  changePercent: number | null;
  marketCap: number | null;
  volume: number | null;
  category: MarketCategory;
}

/** Fewer loaded assets than this adds the two built-in sample rows. */
export const MARKET_FALLBACK_THRESHOLD = 10;

/** The built-in sample rows: a stablecoin and a bond fund (their symbols are not in the seed). */
export const SAMPLE_ROWS: readonly MarketRow[] = [
  {
    id: 'sample-usdc',
    kind: 'sample',
    symbol: 'USDC',
    name: 'USD Coin',
    logo: logoUrl('USDC'),
    price: '1.00',
    changePercent: 0.01,
    marketCap: 60_120_000_000,
    volume: 6_850_000_000,
    category: 'stablecoin',
  },
  {
    id: 'sample-ustb',
    kind: 'sample',
    symbol: 'USTB',
    name: 'US Treasury Bond Fund',
    logo: logoUrl('USTB'),
    price: '100.25',
    changePercent: 0.12,
    marketCap: 1_250_000_000,
    volume: 12_400_000,
    category: 'bond',
  },
];

const STABLE_CURRENCIES = new Set(['USD', 'EUR', 'MXN', 'BRL']);

/** Category of a Canton asset: fiat money, a fiat-pegged coin, a bond/bill fund, other crypto, or other. */
export function assetCategory(asset: Pick<DigitalAsset, 'asset_type' | 'currency' | 'name' | 'symbol'>): MarketCategory {
  const type = asset.asset_type.toLowerCase();
  if (type === 'fiat') return 'fiat';
  if (type === 'crypto') {
    return asset.currency && STABLE_CURRENCIES.has(asset.currency.toUpperCase()) ? 'stablecoin' : 'cryptocurrency';
  }
  if (type === 'stock') return 'stocks';
  if (/\b(bond|bill|treasury|t-bill)s?\b/i.test(`${asset.name} ${asset.symbol}`)) return 'bond';
  return 'digitalAssets';
}

export function stockRow(stock: Stock): MarketRow {
  const p = stock.price;
  return {
    id: `stock-${stock.id}`,
    kind: 'stock',
    symbol: stock.symbol,
    name: stock.name,
    logo: logoUrl(stock.symbol, stock.logo_url),
    price: p?.price ?? null,
    changePercent: p?.change_percent ?? null,
    marketCap: p?.market_cap ?? null,
    volume: p?.volume ?? null,
    category: 'stocks',
  };
}

export function assetRow(asset: DigitalAsset): MarketRow {
  return {
    id: `asset-${asset.id}`,
    kind: 'asset',
    symbol: asset.symbol,
    name: asset.name,
    logo: logoUrl(asset.symbol, asset.logo_url),
    price: asset.last_price,
    changePercent: null,
    marketCap: null,
    volume: null,
    category: assetCategory(asset),
  };
}

/** Stocks (by symbol, as loaded), then Canton assets; plus the samples when fewer than 10 loaded. */
export function marketRows(snapshot: MarketSnapshot): MarketRow[] {
  const rows = [...snapshot.stocks.map(stockRow), ...snapshot.assets.map(assetRow)];
  return rows.length < MARKET_FALLBACK_THRESHOLD ? [...rows, ...SAMPLE_ROWS] : rows;
}

/** The filter buttons and the search box (symbol or name, case-insensitive, surrounding spaces ignored). */
export function filterRows(rows: readonly MarketRow[], filter: MarketFilter, query: string): MarketRow[] {
  const q = query.trim().toLowerCase();
  return rows.filter(
    (row) =>
      (filter === 'all' || FILTER_CATEGORIES[filter].includes(row.category)) &&
      (q === '' || row.symbol.toLowerCase().includes(q) || row.name.toLowerCase().includes(q)),
  );
}

/**
 * A price in USD: "$1,234.56"; under one dollar up to 4 decimals so a coin at $0.1571 keeps its
 * digits ("$0.1571"). Decimal text never goes through a float.
 */
export function formatPrice(value: string | number | null | undefined): string {
  if (value == null || value === '') return '-';
  const parsed = parseDecimal(value);
  if (!parsed) return '-';
  const small = Math.abs(decimalToNumber(parsed)) < 1;
  const text = formatDecimal(value, small ? 4 : 2, 2);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

// ---- Asset detail -------------------------------------------------------------------------------

/** The hard-coded figures of section 9 for assets that are not stocks. */
export const PLACEHOLDER_STATS = {
  marketCap: 850e9,
  volume24h: 18.92e9,
  totalSupply: 21e6,
  circulatingSupply: 19.5e6,
  change24h: 4.47,
  change7d: 2.15,
  change30d: -8.32,
} as const;

export type AssetKind = 'stock' | 'fiat' | 'crypto' | 'other';

export interface AssetDetail {
  symbol: string;
  name: string;
  logo: string;
  kind: AssetKind;
  currency: string;
  price: string | number | null;
  change24h: number;
  marketCap: number;
  volume24h: number;
  totalSupply: number;
  circulatingSupply: number;
  change7d: number;
  change30d: number;
}

/** A stock's detail from its price record; what the record lacks (7d, 30d) is 0 and shows N/A. */
export function stockDetail(stock: Stock): AssetDetail {
  const p = stock.price;
  return {
    symbol: stock.symbol,
    name: stock.name,
    logo: logoUrl(stock.symbol, stock.logo_url),
    kind: 'stock',
    currency: 'USD',
    price: p?.price ?? null,
    change24h: p?.change_percent ?? 0,
    marketCap: p?.market_cap ?? 0,
    volume24h: p?.volume ?? 0,
    totalSupply: p?.weighted_shares_outstanding ?? 0,
    circulatingSupply: p?.weighted_shares_outstanding ?? 0,
    change7d: 0,
    change30d: 0,
  };
}

const assetKind = (type: string): AssetKind => (type === 'fiat' || type === 'crypto' ? type : 'other');

/** A non-stock asset: its own price, the placeholder figures for everything else. */
export function assetDetail(asset: Pick<DigitalAsset, 'symbol' | 'name' | 'logo_url' | 'asset_type' | 'currency' | 'last_price'>): AssetDetail {
  return {
    symbol: asset.symbol,
    name: asset.name,
    logo: logoUrl(asset.symbol, asset.logo_url),
    kind: assetKind(asset.asset_type),
    currency: asset.currency ?? 'USD',
    price: asset.last_price,
    change24h: PLACEHOLDER_STATS.change24h,
    marketCap: PLACEHOLDER_STATS.marketCap,
    volume24h: PLACEHOLDER_STATS.volume24h,
    totalSupply: PLACEHOLDER_STATS.totalSupply,
    circulatingSupply: PLACEHOLDER_STATS.circulatingSupply,
    change7d: PLACEHOLDER_STATS.change7d,
    change30d: PLACEHOLDER_STATS.change30d,
  };
}

/** A built-in sample row opened from the market (the server does not know it). */
export function sampleDetail(symbol: string): AssetDetail | null {
  const row = SAMPLE_ROWS.find((r) => r.symbol.toLowerCase() === symbol.toLowerCase());
  if (!row) return null;
  return {
    ...assetDetail({
      symbol: row.symbol,
      name: row.name,
      logo_url: null,
      asset_type: row.category === 'stablecoin' ? 'crypto' : 'other',
      currency: 'USD',
      last_price: typeof row.price === 'number' ? String(row.price) : row.price,
    }),
    change24h: row.changePercent ?? 0,
  };
}

/** Statistic text: N/A when the value is zero (or missing), else the formatter's text. */
export function statText(value: number | null | undefined, format: (v: number) => string, na = 'N/A'): string {
  return value == null || value === 0 || !Number.isFinite(value) ? na : format(value);
}

/** Green for a change >= 0, red below (the header's 24h change and the market's Change column). */
export const changeTone = (value: number): 'up' | 'down' => (value >= 0 ? 'up' : 'down');

export const TIMEFRAMES = ['24h', '1w', '1m', '1y', 'max'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export const DEFAULT_TIMEFRAME: Timeframe = '24h';

/** The symbol of /accounts/digital-assets/{symbol}, from a path (null when there is none). */
export function symbolFromPath(pathname: string): string | null {
  const match = /^\/accounts\/digital-assets\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    const symbol = decodeURIComponent(match[1]!).trim();
    return symbol === '' ? null : symbol;
  } catch {
    return null;
  }
}

/** Where a market or wallet row goes. */
export const assetPath = (symbol: string) => `/accounts/digital-assets/${encodeURIComponent(symbol)}`;
