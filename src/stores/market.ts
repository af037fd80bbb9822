// $market: the market table's data: GET /api/market (stocks with their price records plus the
// Canton assets, cached by the BFF), turned into rows, with the built-in sample rows when fewer
// than 10 assets load. A failure leaves the error state behind the 'Failed to load market data'
// panel. findAsset: one asset's detail for the asset screen. loadHistory: a symbol's price history
// over a range, read once per page view, for the chart and the asset page's change figures alike.
import { atom } from 'nanostores';
import { api, ApiError, unwrap } from './api';
import { assetDetail, marketRows, sampleDetail, stockDetail, type AssetDetail, type MarketRow, type Timeframe } from '../shared/market';
import type { PriceHistory } from '../shared/schemas/price-history';

export interface MarketState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  rows: MarketRow[];
}

export const $market = atom<MarketState>({ status: 'idle', rows: [] });

export async function loadMarket(): Promise<void> {
  $market.set({ status: 'loading', rows: $market.get().rows });
  try {
    const snapshot = await unwrap(api().market.$get());
    $market.set({ status: 'ready', rows: marketRows(snapshot) });
  } catch (err) {
    console.error('Failed to load market data', err instanceof Error ? err.message : err);
    $market.set({ status: 'error', rows: [] });
  }
}

/** Stock (upper-case symbol), else Canton asset, else a sample row; null when none knows it. */
export async function findAsset(symbol: string): Promise<AssetDetail | null> {
  const market = api().market;
  // A symbol the BFF refuses as malformed (400) is as unknown as a 404.
  const unknown = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 400);
  try {
    return stockDetail(await unwrap(market.stocks[':symbol'].$get({ param: { symbol: symbol.toUpperCase() } })));
  } catch (err) {
    if (!unknown(err)) throw err;
  }
  try {
    return assetDetail(await unwrap(market.assets[':symbol'].$get({ param: { symbol } })));
  } catch (err) {
    if (!unknown(err)) throw err;
  }
  return sampleDetail(symbol);
}

const histories = new Map<string, Promise<PriceHistory>>();

/**
 * The price history of `symbol` over `range` (GET /api/market/history/{symbol}), asked for once per
 * page view however many parts of the page read it; a failure is forgotten, so Try again asks again.
 * An asset the market has no history for (a sample row, 404) has an empty one: nothing to plot.
 */
export function loadHistory(symbol: string, range: Timeframe): Promise<PriceHistory> {
  const key = `${symbol.toUpperCase()} ${range}`;
  let answer = histories.get(key);
  if (!answer) {
    answer = unwrap(api().market.history[':symbol'].$get({ param: { symbol }, query: { range } })).catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 404) return { symbol, range, points: [], change: null, change_percent: null, high: null, low: null };
      histories.delete(key);
      throw err;
    });
    histories.set(key, answer);
  }
  return answer;
}
