// The upstream's Canton assets as the market reads them: only the contract's shape (GET
// /wallets/canton/assets answers `{data: [asset, ...]}`, src/shared/contract/wallets.ts).
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Upstream } from '../upstream/port';
import { upstreamAssetsSource } from './source-supabase';

const cc = {
  id: 'cc',
  symbol: 'CC',
  name: 'Canton Coin',
  asset_type: 'crypto',
  currency: 'CC',
  network: 'canton',
  caip2: null,
  last_price: '0.15',
  logo_url: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};
const answering = (body: unknown): Upstream => ({ call: async () => ({ status: 200, body }) });

describe('upstreamAssetsSource', () => {
  it("reads the contract's {data: [asset]} answer", async () => {
    const assets = await upstreamAssetsSource(answering({ data: [cc] }), 'u', 't').assets();
    expect(assets.map((a) => a.symbol)).toEqual(['CC']);
  });

  it('refuses the legacy {data: {assets: [...]}} shape the contract does not declare', async () => {
    await expect(upstreamAssetsSource(answering({ data: { assets: [cc] } }), 'u', 't').assets()).rejects.toThrow(/no list/);
  });
});
