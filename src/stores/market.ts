// $market: the market table's data: GET /api/market (stocks with their price records plus the
// Canton assets, cached by the BFF), turned into rows, with the built-in sample rows when fewer
// than 10 assets load. A failure leaves the error state behind the 'Failed to load market data'
// panel. findAsset: one asset's detail for the asset screen.
import { atom } from 'nanostores';
import { api, ApiError, unwrap } from './api';
import { assetDetail, marketRows, sampleDetail, stockDetail, type AssetDetail, type MarketRow } from '../shared/market';

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
