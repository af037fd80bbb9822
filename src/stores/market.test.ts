// findAsset: the asset screen's lookup, a stock by its upper-case symbol, else a Canton asset, else
// a built-in sample row; a malformed (400) or unknown (404) symbol falls through, anything else fails.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $auth } from './auth';
import { findAsset } from './market';

let answers: Record<string, Response> = {};
const asked: string[] = [];

beforeEach(() => {
  answers = {};
  asked.length = 0;
  $auth.set({ status: 'authenticated', user: { id: 'u1' } as never, session: { access_token: 't', refresh_token: 'r' } as never });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const path = new URL(String(input instanceof Request ? input.url : input)).pathname;
    asked.push(path);
    return answers[path] ?? Response.json({ message: 'Not found', code: 'not_found' }, { status: 404 });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const stock = { symbol: 'AAPL', name: 'Apple Inc.', logo_url: null, stock_prices: [] };

describe('findAsset', () => {
  it('asks for the stock by its upper-case symbol first', async () => {
    answers['/api/market/stocks/AAPL'] = Response.json({ data: stock });
    expect(await findAsset('aapl')).toMatchObject({ symbol: 'AAPL', name: 'Apple Inc.', kind: 'stock' });
    expect(asked).toEqual(['/api/market/stocks/AAPL']);
  });

  it('falls through an unknown or malformed stock to the Canton asset as written', async () => {
    answers['/api/market/stocks/CC'] = Response.json({ message: 'symbol: bad', code: 'validation_failed' }, { status: 400 });
    answers['/api/market/assets/cc'] = Response.json({
      data: { symbol: 'CC', name: 'Canton Coin', logo_url: null, asset_type: 'crypto', currency: 'USD', last_price: 0.15 },
    });
    expect(await findAsset('cc')).toMatchObject({ symbol: 'CC', name: 'Canton Coin' });
    expect(asked).toEqual(['/api/market/stocks/CC', '/api/market/assets/cc']);
  });

  it('gives a sample row when the server knows neither, and null when no sample row matches', async () => {
    expect(await findAsset('ustb')).toMatchObject({ symbol: 'USTB' });
    expect(await findAsset('nothing-like-it')).toBeNull();
  });

  it('fails on any other refusal (the screen shows its error)', async () => {
    answers['/api/market/stocks/AAPL'] = Response.json({ message: 'Internal server error', code: 'internal_error' }, { status: 500 });
    await expect(findAsset('AAPL')).rejects.toMatchObject({ status: 500 });
    expect(asked).toEqual(['/api/market/stocks/AAPL']);
  });
});
