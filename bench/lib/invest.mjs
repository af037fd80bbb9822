// The brokerage rows of `npm run bench`: the bench user's brokerage account with positions (so that
// /accounts/brokerage is audited with holdings), order placement under concurrency, and the
// portfolio's reads with a short and a long order history.
// - openBrokerage: the identity verification the local service approves at once (a document ending
//   5678), the USD account and the brokerage account, through the API as the person would.
// - investSeedSql: SQL (run while the server is stopped) that gives the account cash, three positions
//   and filled orders up to `orders` in its history (created a second apart from 2024-01-01, so the
//   bench's own orders stay the newest), puts the market's clock at an open session (the test-only
//   offset the browser tests use) and holds prices still (the price job would move them each minute).
// - placeOrders: N market buys sent at once; orders/s over the wall time, latency p50/p95.
// - portfolioReads: what /accounts/brokerage reads (the page itself, and the API reads its island
//   makes after a trade), one request at a time.
import ANA_GARCIA from '../../tests/identity-ana-garcia.json' with { type: 'json' };
import { latency } from './load.mjs';

const q = (s) => `'${String(s).replace(/'/g, "''")}'`;

/** Tuesday 2026-12-01, 10:00 New York: an open session, as an offset from now. */
const OPEN_SESSION = Date.parse('2026-12-01T15:00:00.000Z');
/** Positions the bench user holds: symbol, shares in millionths, cost basis in cents. */
const POSITIONS = [
  ['AAPL', 3_000_000, 57_000],
  ['MSFT', 1_500_000, 60_000],
  ['KO', 10_000_000, 62_000],
];
/** The history page size of the portfolio (src/shared/served-portfolio.ts ORDERS_PAGE_SIZE). */
const HISTORY_PAGE = 20;

export async function openBrokerage(api, accountId) {
  await api('POST', '/api/identity-verification', ANA_GARCIA);
  await api('POST', '/api/usd/accounts', { account_id: accountId });
  await api('POST', `/api/brokerage/accounts/${accountId}`, {
    suitability: { experience: 'some', risk_tolerance: 'medium', horizon: 'long' },
    w8ben: { legal_name: 'Ana García', country: 'AR', signature: 'Ana García', certified: true },
  });
}

export function investSeedSql({ accountId, userId, orders }) {
  const acct = q(accountId);
  const positions = POSITIONS.map(
    ([symbol, qty, cents]) =>
      `INSERT OR REPLACE INTO positions (account_id, symbol, qty, reserved_qty, cost_basis_cents, updated_at) VALUES (${acct}, ${q(symbol)}, ${qty}, 0, ${cents}, '2024-01-01T00:00:00.000Z');`,
  );
  return `
INSERT OR REPLACE INTO market_settings (key, value) VALUES ('test_time_offset_ms', '${OPEN_SESSION - Date.now()}');
INSERT OR REPLACE INTO market_settings (key, value) VALUES ('prices_moved_at', '9999');
UPDATE usd_balances SET available_cents = 100000000 WHERE wallet_id = (SELECT id FROM wallets WHERE account_id = ${acct} AND kind = 'usd');
${positions.join('\n')}
WITH RECURSIVE n(i) AS (SELECT (SELECT COUNT(*) FROM orders WHERE account_id = ${acct}) + 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${orders}) INSERT INTO orders (id, user_id, account_id, client_order_id, request_hash, symbol, side, type, time_in_force, qty, notional_cents, status, filled_qty, filled_avg_price, filled_cents, estimated_price, estimated_qty, estimated_cents, created_at, updated_at, filled_at) SELECT printf('00000000-0000-4000-9000-%012d', i), ${q(userId)}, ${acct}, 'bench-' || i, 'bench', CASE i % 3 WHEN 0 THEN 'AAPL' WHEN 1 THEN 'MSFT' ELSE 'KO' END, CASE i % 4 WHEN 0 THEN 'sell' ELSE 'buy' END, 'market', 'day', 100000, NULL, 'filled', 100000, '100', 1000, '100', 100000, 1000, strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', '+' || i || ' seconds'), strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', '+' || i || ' seconds'), strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', '+' || i || ' seconds') FROM n WHERE i <= ${orders};
SELECT (SELECT COUNT(*) FROM orders WHERE account_id = ${acct}) AS orders, (SELECT COUNT(*) FROM positions WHERE account_id = ${acct} AND qty > 0) AS positions;
`.trimStart();
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

/** `count` market buys of $1 sent at once (each with its own client_order_id); orders/s over the wall time. */
export async function placeOrders(base, headers, accountId, count) {
  const symbols = POSITIONS.map(([s]) => s);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const t = performance.now();
      const res = await fetch(`${base}/api/brokerage/accounts/${accountId}/orders`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ symbol: symbols[i % symbols.length], side: 'buy', type: 'market', time_in_force: 'day', notional: '1.00' }),
      });
      const body = await res.json();
      return { ms: performance.now() - t, status: res.status, filled: body.data?.status === 'filled' };
    }),
  );
  const wallMs = performance.now() - started;
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  const round = (n) => Math.round(n * 10) / 10;
  return {
    orders: count,
    wallMs: round(wallMs),
    ordersPerSecond: round(count / (wallMs / 1000)),
    p50: round(percentile(ms, 0.5)),
    p95: round(percentile(ms, 0.95)),
    filled: answers.filter((a) => a.filled).length,
    statuses: answers.reduce((acc, a) => ({ ...acc, [a.status]: (acc[a.status] ?? 0) + 1 }), {}),
  };
}

/** The portfolio's reads, one request at a time: p50/p90 ms each. */
export async function portfolioReads(base, headers, pageHeaders, accountId) {
  const acct = `${base}/api/brokerage/accounts/${accountId}`;
  return {
    page: await latency(`${base}/accounts/brokerage`, pageHeaders),
    account: await latency(acct, headers),
    positions: await latency(`${acct}/positions`, headers),
    openOrders: await latency(`${acct}/orders?status=open`, headers),
    history: await latency(`${acct}/orders?status=closed&limit=${HISTORY_PAGE}`, headers),
  };
}
