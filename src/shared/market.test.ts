import { describe, expect, it } from 'vitest';
import { LOGO_SERVICE_ORIGIN, logoUrl } from './asset-links';
import { formatChangePercent, formatCompact, formatMarketCap, formatPrice, formatVolume } from './format';
import {
  assetCategory,
  assetDetail,
  filterRows,
  MARKET_FALLBACK_THRESHOLD,
  marketRows,
  NETWORK_KEYS,
  PLACEHOLDER_STATS,
  sampleDetail,
  SAMPLE_ROWS,
  statText,
  stockDetail,
  symbolFromPath,
  changeTone,
  sizerRows,
  US_STOCK_MARKET,
  type MarketCategory,
} from './market';
import type { DigitalAsset, Stock } from './schemas/market';

const stock = (symbol: string, name: string, price: Partial<NonNullable<Stock['price']>> | null = {}): Stock => ({
  id: `id-${symbol}`,
  symbol,
  name,
  description: null,
  logo_url: null,
  created_at: '2025-11-21T21:00:00.000Z',
  updated_at: '2025-11-21T21:00:00.000Z',
  price:
    price === null
      ? null
      : {
          price: 229.87,
          change: -2.46,
          change_percent: -1.06,
          market_cap: 3_494_974_972_190,
          volume: 50_669_652,
          high: 0,
          low: 0,
          open: 0,
          previous_close: 0,
          weighted_shares_outstanding: 15_204_137_000,
          updated_at: '',
          ...price,
        },
});

const asset = (symbol: string, name: string, asset_type: string, currency: string | null, last_price = '1.00'): DigitalAsset => ({
  id: `id-${symbol}`,
  symbol,
  name,
  asset_type,
  currency,
  network: 'canton',
  caip2: 'canton:mainnet',
  last_price,
  logo_url: null,
  created_at: '',
  updated_at: '',
});

describe('market rows', () => {
  it('puts every row in one of the spec categories', () => {
    expect(assetCategory(asset('USD', 'US Dollar', 'fiat', 'USD'))).toBe('fiat');
    expect(assetCategory(asset('USDCX', 'USDCx', 'crypto', 'USD'))).toBe('stablecoin');
    expect(assetCategory(asset('CBTC', 'CBTC (Bitcoin on Canton)', 'crypto', 'BTC'))).toBe('cryptocurrency');
    expect(assetCategory(asset('CC', 'Canton Coin', 'crypto', 'CC'))).toBe('cryptocurrency');
    expect(assetCategory(asset('TBILL', 'US Treasury Bill Fund Token', 'other', 'USD'))).toBe('bond');
    expect(assetCategory(asset('ART', 'Tokenized art', 'other', 'USD'))).toBe('digitalAssets');
    expect(marketRows({ stocks: [stock('AAPL', 'Apple Inc.')], assets: [] })[0]!.category).toBe('stocks');
  });

  it('adds the stablecoin and bond fund samples when fewer than 10 assets load', () => {
    expect(MARKET_FALLBACK_THRESHOLD).toBe(10);
    const nine = Array.from({ length: 9 }, (_, i) => stock(`S${i}`, `Stock ${i}`));
    const rows = marketRows({ stocks: nine, assets: [] });
    expect(rows).toHaveLength(11);
    expect(rows.slice(-2).map((r) => r.category)).toEqual(['stablecoin', 'bond']);
    expect(SAMPLE_ROWS.map((r) => r.kind)).toEqual(['sample', 'sample']);
    const ten = marketRows({ stocks: nine, assets: [asset('CC', 'Canton Coin', 'crypto', 'CC')] });
    expect(ten).toHaveLength(10);
    expect(ten.some((r) => r.kind === 'sample')).toBe(false);
    expect(marketRows({ stocks: [], assets: [] })).toHaveLength(2);
  });

  it('filters by button and searches symbol or name, case-insensitively', () => {
    const rows = marketRows({
      stocks: [stock('AAPL', 'Apple Inc.'), stock('MSFT', 'Microsoft Corporation')],
      assets: [
        asset('USD', 'US Dollar', 'fiat', 'USD'),
        asset('USDCX', 'USDCx (USD Coin on Canton)', 'crypto', 'USD'),
        asset('CBTC', 'CBTC (Bitcoin on Canton)', 'crypto', 'BTC'),
        asset('TBILL', 'US Treasury Bill Fund Token', 'other', 'USD'),
      ],
    });
    const symbols = (f: Parameters<typeof filterRows>[1], q = '') => filterRows(rows, f, q).map((r) => r.symbol);
    expect(symbols('securities')).toEqual(['AAPL', 'MSFT', 'TBILL', 'USTB']);
    expect(symbols('currencies')).toEqual(['USD', 'USDCX', 'USDC']);
    expect(symbols('digitalAssets')).toEqual(['CBTC']);
    expect(symbols('all')).toHaveLength(8);
    expect(symbols('all', '  aPpLe ')).toEqual(['AAPL']);
    expect(symbols('all', 'msft')).toEqual(['MSFT']);
    expect(symbols('all', 'bitcoin')).toEqual(['CBTC']);
    expect(symbols('currencies', 'bitcoin')).toEqual([]);
  });

  it('shows market caps with T/B/M/K, volumes with B/M/K and signed changes with two decimals', () => {
    expect(formatMarketCap(3_494_974_972_190)).toBe('$3.49T');
    expect(formatMarketCap(850e9)).toBe('$850.00B');
    expect(formatVolume(50_669_652)).toBe('50.67M');
    expect(formatVolume(18.92e9)).toBe('18.92B');
    expect(formatChangePercent(-1.06)).toBe('-1.06%');
    expect(formatChangePercent(4.47)).toBe('+4.47%');
    expect(changeTone(0)).toBe('up');
    expect(changeTone(-0.01)).toBe('down');
  });

  it("makes one sizer row of each column's widest cell over the whole list, with the category whose label is longest, and no logo", () => {
    const rows = marketRows({
      stocks: [
        stock('GOOGL', 'Alphabet', { price: 9.5, change_percent: -12.345, market_cap: 2_000, volume: 5 }),
        stock('A', 'A very long company name indeed', { price: 123_456.78, change_percent: 1, market_cap: 3.4e12, volume: 1.5e12 }),
      ],
      assets: [asset('CC', 'Canton Coin', 'digital_asset', null, '0.1571'), asset('USDCX', 'USD Coin', 'stablecoin', 'USD')],
    });
    const labels: Record<MarketCategory, string> = {
      stocks: 'Stocks',
      bond: 'Bond',
      stablecoin: 'Stable',
      fiat: 'Fiat',
      cryptocurrency: 'Crypto',
      digitalAssets: 'Digital asset',
    };
    const [sizer, ...more] = sizerRows(rows, (c) => labels[c]);
    expect(more).toEqual([]);
    expect(sizer!.symbol).toBe('GOOGL');
    expect(sizer!.name).toBe('A very long company name indeed');
    expect(formatPrice(sizer!.price)).toBe('$123,456.78');
    expect(formatChangePercent(sizer!.changePercent)).toBe('-12.35%');
    // Every column's cell is as long as the longest of that column (the samples' figures included).
    const columns: ((r: (typeof rows)[number]) => string)[] = [
      (r) => formatPrice(r.price),
      (r) => (r.changePercent == null ? '-' : formatChangePercent(r.changePercent)),
      (r) => (r.marketCap == null ? '-' : formatMarketCap(r.marketCap)),
      (r) => (r.volume == null ? '-' : formatVolume(r.volume)),
    ];
    for (const text of columns) expect(text(sizer!).length).toBe(Math.max(...rows.map((r) => text(r).length)));
    expect(formatVolume(sizer!.volume)).toBe('1,500.00B');
    // The samples join this short list: the longest label among the categories present wins.
    expect(labels[sizer!.category]).toBe('Digital asset');
    expect(sizer!.logo).toBe('');
    expect(rows.some((r) => r.id === sizer!.id)).toBe(false);
    expect(sizerRows([], (c) => labels[c])).toEqual([]);
  });

  it('takes logos from the one logo service by lowercase symbol, unless the asset has its own', () => {
    expect(logoUrl('BRK.B')).toBe(`${LOGO_SERVICE_ORIGIN}/assets/icons/brk.b@2x.png`);
    expect(logoUrl('AAPL', 'https://cdn.example/aapl.png')).toBe('https://cdn.example/aapl.png');
    expect(logoUrl('AAPL', 'javascript:alert(1)')).toBe(`${LOGO_SERVICE_ORIGIN}/assets/icons/aapl@2x.png`);
  });
});

describe("one source for an asset's 24 h change: the price history", () => {
  const changes = { AAPL: '-0.88', CC: '-2.78', USD: null };
  const snapshot = {
    stocks: [stock('AAPL', 'Apple Inc.')],
    assets: [asset('CC', 'Canton Coin', 'crypto', 'CC', '0.1571'), asset('USD', 'US Dollar', 'fiat', 'USD')],
    changes_24h: changes,
  };

  it("shows the history's 24 h change in the market row and on the asset page, not the quote's change since the last close", () => {
    const rows = marketRows(snapshot);
    const row = (symbol: string) => rows.find((r) => r.symbol === symbol)!;
    expect(row('AAPL').changePercent).toBe(-0.88);
    expect(row('CC').changePercent).toBe(-2.78);
    expect(row('USD').changePercent).toBeNull();
    expect(stockDetail(snapshot.stocks[0]!, changes).change24h).toBe(-0.88);
    expect(assetDetail(snapshot.assets[0]!, changes).change24h).toBe(-2.78);
  });

  it("falls back to a stock's quote only when the list carries no history changes at all", () => {
    expect(marketRows({ stocks: [stock('AAPL', 'Apple Inc.')], assets: [] })[0]!.changePercent).toBe(-1.06);
    expect(stockDetail(stock('AAPL', 'Apple Inc.'), { MSFT: '1.00' }).change24h).toBeNull();
  });
});

describe("an asset's network, from its data", () => {
  it('is the US stock market for a listed stock, the Canton Network for a Canton asset, and the chain the data names otherwise', () => {
    expect(stockDetail(stock('MELI', 'MercadoLibre, Inc.')).network).toBe(US_STOCK_MARKET);
    expect(NETWORK_KEYS[US_STOCK_MARKET]).toBe('asset.network.usStocks');
    const cc = assetDetail(asset('CC', 'Canton Coin', 'crypto', 'CC'));
    expect(cc.network).toBe('canton');
    expect(NETWORK_KEYS[cc.network!]).toBe('asset.network.canton');
    expect(assetDetail({ ...asset('ETH', 'Ether', 'crypto', 'ETH'), network: 'Ethereum' }).network).toBe('Ethereum');
    expect(assetDetail({ ...asset('X', 'X', 'other', 'USD'), network: null }).network).toBeNull();
    expect(sampleDetail('usdc')!.network).toBeNull();
  });
});

describe('asset detail', () => {
  it("reads a stock's statistics from its price record; what it lacks shows N/A", () => {
    const d = stockDetail(
      stock('MSFT', 'Microsoft Corporation', {
        price: 423.46,
        change_percent: -0.79,
        market_cap: 3_147_993_170_800,
        volume: 19_572_401,
        weighted_shares_outstanding: 7_433_980_000,
      }),
    );
    expect(d).toMatchObject({ kind: 'stock', currency: 'USD', price: 423.46, change24h: -0.79 });
    expect(statText(d.marketCap, formatMarketCap)).toBe('$3.15T');
    expect(statText(d.volume24h, formatVolume)).toBe('19.57M');
    expect(statText(d.totalSupply, formatCompact)).toBe('7.43B');
    expect(statText(d.change7d, formatChangePercent)).toBe('N/A');
    expect(statText(d.change30d, formatChangePercent, 'N/D')).toBe('N/D');
    expect(statText(stockDetail(stock('X', 'No price', null)).marketCap, formatMarketCap)).toBe('N/A');
  });

  it("shows a Canton asset's real price and N/A for the figures the ledger does not have, never placeholders", () => {
    const d = assetDetail(asset('CC', 'Canton Coin', 'crypto', 'CC', '0.1571'));
    expect(d).toMatchObject({ kind: 'crypto', currency: 'CC', price: '0.1571', source: 'market' });
    expect([
      statText(d.change24h, formatChangePercent),
      statText(d.marketCap, formatMarketCap),
      statText(d.volume24h, formatVolume),
      statText(d.totalSupply, formatCompact),
      statText(d.change7d, formatChangePercent),
      statText(d.change30d, formatChangePercent),
    ]).toEqual(['N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']);
    expect(assetDetail(asset('T', 'Token', 'other', null)).kind).toBe('other');
  });

  it('gives the placeholder figures of section 9 only to an asset with no data, marked as sample figures', () => {
    expect(PLACEHOLDER_STATS).toEqual({
      marketCap: 850e9,
      volume24h: 18.92e9,
      totalSupply: 21e6,
      circulatingSupply: 19.5e6,
      change24h: 4.47,
      change7d: 2.15,
      change30d: -8.32,
    });
    const d = assetDetail({ ...asset('NEW', 'New Token', 'other', null), last_price: null });
    expect(d.source).toBe('sample');
    expect([
      statText(d.marketCap, formatMarketCap),
      statText(d.volume24h, formatVolume),
      statText(d.totalSupply, formatCompact),
      statText(d.circulatingSupply, formatCompact),
      statText(d.change24h, formatChangePercent),
      statText(d.change7d, formatChangePercent),
      statText(d.change30d, formatChangePercent),
    ]).toEqual(['$850.00B', '18.92B', '21.00M', '19.50M', '+4.47%', '+2.15%', '-8.32%']);
  });

  it('shows the same figures for an asset in the market list and on its page (CC, AAPL, the USDC sample)', () => {
    const cc = asset('CC', 'Canton Coin', 'crypto', 'CC', '0.1571');
    const aapl = stock('AAPL', 'Apple Inc.');
    const rows = marketRows({ stocks: [aapl], assets: [cc] });
    const pages = [stockDetail(aapl), assetDetail(cc), sampleDetail('USDC')!];
    const seen = (x: {
      price: unknown;
      changePercent?: number | null;
      change24h?: number | null;
      marketCap: number | null;
      volume?: number | null;
      volume24h?: number | null;
    }) => [
      formatPrice(x.price as string),
      x.changePercent === undefined ? x.change24h : x.changePercent,
      x.marketCap,
      x.volume === undefined ? x.volume24h : x.volume,
    ];
    for (const page of pages) {
      const row = rows.find((r) => r.symbol === page.symbol)!;
      expect(seen(row), page.symbol).toEqual(seen(page));
    }
    // what the user reads: USDC's market cap is the list's $60.12B on its page, CC has no made-up change
    expect(statText(sampleDetail('usdc')!.marketCap, formatMarketCap)).toBe('$60.12B');
    expect(statText(assetDetail(cc).change24h, formatChangePercent)).toBe('N/A');
  });

  it('knows the built-in sample rows, case-insensitively', () => {
    expect(sampleDetail('usdc')?.symbol).toBe('USDC');
    expect(sampleDetail('nope')).toBeNull();
  });

  it('reads the symbol from the address', () => {
    expect(symbolFromPath('/accounts/digital-assets/AAPL')).toBe('AAPL');
    expect(symbolFromPath('/accounts/digital-assets/brk.b/')).toBe('brk.b');
    expect(symbolFromPath('/accounts/digital-assets/%20')).toBeNull();
    expect(symbolFromPath('/accounts/digital-assets/%E0%A4')).toBeNull();
    expect(symbolFromPath('/accounts/digital-assets')).toBeNull();
    expect(symbolFromPath('/market')).toBeNull();
  });
});
