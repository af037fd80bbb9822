// Every BFF route and the one upstream path it must reach, with a valid request for it: the table of
// the remote-mode gate test (tests/remote/routes.test.ts). The route list is the contract's
// (declaredCases): a declared route must have a case here or be exempt in LOCAL_ROUTES with a reason,
// else the list throws; tests/worker/bff/remote-route-table.test.ts checks the same in workerd.
import { declaredRoutes } from '../../src/shared/contract';

/** Valid ids of the caller's objects (uuids; party ids in the Canton grammar). */
export const IDS = {
  account: '3f2b8c1e-6a4d-4e9b-9c0f-1a2b3c4d5e6f',
  wallet: '8d7c6b5a-4f3e-4d2c-8b1a-0f9e8d7c6b5a',
  transaction: '1c2d3e4f-5a6b-4c7d-8e9f-a0b1c2d3e4f5',
  ticket: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  featureRequest: '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9',
  party: `alice::1220${'0123456789abcdef'.repeat(4)}`,
  offer: `00${'fedcba9876543210'.repeat(4)}`,
  notification: '7b6a5f4e-3d2c-4b1a-8f9e-8d7c6b5a4f3e',
  bankAccount: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
  movement: '6c5b4a3f-2e1d-4c0b-8a9f-8e7d6c5b4a3f',
  quote: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
  order: '4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8',
  plan: '8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d',
} as const;

export interface RouteCase {
  /** The upstream path (relative to UPSTREAM_API_URL) with the same `:params`; null: not the upstream (market). */
  upstream: string | null;
  /** Valid values of the path params; `userId` is the caller's own id. */
  params?: (user: { userId: string }) => Record<string, string>;
  query?: Record<string, string>;
  /** The query the upstream must receive when it is not `query` as sent (the export pages the list). */
  upstreamQuery?: Record<string, string>;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
}

const ED25519_KEY = 'a'.repeat(64);
const SIGNATURE = 'b'.repeat(128);

export const ROUTES: Record<string, RouteCase> = {
  // Accounts
  'GET /api/accounts/user/accounts': { upstream: '/accounts/user/accounts' },
  'GET /api/accounts/user/active-account': { upstream: '/accounts/user/active-account' },
  'POST /api/accounts/user/switch-account': { upstream: '/accounts/user/switch-account', body: { accountId: IDS.account } },
  'POST /api/accounts/user/create-account': { upstream: '/accounts/user/create-account', body: { accountName: 'Travel', accountCategory: 'personal' } },
  'PUT /api/accounts/user/accounts/:id/metadata': {
    upstream: '/accounts/user/accounts/:id/metadata',
    params: () => ({ id: IDS.account }),
    body: { accountName: 'Renamed', metadata: { color: 'blue' } },
  },
  'DELETE /api/accounts/user/accounts/:id': { upstream: '/accounts/user/accounts/:id', params: () => ({ id: IDS.account }) },
  'POST /api/accounts/user/accounts/:id/set-primary': { upstream: '/accounts/user/accounts/:id/set-primary', params: () => ({ id: IDS.account }) },
  'GET /api/accounts/:userId': { upstream: '/accounts/:userId', params: (u) => ({ userId: u.userId }) },
  'PATCH /api/accounts/:userId': { upstream: '/accounts/:userId', params: (u) => ({ userId: u.userId }), body: { language: 'es' } },
  // Market: stocks from the Supabase REST interface, Canton assets from the upstream (checked apart).
  'GET /api/market': { upstream: null },
  'GET /api/market/stocks/:symbol': { upstream: null, params: () => ({ symbol: 'AAPL' }) },
  'GET /api/market/assets/:symbol': { upstream: null, params: () => ({ symbol: 'CC' }) },
  // The price history is the upstream's (cached in KV like the list).
  'GET /api/market/history/:symbol': { upstream: '/market/history/:symbol', params: () => ({ symbol: 'AAPL' }), query: { range: '1w' } },
  // Wallets and the ledger
  'GET /api/wallets/canton/status': { upstream: '/wallets/canton/status' },
  'GET /api/wallets/canton/test': { upstream: '/wallets/canton/test' },
  'GET /api/wallets/canton/parties': { upstream: '/wallets/canton/parties' },
  'GET /api/wallets/canton/parties/:partyId/assets': { upstream: '/wallets/canton/parties/:partyId/assets', params: () => ({ partyId: IDS.party }) },
  'GET /api/wallets/canton/balance/:partyId': { upstream: '/wallets/canton/balance/:partyId', params: () => ({ partyId: IDS.party }) },
  'GET /api/wallets/canton/assets': { upstream: '/wallets/canton/assets' },
  'POST /api/wallets/canton/prepare': { upstream: '/wallets/canton/prepare', body: { publicKey: ED25519_KEY } },
  'POST /api/wallets/canton/complete': {
    upstream: '/wallets/canton/complete',
    body: { publicKey: ED25519_KEY, signedHash: SIGNATURE, walletId: IDS.wallet, partyHint: 'alice' },
  },
  'POST /api/wallets/canton/holding-transactions': { upstream: '/wallets/canton/holding-transactions', body: { partyId: IDS.party } },
  'POST /api/wallets/canton': { upstream: '/wallets/canton' },
  'POST /api/wallets/digital-asset': { upstream: '/wallets/digital-asset', body: { account_id: IDS.account } },
  'POST /api/wallets/auto-accept': {
    upstream: '/wallets/auto-accept',
    body: { account_id: IDS.account },
    headers: { 'idempotency-key': 'remote-auto-accept-1' },
  },
  'POST /api/wallets/transfer': {
    upstream: '/wallets/transfer',
    body: { account_id: IDS.account, amount: '25' },
    headers: { 'idempotency-key': 'remote-transfer-1' },
  },
  'POST /api/wallets/canton/receivers/resolve': { upstream: '/wallets/canton/receivers/resolve', body: { account_id: IDS.account, receiver: '+15555550100' } },
  'POST /api/wallets/canton/send': {
    upstream: '/wallets/canton/send',
    body: { account_id: IDS.account, receiver_party: IDS.party, amount: '2.5' },
    headers: { 'idempotency-key': 'remote-send-1' },
  },
  'GET /api/wallets/canton/offers/:accountId': {
    upstream: '/wallets/canton/offers/:accountId',
    params: () => ({ accountId: IDS.account }),
    query: { direction: 'incoming', limit: '20', offset: '40' },
  },
  'POST /api/wallets/canton/offers/:offerId/accept': {
    upstream: '/wallets/canton/offers/:offerId/accept',
    params: () => ({ offerId: IDS.offer }),
    body: { account_id: IDS.account },
    headers: { 'idempotency-key': 'remote-accept-1' },
  },
  'POST /api/wallets/canton/offers/:offerId/reject': {
    upstream: '/wallets/canton/offers/:offerId/reject',
    params: () => ({ offerId: IDS.offer }),
    body: { account_id: IDS.account },
  },
  'POST /api/wallets/canton/offers/:offerId/withdraw': {
    upstream: '/wallets/canton/offers/:offerId/withdraw',
    params: () => ({ offerId: IDS.offer }),
    body: { account_id: IDS.account },
  },
  'GET /api/wallets/canton/preapproval/:accountId': { upstream: '/wallets/canton/preapproval/:accountId', params: () => ({ accountId: IDS.account }) },
  'PUT /api/wallets/canton/preapproval/:accountId': {
    upstream: '/wallets/canton/preapproval/:accountId',
    params: () => ({ accountId: IDS.account }),
    body: { enabled: true },
  },
  'POST /api/wallets/external': { upstream: '/wallets/external', body: { account_id: IDS.account, address: '0xfeed', chain: 'ethereum' } },
  'POST /api/wallets/internal': { upstream: '/wallets/internal', body: { account_id: IDS.account, network: 'canton' } },
  'POST /api/wallets': { upstream: '/wallets', body: { account_id: IDS.account, label: 'Hardware key' } },
  'PATCH /api/wallets/:id/deactivate': { upstream: '/wallets/:id/deactivate', params: () => ({ id: IDS.wallet }) },
  'GET /api/wallets/:accountId/categories': { upstream: '/wallets/:accountId/categories', params: () => ({ accountId: IDS.account }) },
  'GET /api/wallets/:accountId': { upstream: '/wallets/:accountId', params: () => ({ accountId: IDS.account }) },
  // Transactions
  'GET /api/transactions/account/:id': { upstream: '/transactions/account/:id', params: () => ({ id: IDS.account }), query: { limit: '20', offset: '40' } },
  'GET /api/transactions/wallet/:id': { upstream: '/transactions/wallet/:id', params: () => ({ id: IDS.wallet }), query: { limit: '20', offset: '0' } },
  'GET /api/transactions/account/:id/export': {
    upstream: '/transactions/account/:id',
    params: () => ({ id: IDS.account }),
    query: { type: 'deposit', from: '2026-01-01' },
    upstreamQuery: { type: 'deposit', from: '2026-01-01', limit: '100', offset: '0' },
  },
  'GET /api/transactions/:id': { upstream: '/transactions/:id', params: () => ({ id: IDS.transaction }) },
  // Support
  'GET /api/support/tickets': { upstream: '/support/tickets', query: { limit: '10', offset: '0' } },
  'POST /api/support/tickets': {
    upstream: '/support/tickets',
    body: { title: 'Card', description: 'Where is my card?', category: 'general', priority: 'low' },
  },
  'GET /api/support/tickets/:id': { upstream: '/support/tickets/:id', params: () => ({ id: IDS.ticket }) },
  'PUT /api/support/tickets/:id': { upstream: '/support/tickets/:id', params: () => ({ id: IDS.ticket }), body: { priority: 'high' } },
  'GET /api/support/tickets/:id/comments': { upstream: '/support/tickets/:id/comments', params: () => ({ id: IDS.ticket }) },
  'POST /api/support/tickets/:id/comments': {
    upstream: '/support/tickets/:id/comments',
    params: () => ({ id: IDS.ticket }),
    body: { content: 'More details' },
  },
  // Feature requests
  'GET /api/feature-requests': {
    upstream: '/feature-requests',
    query: { status: 'planned', sortBy: 'created_at', sortOrder: 'asc', limit: '10', offset: '0' },
  },
  'GET /api/feature-requests/categories': { upstream: '/feature-requests/categories' },
  'POST /api/feature-requests': { upstream: '/feature-requests', body: { title: 'Dark mode', description: 'A dark theme for the night', is_anonymous: false } },
  'GET /api/feature-requests/:id': { upstream: '/feature-requests/:id', params: () => ({ id: IDS.featureRequest }) },
  'PATCH /api/feature-requests/:id': { upstream: '/feature-requests/:id', params: () => ({ id: IDS.featureRequest }), body: { title: 'Dark mode please' } },
  'DELETE /api/feature-requests/:id': { upstream: '/feature-requests/:id', params: () => ({ id: IDS.featureRequest }) },
  'POST /api/feature-requests/:id/vote': { upstream: '/feature-requests/:id/vote', params: () => ({ id: IDS.featureRequest }), body: { vote_type: 'upvote' } },
  'DELETE /api/feature-requests/:id/vote': { upstream: '/feature-requests/:id/vote', params: () => ({ id: IDS.featureRequest }) },
  'GET /api/feature-requests/:id/my-vote': { upstream: '/feature-requests/:id/my-vote', params: () => ({ id: IDS.featureRequest }) },
  // The USD account
  'POST /api/usd/accounts': { upstream: '/usd/accounts', body: { account_id: IDS.account } },
  'GET /api/usd/accounts/:accountId': { upstream: '/usd/accounts/:accountId', params: () => ({ accountId: IDS.account }) },
  'GET /api/usd/accounts/:accountId/bank-accounts': { upstream: '/usd/accounts/:accountId/bank-accounts', params: () => ({ accountId: IDS.account }) },
  'POST /api/usd/accounts/:accountId/bank-accounts': {
    upstream: '/usd/accounts/:accountId/bank-accounts',
    params: () => ({ accountId: IDS.account }),
    body: { holder_name: 'Ana García', bank_name: 'First Test Bank', account_number: '000123456789', routing_number: '021000021' },
  },
  'POST /api/usd/accounts/:accountId/deposits': {
    upstream: '/usd/accounts/:accountId/deposits',
    params: () => ({ accountId: IDS.account }),
    body: { amount: '125.50', rail: 'card' },
  },
  'POST /api/usd/accounts/:accountId/withdrawals': {
    upstream: '/usd/accounts/:accountId/withdrawals',
    params: () => ({ accountId: IDS.account }),
    body: { amount: '40.25', bank_account_id: IDS.bankAccount },
  },
  'POST /api/usd/accounts/:accountId/withdrawals/:movementId/cancel': {
    upstream: '/usd/accounts/:accountId/withdrawals/:movementId/cancel',
    params: () => ({ accountId: IDS.account, movementId: IDS.movement }),
  },
  // The brokerage account and the market clock
  'GET /api/brokerage/accounts/:accountId': { upstream: '/brokerage/accounts/:accountId', params: () => ({ accountId: IDS.account }) },
  'POST /api/brokerage/accounts/:accountId': {
    upstream: '/brokerage/accounts/:accountId',
    params: () => ({ accountId: IDS.account }),
    body: {
      suitability: { experience: 'some', risk_tolerance: 'medium', horizon: 'long' },
      w8ben: { legal_name: 'Ana Pérez', country: 'AR', signature: 'Ana Pérez', certified: true },
    },
  },
  'GET /api/brokerage/clock': { upstream: '/brokerage/clock' },
  'GET /api/brokerage/calendar': { upstream: '/brokerage/calendar', query: { start: '2026-12-21', end: '2026-12-28' } },
  // Orders and positions
  'POST /api/brokerage/accounts/:accountId/orders': {
    upstream: '/brokerage/accounts/:accountId/orders',
    params: () => ({ accountId: IDS.account }),
    body: { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', notional: '10.00', client_order_id: 'ticket-1' },
  },
  'GET /api/brokerage/accounts/:accountId/orders': {
    upstream: '/brokerage/accounts/:accountId/orders',
    params: () => ({ accountId: IDS.account }),
    query: { status: 'all', limit: '20' },
  },
  'GET /api/brokerage/accounts/:accountId/orders/:orderId': {
    upstream: '/brokerage/accounts/:accountId/orders/:orderId',
    params: () => ({ accountId: IDS.account, orderId: IDS.order }),
  },
  'DELETE /api/brokerage/accounts/:accountId/orders/:orderId': {
    upstream: '/brokerage/accounts/:accountId/orders/:orderId',
    params: () => ({ accountId: IDS.account, orderId: IDS.order }),
  },
  'GET /api/brokerage/accounts/:accountId/positions': { upstream: '/brokerage/accounts/:accountId/positions', params: () => ({ accountId: IDS.account }) },
  'GET /api/brokerage/accounts/:accountId/positions/:symbol': {
    upstream: '/brokerage/accounts/:accountId/positions/:symbol',
    params: () => ({ accountId: IDS.account, symbol: 'AAPL' }),
  },
  'DELETE /api/brokerage/accounts/:accountId/positions/:symbol': {
    upstream: '/brokerage/accounts/:accountId/positions/:symbol',
    params: () => ({ accountId: IDS.account, symbol: 'AAPL' }),
  },
  'GET /api/brokerage/accounts/:accountId/recurring-buys': {
    upstream: '/brokerage/accounts/:accountId/recurring-buys',
    params: () => ({ accountId: IDS.account }),
  },
  'POST /api/brokerage/accounts/:accountId/recurring-buys': {
    upstream: '/brokerage/accounts/:accountId/recurring-buys',
    params: () => ({ accountId: IDS.account }),
    body: { symbol: 'AAPL', notional: '10.00', frequency: 'weekly', start_date: '2026-12-07' },
  },
  'GET /api/brokerage/accounts/:accountId/recurring-buys/:planId': {
    upstream: '/brokerage/accounts/:accountId/recurring-buys/:planId',
    params: () => ({ accountId: IDS.account, planId: IDS.plan }),
  },
  'PATCH /api/brokerage/accounts/:accountId/recurring-buys/:planId': {
    upstream: '/brokerage/accounts/:accountId/recurring-buys/:planId',
    params: () => ({ accountId: IDS.account, planId: IDS.plan }),
    body: { status: 'paused' },
  },
  'DELETE /api/brokerage/accounts/:accountId/recurring-buys/:planId': {
    upstream: '/brokerage/accounts/:accountId/recurring-buys/:planId',
    params: () => ({ accountId: IDS.account, planId: IDS.plan }),
  },
  'GET /api/brokerage/accounts/:accountId/portfolio/history': {
    upstream: '/brokerage/accounts/:accountId/portfolio/history',
    params: () => ({ accountId: IDS.account }),
    query: { period: '1Y' },
  },
  // Notifications
  'GET /api/notifications': { upstream: '/notifications', query: { limit: '20', offset: '0' } },
  'POST /api/notifications/:id/read': { upstream: '/notifications/:id/read', params: () => ({ id: IDS.notification }) },
  'POST /api/notifications/read': { upstream: '/notifications/read', body: { through: IDS.notification } },
  'GET /api/onboarding': { upstream: '/onboarding' },
  // Identity verification
  'GET /api/identity-verification': { upstream: '/identity-verification' },
  'POST /api/identity-verification': {
    upstream: '/identity-verification',
    body: {
      first_name: 'Ana',
      last_name: 'Pérez',
      date_of_birth: '1990-01-02',
      country: 'AR',
      document_type: 'passport',
      document_number: 'P5678',
      consent: true,
    },
  },
  // Quotes
  'GET /api/quotes/indicative': { upstream: '/quotes/indicative', query: { amount_usd: '20.00', destination_asset: 'CC' } },
  'POST /api/quotes': {
    upstream: '/quotes',
    body: { amount_usd: '20.00', onramp_provider: 'usdc', wallet_id: IDS.wallet, destination_asset: 'CC' },
  },
  'POST /api/quotes/:id/execute': {
    upstream: '/quotes/:id/execute',
    params: () => ({ id: IDS.quote }),
    headers: { 'idempotency-key': 'remote-execute-quote-1' },
  },
};

/** Declared routes the gate test leaves out, with the reason. */
export const LOCAL_ROUTES: Record<string, string> = {
  'GET /api/health': 'open and answered by the Worker itself (KV and D1): no upstream call to gate',
  'GET /api/sessions': 'answered by the Worker itself (its D1 and Supabase Auth), not forwarded',
  'DELETE /api/sessions/:id': 'answered by the Worker itself (its D1 and Supabase Auth), not forwarded',
  'POST /api/sessions/sign-out-others': 'answered by the Worker itself (its D1 and Supabase Auth), not forwarded',
  'GET /api/live':
    'a WebSocket upgrade answered by the Worker and its Durable Object; its one upstream call is the declared GET /wallets/canton/parties, gated as that route',
};

/** The case of every route the contract declares (LOCAL_ROUTES left out); throws for a route in neither. */
export function declaredCases(): [string, RouteCase][] {
  return declaredRoutes().flatMap(({ key }): [string, RouteCase][] => {
    if (key in LOCAL_ROUTES) return [];
    const c = ROUTES[key];
    if (!c) throw new Error(`${key} is declared in the contract but has no case in tests/remote/routes.ts ROUTES (nor an exemption in LOCAL_ROUTES)`);
    return [[key, c]];
  });
}

/** Ids a crafted client sends as a path param, written exactly as they go on the wire. */
export const CRAFTED_IDS = ['%20..%20', '..', '%2e%2e', 'a%2Fb', '%2E%2E%2Fvote', '.%2e', '%20.%20'] as const;

/** `template` with each `:param` replaced by `raw(value)`. */
export function fill(template: string, params: Record<string, string>, raw: (v: string) => string = encodeURIComponent): string {
  return template.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${template}`);
    return raw(value);
  });
}
