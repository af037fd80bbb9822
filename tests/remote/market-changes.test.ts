// Remote mode, the market list's 24 h changes: read from each symbol's 24h price history, which the
// upstream owns, through the same cache the asset page reads, so the table, the asset page and its
// chart show one figure in production as in the embedded default. A symbol whose history the upstream
// does not have is null, not an error.
import { describe, expect, it, vi } from 'vitest';
import { appRequest, authHeaders, remote, signToken, useStandIns } from './stand-ins';

/** An asset as the upstream's GET /wallets/canton/assets answers it (the contract's LedgerAsset). */
const asset = (symbol: string, price: string) => ({
  id: `asset-${symbol}`,
  symbol,
  name: symbol,
  asset_type: 'crypto',
  currency: 'USD',
  network: 'canton',
  caip2: null,
  last_price: price,
  logo_url: null,
  created_at: '2026-11-01T00:00:00.000Z',
  issuer_party: `issuer::1220${'a'.repeat(64)}`,
  decimals: 10,
  balance: '0.0000000000',
  locked: '0.0000000000',
  holding_count: 0,
  value_usd_cents: 0,
});

const ccHistory = {
  symbol: 'CC',
  range: '24h',
  points: [
    { time: '2026-11-26T10:00:00.000Z', price: '0.1616' },
    { time: '2026-11-27T10:00:00.000Z', price: '0.1571' },
  ],
  change: '-0.0045',
  change_percent: '-2.78',
  high: '0.1620',
  low: '0.1560',
};

const s = useStandIns((ins) => {
  ins.stocks = [];
  const base = remote().upstreamBasePath;
  ins.upstream.answer((r) => {
    if (r.method === 'GET' && r.path === `${base}/wallets/canton/assets`)
      return { status: 200, body: { data: [asset('CC', '0.1571'), asset('CBTC', '97000.00')] } };
    if (r.method === 'GET' && r.path === `${base}/market/history/CC` && r.query.range === '24h') return { status: 200, body: { data: ccHistory } };
    return { status: 404, body: { message: 'Not found' } };
  });
});

type Listed = { assets: { symbol: string }[]; changes_24h?: Record<string, string | null> };

describe('remote mode: the market list carries each symbol’s 24 h change', () => {
  it('from its 24h history, the same figure as the asset page’s, and null where the upstream has no history', async () => {
    const { token } = await signToken();
    const headers = authHeaders(token);
    // A list another test file cached (within its minute) is served until it is refreshed: wait for ours.
    let list: Listed | undefined;
    await vi.waitFor(
      async () => {
        const res = await appRequest('GET', '/api/market', { headers });
        expect(res.status, res.text).toBe(200);
        list = (res.json as { data: Listed }).data;
        expect(list.assets.map((a) => a.symbol)).toEqual(['CC', 'CBTC']);
      },
      { timeout: 90_000, interval: 2_000 },
    );
    expect(list!.changes_24h).toEqual({ CC: '-2.78', CBTC: null });

    const history = await appRequest('GET', '/api/market/history/CC?range=24h', { headers });
    expect(history.status, history.text).toBe(200);
    expect((history.json as { data: typeof ccHistory }).data.change_percent).toBe(list!.changes_24h!.CC);
    expect(s.upstream.take().some((r) => r.path.endsWith('/market/history/CBTC'))).toBe(true);
  }, 120_000);
});
