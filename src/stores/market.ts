// $market: the market table's data (spec sections 2, 4, 7): GET /api/market (stocks with their
// price records plus the Canton assets, cached by the BFF), turned into rows, with the built-in
// sample rows when fewer than 10 assets load. A failure leaves the error state behind the
// 'Failed to load market data' panel.
import { atom } from 'nanostores';
import { api, unwrap } from './api';
import { marketRows, type MarketRow } from '../shared/market';

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
