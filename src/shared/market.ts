// Market rows and asset details for the signed-in screens: one row shape for stocks and Canton
// assets, the row categories and the four filters, the instant search, the two built-in sample rows
// added when fewer than 10 assets load, the public logo service, and an asset's figures. One
// function per kind of asset computes its figures (assetFigures, stockFigures, the samples' own)
// and both the market row and the asset page read them, so the two screens cannot disagree. Real
// data is shown as it is (what it lacks is N/A, never made up); the spec's hard-coded placeholder
// statistics are only for an asset that has no data at all.
import type { DigitalAsset, MarketSnapshot, Stock } from './schemas/market';
import type { TranslationKey } from '../i18n';
import { logoUrl } from './asset-links';
import { formatChangePercent, formatMarketCap, formatPrice, formatVolume } from './format';

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

/** An asset's market figures; null is a figure there is no data for (N/A on screen). */
export interface AssetFigures {
  /** USD, exact decimal text for ledger assets or a number from a price record; null when unknown. */
  price: string | number | null;
  /** Percent units (4.47 means +4.47 %). */
  change24h: number | null;
  change7d: number | null;
  change30d: number | null;
  /** USD. */
  marketCap: number | null;
  /** A count traded in 24 h (shares for a stock, units for a coin), not dollars. */
  volume24h: number | null;
  totalSupply: number | null;
  circulatingSupply: number | null;
  /** market: the asset's own data; sample: built-in figures that are not market data (the page says so). */
  source: 'market' | 'sample';
}

/** The spec's hard-coded figures for non-stock assets, given to an asset with no data at all. */
export const PLACEHOLDER_STATS = {
  marketCap: 850e9,
  volume24h: 18.92e9,
  totalSupply: 21e6,
  circulatingSupply: 19.5e6,
  change24h: 4.47,
  change7d: 2.15,
  change30d: -8.32,
} as const;

const NO_FIGURES = {
  change24h: null,
  change7d: null,
  change30d: null,
  marketCap: null,
  volume24h: null,
  totalSupply: null,
  circulatingSupply: null,
} as const;

/**
 * The 24 h change of a symbol. The truth is the price history's change over the last 24 h: every
 * asset has one (stocks and Canton assets alike), it is what the chart plots and states, and it is
 * exact arithmetic on stored prices; a quote's change_percent is measured from the previous session's
 * close, another period, and only stocks have one. So the list's changes_24h (read from that history)
 * is the figure; only a list without it (a source with no bulk history) falls back to the quote.
 */
export function dayChange(changes: MarketSnapshot['changes_24h'], symbol: string, quote: number | null = null): number | null {
  if (!changes) return quote;
  const percent = changes[symbol.toUpperCase()];
  return percent == null ? null : Number(percent);
}

/** A stock's figures: its price record and its 24 h change (dayChange); a stock without a price has no figures. */
export function stockFigures(stock: Pick<Stock, 'price' | 'symbol'>, changes?: MarketSnapshot['changes_24h']): AssetFigures {
  const p = stock.price;
  if (!p) return { price: null, ...NO_FIGURES, source: 'market' };
  return {
    price: p.price,
    change24h: dayChange(changes, stock.symbol, p.change_percent),
    change7d: null,
    change30d: null,
    marketCap: p.market_cap,
    volume24h: p.volume,
    totalSupply: p.weighted_shares_outstanding,
    circulatingSupply: p.weighted_shares_outstanding,
    source: 'market',
  };
}

/**
 * A Canton asset's figures: its price and its 24 h change (dayChange) are real data, the rest is
 * N/A; an asset without a price has no data, and gets the placeholder statistics.
 */
export function assetFigures(asset: Pick<DigitalAsset, 'last_price' | 'symbol'>, changes?: MarketSnapshot['changes_24h']): AssetFigures {
  if (asset.last_price != null) return { price: asset.last_price, ...NO_FIGURES, change24h: dayChange(changes, asset.symbol), source: 'market' };
  return { price: null, ...PLACEHOLDER_STATS, source: 'sample' };
}

export interface MarketRow {
  id: string;
  kind: MarketRowKind;
  symbol: string;
  name: string;
  logo: string;
  price: AssetFigures['price'];
  /** Percent units (4.47 means +4.47 %). */
  changePercent: number | null;
  marketCap: number | null;
  volume: number | null;
  category: MarketCategory;
}

/** A built-in sample row keeps its figures: the asset page of a sample shows them (sampleDetail). */
export type SampleRow = MarketRow & { figures: AssetFigures };

/**
 * The row's columns from the asset's figures (the asset page reads the same figures). Only the
 * columns: a row is what the table shows, and a page rendered on the Worker sends its first rows.
 */
const rowFigures = (figures: AssetFigures) => ({
  price: figures.price,
  changePercent: figures.change24h,
  marketCap: figures.marketCap,
  volume: figures.volume24h,
});

/** Fewer loaded assets than this adds the two built-in sample rows. */
export const MARKET_FALLBACK_THRESHOLD = 10;

const sampleFigures = (price: string, change24h: number, marketCap: number, volume24h: number): AssetFigures => ({
  ...NO_FIGURES,
  price,
  change24h,
  marketCap,
  volume24h,
  source: 'sample',
});

const sampleColumns = (figures: AssetFigures) => ({ ...rowFigures(figures), figures });

/** The built-in sample rows: a stablecoin and a bond fund (their symbols are not in the seed). */
export const SAMPLE_ROWS: readonly SampleRow[] = [
  {
    id: 'sample-usdc',
    kind: 'sample',
    symbol: 'USDC',
    name: 'USD Coin',
    logo: logoUrl('USDC'),
    category: 'stablecoin',
    ...sampleColumns(sampleFigures('1.00', 0.01, 60_120_000_000, 6_850_000_000)),
  },
  {
    id: 'sample-ustb',
    kind: 'sample',
    symbol: 'USTB',
    name: 'US Treasury Bond Fund',
    logo: logoUrl('USTB'),
    category: 'bond',
    ...sampleColumns(sampleFigures('100.25', 0.12, 1_250_000_000, 12_400_000)),
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

export function stockRow(stock: Stock, changes?: MarketSnapshot['changes_24h']): MarketRow {
  return {
    id: `stock-${stock.id}`,
    kind: 'stock',
    symbol: stock.symbol,
    name: stock.name,
    logo: logoUrl(stock.symbol, stock.logo_url),
    category: 'stocks',
    ...rowFigures(stockFigures(stock, changes)),
  };
}

export function assetRow(asset: DigitalAsset, changes?: MarketSnapshot['changes_24h']): MarketRow {
  return {
    id: `asset-${asset.id}`,
    kind: 'asset',
    symbol: asset.symbol,
    name: asset.name,
    logo: logoUrl(asset.symbol, asset.logo_url),
    category: assetCategory(asset),
    ...rowFigures(assetFigures(asset, changes)),
  };
}

/** Stocks (by symbol, as loaded), then Canton assets; plus the samples when fewer than 10 loaded. */
export function marketRows(snapshot: MarketSnapshot): MarketRow[] {
  const changes = snapshot.changes_24h;
  const rows = [...snapshot.stocks.map((s) => stockRow(s, changes)), ...snapshot.assets.map((a) => assetRow(a, changes))];
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

// ---- Asset detail -------------------------------------------------------------------------------

export type AssetKind = 'stock' | 'fiat' | 'crypto' | 'other';

/** The asset page: who the asset is, and the same figures its market row shows. */
export interface AssetDetail extends AssetFigures {
  symbol: string;
  name: string;
  logo: string;
  kind: AssetKind;
  currency: string;
  /** Where it trades: a key of NETWORK_KEYS, or the data's own name of a chain it does not know; null when unknown. */
  network: string | null;
}

/** The listed stocks and ETFs trade on the US market (the stocks list holds US-listed ones). */
export const US_STOCK_MARKET = 'us-stocks';

/** The label of each network the app knows by its id in the data (digital_assets.network). */
export const NETWORK_KEYS: Record<string, TranslationKey> = {
  [US_STOCK_MARKET]: 'asset.network.usStocks',
  canton: 'asset.network.canton',
};

/** A stock's detail: its price record's figures (stockFigures, as its market row). */
export function stockDetail(stock: Stock, changes?: MarketSnapshot['changes_24h']): AssetDetail {
  return {
    symbol: stock.symbol,
    name: stock.name,
    logo: logoUrl(stock.symbol, stock.logo_url),
    kind: 'stock',
    currency: 'USD',
    network: US_STOCK_MARKET,
    ...stockFigures(stock, changes),
  };
}

const assetKind = (type: string): AssetKind => (type === 'fiat' || type === 'crypto' ? type : 'other');

/** A Canton asset's detail: assetFigures, as its market row. */
export function assetDetail(
  asset: Pick<DigitalAsset, 'symbol' | 'name' | 'logo_url' | 'asset_type' | 'currency' | 'last_price' | 'network'>,
  changes?: MarketSnapshot['changes_24h'],
): AssetDetail {
  return {
    symbol: asset.symbol,
    name: asset.name,
    logo: logoUrl(asset.symbol, asset.logo_url),
    kind: assetKind(asset.asset_type),
    currency: asset.currency ?? 'USD',
    network: asset.network?.trim() || null,
    ...assetFigures(asset, changes),
  };
}

/** A built-in sample row opened from the market (the server does not know it): the row's own figures. */
export function sampleDetail(symbol: string): AssetDetail | null {
  const row = SAMPLE_ROWS.find((r) => r.symbol.toLowerCase() === symbol.toLowerCase());
  if (!row) return null;
  return {
    symbol: row.symbol,
    name: row.name,
    logo: row.logo,
    kind: row.category === 'stablecoin' ? 'crypto' : 'other',
    currency: 'USD',
    network: null,
    ...row.figures,
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

/** The type column's label of each category. */
export const CATEGORY_KEYS: Record<MarketCategory, TranslationKey> = {
  stocks: 'market.category.stocks',
  bond: 'market.category.bond',
  stablecoin: 'market.category.stablecoin',
  fiat: 'market.category.fiat',
  cryptocurrency: 'market.category.cryptocurrency',
  digitalAssets: 'market.category.digitalAssets',
};

/**
 * The table's collapsed sizer row: one row made of the widest cell of every column over
 * the whole list (the longest symbol and name, price, change, market cap and volume texts, and the
 * category whose label is longest in the page's language), without a logo. A page rendered on the
 * Worker sends it with the first screenful of rows, so the columns already have the full list's
 * widths and nothing moves when the full list replaces the first rows (CLS 0). One row, not one per
 * widest cell: it gives the same widths for a fraction of the HTML and of the rendering.
 */
export function sizerRows(rows: readonly MarketRow[], categoryLabel: (category: MarketCategory) => string): MarketRow[] {
  const [first] = rows;
  if (!first) return [];
  const widest = <K extends keyof MarketRow>(key: K, text: (value: MarketRow[K]) => string): MarketRow[K] => {
    let best = first[key];
    let length = text(best).length;
    for (const row of rows) {
      const candidate = text(row[key]).length;
      if (candidate > length) [best, length] = [row[key], candidate];
    }
    return best;
  };
  const orDash =
    <V>(format: (v: NonNullable<V>) => string) =>
    (value: V) =>
      value == null ? '-' : format(value);
  return [
    {
      ...first,
      id: 'sizer',
      logo: '',
      symbol: widest('symbol', (v) => v),
      name: widest('name', (v) => v),
      price: widest('price', formatPrice),
      changePercent: widest('changePercent', orDash(formatChangePercent)),
      marketCap: widest('marketCap', orDash(formatMarketCap)),
      volume: widest('volume', orDash(formatVolume)),
      category: widest('category', categoryLabel),
    },
  ];
}
