// The BFF as a gate to the remote upstream (UPSTREAM_API_URL): every BFF route, listed from the Hono
// app itself, reaches exactly its own upstream path. A valid id travels as one encoded segment;
// crafted ids (dot segments, encoded slashes and backslashes, padding spaces, over-long, unicode)
// either answer 400 {message} before any upstream call or reach the route's own path with the id
// as one encoded segment, never another upstream path (no path traversal).
import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { TREASURY_PARTY } from '../../../src/core/ledger/parties';
import { forgetIsolateCopies, lockKeyOf } from '../../../src/worker/cache/swr';
import { app } from '../../../src/worker/index';
import { MARKET_LIST_KEY } from '../../../src/worker/routes/market';
import { bearer, signIn, uniquePhone } from '../auth';
import { apiRoutes, type Route } from '../bff-route-table';
import { installFetchGuard, outbound, planFetch } from '../network';
import { ROUTES } from '../../remote/routes';

installFetchGuard();

const UPSTREAM = 'http://upstream.test/v1';
const testEnv = env as unknown as Cloudflare.Env & { DB: D1Database; MARKET_CACHE: KVNamespace };
// The stand-in upstream answers 404 to every path it records (a create and a list included): the
// contract's check of the BFF's own answers (src/worker/middleware/declared-errors.ts) is off for it.
const remoteEnv = { ...testEnv, UPSTREAM_API_URL: UPSTREAM, CONTRACT_CHECK: '' };

const UUID = '3f1c9a52-6b7e-4d21-9c3a-0a1b2c3d4e5f';
const ACCOUNT = '8d2e4f60-1a2b-4c3d-8e9f-a0b1c2d3e4f5';

/** A valid value for each path param (the feature-request board also has seeded slugs). */
function validParams(route: Route, userId: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of route.params) {
    out[p] =
      p === 'userId'
        ? userId
        : p === 'partyId'
          ? TREASURY_PARTY
          : p === 'symbol'
            ? 'AAPL'
            : p === 'id' && route.path.startsWith('/api/feature-requests/')
              ? 'fr-seed-10'
              : p === 'offerId'
                ? `00${'ab'.repeat(32)}`
                : UUID;
  }
  return out;
}

/** A valid body for each write, so that a valid call reaches the upstream. */
const BODIES: Record<string, unknown> = {
  'POST /api/accounts/user/switch-account': { accountId: ACCOUNT },
  'POST /api/accounts/user/create-account': { accountName: 'Travel' },
  'PUT /api/accounts/user/accounts/:id/metadata': { accountName: 'Renamed' },
  'PATCH /api/accounts/:userId': { language: 'es' },
  'POST /api/wallets/canton/prepare': { publicKey: 'a'.repeat(64) },
  'POST /api/wallets/canton/complete': { publicKey: 'a'.repeat(64), signedHash: 'b'.repeat(128), walletId: UUID, partyHint: 'mine' },
  'POST /api/wallets/canton/holding-transactions': { partyId: TREASURY_PARTY },
  'POST /api/wallets/digital-asset': { account_id: ACCOUNT },
  'POST /api/wallets/auto-accept': { account_id: ACCOUNT },
  'POST /api/wallets/transfer': { account_id: ACCOUNT, amount: '1' },
  'POST /api/wallets/canton/receivers/resolve': { account_id: ACCOUNT, receiver: '+15555550100' },
  'POST /api/wallets/canton/send': { account_id: ACCOUNT, receiver_party: TREASURY_PARTY, amount: '1' },
  'POST /api/wallets/canton/offers/:offerId/accept': { account_id: ACCOUNT },
  'POST /api/wallets/canton/offers/:offerId/reject': { account_id: ACCOUNT },
  'POST /api/wallets/canton/offers/:offerId/withdraw': { account_id: ACCOUNT },
  'PUT /api/wallets/canton/preapproval/:accountId': { enabled: true },
  'POST /api/wallets/external': { account_id: ACCOUNT, address: '0xabc', chain: 'ethereum' },
  'POST /api/wallets/internal': { account_id: ACCOUNT },
  'POST /api/wallets': { account_id: ACCOUNT, label: 'Key' },
  'PUT /api/support/tickets/:id': { title: 'New title' },
  'POST /api/support/tickets': { title: 'Card blocked', description: 'My card was blocked today', category: 'account', priority: 'low' },
  'POST /api/support/tickets/:id/comments': { content: 'Any news?' },
  'POST /api/feature-requests': { title: 'Dark mode please', description: 'A dark theme for the app at night', category: 'UI/UX' },
  'PATCH /api/feature-requests/:id': { title: 'A better title' },
  'POST /api/feature-requests/:id/vote': { vote_type: 'upvote' },
  'POST /api/notifications/read': { through: UUID },
  // The remote tier's valid submission (one body for both tables).
  'POST /api/identity-verification': ROUTES['POST /api/identity-verification']!.body,
  'POST /api/usd/accounts': { account_id: UUID },
  'POST /api/quotes': { amount_usd: '20.00', onramp_provider: 'usdc', wallet_id: UUID, destination_asset: 'CC' },
  'POST /api/usd/accounts/:accountId/bank-accounts': {
    holder_name: 'Ana Pérez',
    bank_name: 'First Test Bank',
    account_number: '000123456789',
    routing_number: '021000021',
  },
  'POST /api/usd/accounts/:accountId/deposits': { amount: '1', rail: 'card' },
  // The remote tier's valid opening (one body for both tables).
  'POST /api/brokerage/accounts/:accountId': ROUTES['POST /api/brokerage/accounts/:accountId']!.body,
  'POST /api/brokerage/accounts/:accountId/orders': ROUTES['POST /api/brokerage/accounts/:accountId/orders']!.body,
  'POST /api/brokerage/accounts/:accountId/recurring-buys': ROUTES['POST /api/brokerage/accounts/:accountId/recurring-buys']!.body,
  'PATCH /api/brokerage/accounts/:accountId/recurring-buys/:planId': ROUTES['PATCH /api/brokerage/accounts/:accountId/recurring-buys/:planId']!.body,
  'POST /api/usd/accounts/:accountId/withdrawals': { amount: '1', bank_account_id: UUID },
};

/** The query of a route that requires one (the rest send none). */
const QUERIES: Record<string, string> = {
  'GET /api/quotes/indicative': '?amount_usd=20.00&destination_asset=CC',
  'GET /api/brokerage/calendar': '?start=2026-12-21&end=2026-12-28',
};

/** Routes that call no upstream path of their own (health, sessions) or only the market's assets source. */
/** BFF routes that page another upstream route of the same resource (the CSV export pages the list). */
const PAGES_THE_LIST = new Set(['GET /api/transactions/account/:id/export']);
/** The upstream path a route reaches: its own, or for an export the list it pages. */
const reachedPath = (route: Route, values: Record<string, string>) => {
  const own = ownUpstreamPath(route, values);
  return PAGES_THE_LIST.has(route.key) ? own.replace(/\/export$/, '') : own;
};

const NO_OWN_PATH: Record<string, string[]> = {
  'GET /api/health': [],
  // The market list's source, and each listed symbol's 24h history (its changes_24h in production mode).
  'GET /api/market': ['/wallets/canton/assets', '/market/history/{symbol}'],
  'GET /api/market/stocks/:symbol': ['/wallets/canton/assets', '/market/history/{symbol}'],
  'GET /api/market/assets/:symbol': ['/wallets/canton/assets', '/market/history/{symbol}'],
  // Sessions belong to the sign-in service and the BFF's own D1 tables; ending one asks only the
  // caller's parties, whose live sockets of the ended sessions are then closed.
  'GET /api/sessions': [],
  'DELETE /api/sessions/:id': ['/wallets/canton/parties'],
  'POST /api/sessions/sign-out-others': ['/wallets/canton/parties'],
  // The live channel's WebSocket asks only the caller's parties (its party is a query, not a path segment).
  'GET /api/live': ['/wallets/canton/parties'],
};

/** An outbound path as NO_OWN_PATH names it: a market history's one symbol segment as `{symbol}`. */
const named = (url: string) => new URL(url).pathname.replace(/\/market\/history\/[^/]+$/, '/market/history/{symbol}');

/** Crafted path segments as a client would put them in the URL (already in URL form). */
const CRAFTED = [
  '%20..%20',
  '..',
  '.',
  '%2e%2e',
  '%252e%252e',
  'a%2Fb',
  '..%2F..%2Fvote',
  '%5C..',
  '%20' + UUID + '%20',
  UUID + 'a'.repeat(300),
  'fr-seed-10%20',
  encodeURIComponent('fr-seed-１０'),
  encodeURIComponent('ïd-' + UUID.slice(3)),
  encodeURIComponent('‮' + UUID),
];

/** The route's path with raw (already URL-form) segments in place of its params. */
const withSegments = (path: string, segs: Record<string, string>) => path.replace(/:([A-Za-z]+)/g, (_, n: string) => segs[n]!);

/** Where the upstream must be called for a param of decoded value `values`: the route's own path. */
const ownUpstreamPath = (route: Route, values: Record<string, string>) =>
  new URL(UPSTREAM).pathname +
  withSegments(route.path.replace(/^\/api/, ''), Object.fromEntries(Object.entries(values).map(([k, v]) => [k, encodeURIComponent(v)])));

async function send(route: Route, token: string, segs: Record<string, string>) {
  const body = BODIES[route.key];
  const res = await app.fetch(
    new Request(`http://app.test${withSegments(route.path, segs)}${QUERIES[route.key] ?? ''}`, {
      method: route.method,
      headers: { ...bearer(token), 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    remoteEnv,
  );
  return { status: res.status, body: await res.json<{ message?: string }>() };
}

const routes = apiRoutes();
const STAND_IN = 'stand-in upstream decided';

beforeEach(async () => {
  forgetIsolateCopies();
  await testEnv.MARKET_CACHE.delete(MARKET_LIST_KEY);
  await testEnv.MARKET_CACHE.delete(lockKeyOf(MARKET_LIST_KEY));
  // The stand-in upstream answers every call with its own decision (a 404 {message}, which the BFF
  // forwards as it is); only the paths matter here, and no success shape fits every route's contract.
  planFetch(() => Response.json({ message: STAND_IN }, { status: 404 }));
});

describe('remote mode: each BFF route reaches exactly its own upstream path', () => {
  it('lists the BFF routes from the app (sanity)', () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const key of Object.keys(BODIES)) expect(routes.map((r) => r.key)).toContain(key);
  });

  it.each(routes.map((r) => [r.key, r] as const))('%s: a valid id reaches its own path as one encoded segment', async (_key, route) => {
    const { accessToken, userId } = await signIn(uniquePhone());
    const values = validParams(route, userId);
    const res = await send(route, accessToken, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, encodeURIComponent(v)])));
    const paths = outbound.map((r) => named(r.url));
    if (route.key in NO_OWN_PATH) {
      for (const p of paths) expect(NO_OWN_PATH[route.key]!.map((x) => new URL(UPSTREAM).pathname + x)).toContain(p);
      return;
    }
    expect(res, JSON.stringify(res.body)).toEqual({ status: 404, body: { message: STAND_IN, code: 'not_found' } });
    expect(outbound.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([`${route.method} ${reachedPath(route, values)}`]);
  });

  it.each(routes.filter((r) => r.params.length > 0).map((r) => [r.key, r] as const))(
    '%s: crafted ids answer 400 {message} without an upstream call, or reach only its own path',
    async (_key, route) => {
      const { accessToken, userId } = await signIn(uniquePhone());
      const valid = validParams(route, userId);
      for (const param of route.params) {
        for (const crafted of CRAFTED) {
          outbound.length = 0;
          const segs = { ...Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, encodeURIComponent(v)])), [param]: crafted };
          // A dot segment the URL parser itself resolves ('..', '.', '%2e%2e') never reaches this
          // route: the request is for another BFF path, which that route's own case covers.
          if (new URL(`http://app.test${withSegments(route.path, segs)}`).pathname !== withSegments(route.path, segs)) continue;
          let res = await send(route, accessToken, segs);
          // A route with a low limit (the CSV export: 10 a minute, counted before validation) may
          // run out within this loop: the 429 changed nothing; send the same crafted id once more
          // as a fresh user of the same ids, so every crafted id is still checked.
          if (res.status === 429 && outbound.length === 0) {
            const fresh = await signIn(uniquePhone());
            res = await send(route, fresh.accessToken, segs);
          }
          const what = `${route.method} ${withSegments(route.path, segs)} -> ${res.status} ${JSON.stringify(res.body)}; upstream: ${outbound.map((r) => r.url).join(', ')}`;
          expect(res.status, what).toBeLessThan(500);
          if (outbound.length === 0) {
            // Refused before the upstream (400 here; a dot segment the URL itself resolves may land
            // on no route at all: 404). Either way a clean {message}.
            expect([400, 404], what).toContain(res.status);
            expect(typeof res.body.message, what).toBe('string');
            continue;
          }
          const allowed =
            route.key in NO_OWN_PATH
              ? NO_OWN_PATH[route.key]!.map((x) => new URL(UPSTREAM).pathname + x)
              : [reachedPath(route, { ...valid, [param]: decodeURIComponent(crafted) })];
          for (const r of outbound) expect(allowed, what).toContain(route.key in NO_OWN_PATH ? named(r.url) : new URL(r.url).pathname);
        }
      }
    },
  );
});
