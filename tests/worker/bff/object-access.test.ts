// Object-level access (OWASP API1:2023, BOLA): every BFF route is classified in the table below, and
// the list of routes comes from the contract (src/shared/contract), so a route declared later without
// an entry fails.
// Every route that takes an id of an account, wallet, party, ticket, feature request, transaction,
// session or user (in its path or its body) is called by a second user with the victim's ids: each answers 404
// {message} and the database is byte-for-byte unchanged. Lists are called too: none shows a victim id.
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signIn, uniquePhone } from '../auth';
import { declaredApiRoutes, fillPath } from '../bff-route-table';
import { dbDigest } from '../db-snapshot';
import { OPEN_LIMIT_BUY, verifyIdentity } from '../fixtures';

interface Victim {
  userId: string;
  accountId: string;
  secondAccountId: string;
  partyId: string;
  cantonWalletId: string;
  selfCustodyWalletId: string;
  externalWalletId: string;
  transactionId: string;
  ticketId: string;
  featureRequestId: string;
  sessionId: string;
  /** An unread notification (the faucet's offer to the victim). */
  notificationId: string;
  /** A pending offer the victim sent (to their second account's party) and one they received (the faucet's). */
  outgoingOfferId: string;
  incomingOfferId: string;
  /** The victim's identity verification (pending review). */
  identityVerificationId: string;
  /** The USD account's bank account and a pending withdrawal to it. */
  bankAccountId: string;
  withdrawalId: string;
  /** A quote the victim locked for their Canton wallet. */
  quoteId: string;
  /** An open limit order of the victim's brokerage account. */
  orderId: string;
  /** A recurring buy of the victim's brokerage account. */
  planId: string;
}

interface Req {
  params?: Record<string, string>;
  body?: unknown;
  query?: string;
}

type Entry =
  /** Takes the victim's id: a second user gets 404 and nothing changes. */
  | { foreign: (v: Victim) => Req }
  /** Takes a public id by design (market symbols, the shared feature-request board). */
  | { shared: (v: Victim) => Req; why: string }
  /** Takes no object id: acts on the caller's own data only (checked: shows no victim id). */
  | { own: Req | null; why: string };

const ED25519_KEY = 'a'.repeat(64);
const SIGNATURE = 'b'.repeat(128);

const TABLE: Record<string, Entry> = {
  'GET /api/health': { own: {}, why: 'open, no data' },
  // Accounts
  'GET /api/accounts/user/accounts': { own: {}, why: "the caller's accounts" },
  'GET /api/accounts/user/active-account': { own: {}, why: "the caller's active account" },
  'POST /api/accounts/user/switch-account': { foreign: (v) => ({ body: { accountId: v.secondAccountId } }) },
  'POST /api/accounts/user/create-account': { own: null, why: 'creates an account for the caller' },
  'PUT /api/accounts/user/accounts/:id/metadata': { foreign: (v) => ({ params: { id: v.accountId }, body: { accountName: 'Owned', metadata: { x: 1 } } }) },
  'DELETE /api/accounts/user/accounts/:id': { foreign: (v) => ({ params: { id: v.secondAccountId } }) },
  'POST /api/accounts/user/accounts/:id/set-primary': { foreign: (v) => ({ params: { id: v.secondAccountId } }) },
  'GET /api/accounts/:userId': { foreign: (v) => ({ params: { userId: v.userId } }) },
  'PATCH /api/accounts/:userId': { foreign: (v) => ({ params: { userId: v.userId }, body: { language: 'fs' } }) },
  // Market: public reference data, ids are ticker symbols.
  'GET /api/market': { own: {}, why: 'public market data' },
  'GET /api/market/stocks/:symbol': { shared: () => ({ params: { symbol: 'AAPL' } }), why: 'public market data' },
  'GET /api/market/assets/:symbol': { shared: () => ({ params: { symbol: 'CC' } }), why: 'public market data' },
  'GET /api/market/history/:symbol': { shared: () => ({ params: { symbol: 'AAPL' } }), why: 'public market data' },
  // Wallets and the ledger
  'GET /api/wallets/canton/status': { own: {}, why: "ledger status and the caller's party count" },
  'GET /api/wallets/canton/test': { own: {}, why: 'ledger self-test, no user data' },
  'GET /api/wallets/canton/parties': { own: {}, why: "the caller's parties" },
  'GET /api/wallets/canton/parties/:partyId/assets': { foreign: (v) => ({ params: { partyId: v.partyId } }) },
  'GET /api/wallets/canton/balance/:partyId': { foreign: (v) => ({ params: { partyId: v.partyId } }) },
  'GET /api/wallets/canton/assets': { own: {}, why: "assets over the caller's parties" },
  'POST /api/wallets/canton/prepare': { own: null, why: "stores an onboarding for the caller's own key" },
  'POST /api/wallets/canton/complete': {
    foreign: (v) => ({ body: { publicKey: ED25519_KEY, signedHash: SIGNATURE, walletId: v.selfCustodyWalletId, partyHint: 'taken' } }),
  },
  'POST /api/wallets/canton/holding-transactions': { foreign: (v) => ({ body: { partyId: v.partyId } }) },
  'POST /api/wallets/canton': { own: null, why: "creates the wallet of the caller's active account" },
  'POST /api/wallets/digital-asset': { foreign: (v) => ({ body: { account_id: v.accountId } }) },
  'POST /api/wallets/auto-accept': { foreign: (v) => ({ body: { account_id: v.accountId } }) },
  'POST /api/wallets/transfer': { foreign: (v) => ({ body: { account_id: v.accountId, amount: 1 } }) },
  'POST /api/wallets/canton/receivers/resolve': { foreign: (v) => ({ body: { account_id: v.accountId, receiver: v.partyId } }) },
  'POST /api/wallets/canton/send': { foreign: (v) => ({ body: { account_id: v.accountId, receiver_party: v.partyId, amount: 1 } }) },
  'GET /api/wallets/canton/offers/:accountId': { foreign: (v) => ({ params: { accountId: v.accountId } }) },
  'POST /api/wallets/canton/offers/:offerId/accept': { foreign: (v) => ({ params: { offerId: v.incomingOfferId }, body: { account_id: v.accountId } }) },
  'POST /api/wallets/canton/offers/:offerId/reject': { foreign: (v) => ({ params: { offerId: v.incomingOfferId }, body: { account_id: v.accountId } }) },
  'POST /api/wallets/canton/offers/:offerId/withdraw': { foreign: (v) => ({ params: { offerId: v.outgoingOfferId }, body: { account_id: v.accountId } }) },
  'GET /api/wallets/canton/preapproval/:accountId': { foreign: (v) => ({ params: { accountId: v.accountId } }) },
  'PUT /api/wallets/canton/preapproval/:accountId': { foreign: (v) => ({ params: { accountId: v.accountId }, body: { enabled: true } }) },
  'POST /api/wallets/external': { foreign: (v) => ({ body: { account_id: v.accountId, address: '0xabc', chain: 'ethereum' } }) },
  'POST /api/wallets/internal': { foreign: (v) => ({ body: { account_id: v.accountId } }) },
  'POST /api/wallets': { foreign: (v) => ({ body: { account_id: v.accountId, label: 'Mine now' } }) },
  'PATCH /api/wallets/:id/deactivate': { foreign: (v) => ({ params: { id: v.externalWalletId } }) },
  'GET /api/wallets/:accountId/categories': { foreign: (v) => ({ params: { accountId: v.accountId } }) },
  'GET /api/wallets/:accountId': { foreign: (v) => ({ params: { accountId: v.accountId } }) },
  // Transactions
  'GET /api/transactions/account/:id': { foreign: (v) => ({ params: { id: v.accountId } }) },
  'GET /api/transactions/wallet/:id': { foreign: (v) => ({ params: { id: v.cantonWalletId } }) },
  'GET /api/transactions/account/:id/export': { foreign: (v) => ({ params: { id: v.accountId } }) },
  'GET /api/transactions/:id': { foreign: (v) => ({ params: { id: v.transactionId } }) },
  // Support
  'GET /api/support/tickets': { own: {}, why: "the caller's tickets" },
  'POST /api/support/tickets': { own: null, why: 'creates a ticket for the caller' },
  'GET /api/support/tickets/:id': { foreign: (v) => ({ params: { id: v.ticketId } }) },
  'PUT /api/support/tickets/:id': { foreign: (v) => ({ params: { id: v.ticketId }, body: { status: 'closed' } }) },
  'GET /api/support/tickets/:id/comments': { foreign: (v) => ({ params: { id: v.ticketId } }) },
  'POST /api/support/tickets/:id/comments': { foreign: (v) => ({ params: { id: v.ticketId }, body: { content: 'Hi from a stranger' } }) },
  // Feature requests: a community board everyone reads and votes on; only the author edits.
  'GET /api/feature-requests': { own: {}, why: 'the public board (authors of anonymous requests hidden)' },
  'GET /api/feature-requests/categories': { own: {}, why: 'public categories' },
  'POST /api/feature-requests': { own: null, why: 'creates a request by the caller' },
  'GET /api/feature-requests/:id': { shared: (v) => ({ params: { id: v.featureRequestId } }), why: 'the public board' },
  'PATCH /api/feature-requests/:id': { foreign: (v) => ({ params: { id: v.featureRequestId }, body: { title: 'Taken over by someone' } }) },
  'DELETE /api/feature-requests/:id': { foreign: (v) => ({ params: { id: v.featureRequestId } }) },
  'POST /api/feature-requests/:id/vote': {
    shared: (v) => ({ params: { id: v.featureRequestId }, body: { vote_type: 'downvote' } }),
    why: 'anyone signed in votes',
  },
  'DELETE /api/feature-requests/:id/vote': { shared: (v) => ({ params: { id: v.featureRequestId } }), why: "removes the caller's own vote only" },
  'GET /api/feature-requests/:id/my-vote': { shared: (v) => ({ params: { id: v.featureRequestId } }), why: "the caller's own vote only" },
  // Notifications
  'GET /api/notifications': { own: {}, why: "the caller's notifications" },
  'POST /api/notifications/:id/read': { foreign: (v) => ({ params: { id: v.notificationId } }) },
  'POST /api/notifications/read': { foreign: (v) => ({ body: { through: v.notificationId } }) },
  'GET /api/onboarding': { own: {}, why: "the caller's own checklist, derived from their own profile and accounts" },
  // Identity verification: only ever the caller's own (the attacker reads theirs, never the victim's).
  'GET /api/identity-verification': { own: {}, why: "the caller's latest submission" },
  'POST /api/identity-verification': { own: null, why: "submits the caller's own identity" },
  // The USD account
  'POST /api/usd/accounts': { foreign: (v) => ({ body: { account_id: v.secondAccountId } }) },
  'GET /api/usd/accounts/:accountId': { foreign: (v) => ({ params: { accountId: v.accountId } }) },
  'GET /api/usd/accounts/:accountId/bank-accounts': { foreign: (v) => ({ params: { accountId: v.accountId } }) },
  'POST /api/usd/accounts/:accountId/bank-accounts': {
    foreign: (v) => ({
      params: { accountId: v.accountId },
      body: { holder_name: 'Ana Pérez', bank_name: 'Attacker Bank', account_number: '99999999', routing_number: '021000021' },
    }),
  },
  'POST /api/usd/accounts/:accountId/deposits': { foreign: (v) => ({ params: { accountId: v.accountId }, body: { amount: '1', rail: 'card' } }) },
  'POST /api/usd/accounts/:accountId/withdrawals': {
    foreign: (v) => ({ params: { accountId: v.accountId }, body: { amount: '1', bank_account_id: v.bankAccountId } }),
  },
  'POST /api/usd/accounts/:accountId/withdrawals/:movementId/cancel': {
    foreign: (v) => ({ params: { accountId: v.accountId, movementId: v.withdrawalId } }),
  },
  // Sessions
  'GET /api/sessions': { own: {}, why: "the caller's sessions" },
  'DELETE /api/sessions/:id': { foreign: (v) => ({ params: { id: v.sessionId } }) },
  'POST /api/sessions/sign-out-others': { own: null, why: "ends the caller's own other sessions" },
  // The live channel (a WebSocket upgrade; bearer accepted for clients that can set headers).
  // Quotes
  'GET /api/brokerage/accounts/:accountId': { foreign: (v) => ({ params: { accountId: v.accountId } }) },
  'POST /api/brokerage/accounts/:accountId': {
    foreign: (v) => ({
      params: { accountId: v.accountId },
      body: {
        suitability: { experience: 'some', risk_tolerance: 'medium', horizon: 'long' },
        w8ben: { legal_name: 'Ana Pérez', country: 'AR', signature: 'Ana Pérez', certified: true },
      },
    }),
  },
  'POST /api/brokerage/accounts/:accountId/orders': {
    foreign: (v) => ({ params: { accountId: v.accountId }, body: { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', notional: '5.00' } }),
  },
  'GET /api/brokerage/accounts/:accountId/orders': { foreign: (v) => ({ params: { accountId: v.accountId } }) },
  'GET /api/brokerage/accounts/:accountId/orders/:orderId': { foreign: (v) => ({ params: { accountId: v.accountId, orderId: v.orderId } }) },
  'DELETE /api/brokerage/accounts/:accountId/orders/:orderId': { foreign: (v) => ({ params: { accountId: v.accountId, orderId: v.orderId } }) },
  'GET /api/brokerage/accounts/:accountId/positions': { foreign: (v) => ({ params: { accountId: v.accountId } }) },
  'GET /api/brokerage/accounts/:accountId/positions/:symbol': { foreign: (v) => ({ params: { accountId: v.accountId, symbol: 'AAPL' } }) },
  'DELETE /api/brokerage/accounts/:accountId/positions/:symbol': { foreign: (v) => ({ params: { accountId: v.accountId, symbol: 'AAPL' } }) },
  'GET /api/brokerage/accounts/:accountId/recurring-buys': { foreign: (v) => ({ params: { accountId: v.accountId } }) },
  'POST /api/brokerage/accounts/:accountId/recurring-buys': {
    foreign: (v) => ({ params: { accountId: v.accountId }, body: { symbol: 'AAPL', notional: '5.00', frequency: 'weekly', start_date: '2027-06-01' } }),
  },
  'GET /api/brokerage/accounts/:accountId/recurring-buys/:planId': { foreign: (v) => ({ params: { accountId: v.accountId, planId: v.planId } }) },
  'PATCH /api/brokerage/accounts/:accountId/recurring-buys/:planId': {
    foreign: (v) => ({ params: { accountId: v.accountId, planId: v.planId }, body: { status: 'paused' } }),
  },
  'DELETE /api/brokerage/accounts/:accountId/recurring-buys/:planId': { foreign: (v) => ({ params: { accountId: v.accountId, planId: v.planId } }) },
  'GET /api/brokerage/accounts/:accountId/portfolio/history': { foreign: (v) => ({ params: { accountId: v.accountId } }) },
  'GET /api/brokerage/clock': { own: {}, why: 'no object: the market clock' },
  'GET /api/brokerage/calendar': { own: { query: 'start=2026-12-21&end=2026-12-28' }, why: 'no object: the market calendar' },
  'GET /api/quotes/indicative': { own: { query: 'amount_usd=20.00&destination_asset=CC' }, why: 'no object: the amount at the market price' },
  'POST /api/quotes': {
    foreign: (v) => ({ body: { amount_usd: '20.00', onramp_provider: 'usdc', wallet_id: v.cantonWalletId, destination_asset: 'CC' } }),
  },
  'POST /api/quotes/:id/execute': { foreign: (v) => ({ params: { id: v.quoteId } }) },
  'GET /api/live': { foreign: (v) => ({ query: `party=${encodeURIComponent(v.partyId)}` }) },
};

type Session = { accessToken: string; userId: string };

const api = apiAs;

async function ok<T = any>(who: Session, method: string, path: string, body?: unknown, status = 200): Promise<T> {
  const res = await api(who, method, path, body);
  if (res.status !== status) throw new Error(`${method} ${path} answered ${res.status}: ${res.text}`);
  return res.body.data as T;
}

/** A user with one of everything, built through the BFF as the user would. */
async function buildVictim(s: Session): Promise<Victim> {
  const accounts = await ok(s, 'GET', '/api/accounts/user/accounts');
  const accountId = accounts.accounts[0].account_id as string;
  const second = await ok(s, 'POST', '/api/accounts/user/create-account', { accountName: 'Victim business' });
  const canton = await ok(s, 'POST', '/api/wallets/digital-asset', { account_id: accountId });
  await ok(s, 'POST', '/api/wallets/transfer', { account_id: accountId, amount: 25 });
  await ok(s, 'POST', '/api/wallets/auto-accept', { account_id: accountId });
  const secondCanton = await ok(s, 'POST', '/api/wallets/digital-asset', { account_id: second.accountId });
  const sent = await ok(s, 'POST', '/api/wallets/canton/send', { account_id: accountId, receiver_party: secondCanton.cantonPartyId, amount: 5 });
  const incoming = await ok(s, 'POST', '/api/wallets/transfer', { account_id: accountId, amount: 2 });
  const selfCustody = await ok(s, 'POST', '/api/wallets', { account_id: accountId, label: 'Hardware key' });
  const external = await ok(s, 'POST', '/api/wallets/external', { account_id: accountId, address: '0xfeed', chain: 'ethereum', label: 'Exchange' });
  const txs = await ok(s, 'GET', `/api/transactions/account/${accountId}`);
  const ticket = await ok(s, 'POST', '/api/support/tickets', { title: 'Victim ticket', description: 'About my savings', priority: 'low' });
  await ok(s, 'POST', `/api/support/tickets/${ticket.id}/comments`, { content: 'More details' });
  const fr = await ok(s, 'POST', '/api/feature-requests', { title: 'Victim idea', description: 'A very good idea for all', is_anonymous: true });
  await ok(s, 'POST', `/api/feature-requests/${fr.id}/vote`, { vote_type: 'upvote' });
  const notifications = await ok(s, 'GET', '/api/notifications');
  const identity = await ok(s, 'POST', '/api/identity-verification', IDENTITY('V1111'));
  await verifyIdentity(s.userId);
  await ok(s, 'POST', '/api/usd/accounts', { account_id: accountId });
  const bank = await ok(s, 'POST', `/api/usd/accounts/${accountId}/bank-accounts`, {
    holder_name: 'Ana Pérez',
    bank_name: 'Victim Bank',
    account_number: '000123456789',
    routing_number: '021000021',
  });
  await ok(s, 'POST', `/api/usd/accounts/${accountId}/deposits`, { amount: '100', rail: 'bank' });
  const withdrawal = await ok(s, 'POST', `/api/usd/accounts/${accountId}/withdrawals`, { amount: '10', bank_account_id: bank.id });
  const quote = await ok(s, 'POST', '/api/quotes', { amount_usd: '20.00', onramp_provider: 'usdc', wallet_id: canton.walletId, destination_asset: 'CC' });
  await ok(s, 'POST', `/api/brokerage/accounts/${accountId}`, {
    suitability: { experience: 'some', risk_tolerance: 'medium', horizon: 'long' },
    w8ben: { legal_name: 'Ana Pérez', country: 'MX', signature: 'Ana Pérez', certified: true },
  });
  const order = await ok(s, 'POST', `/api/brokerage/accounts/${accountId}/orders`, OPEN_LIMIT_BUY, 201);
  const plan = await ok(
    s,
    'POST',
    `/api/brokerage/accounts/${accountId}/recurring-buys`,
    {
      symbol: 'AAPL',
      notional: '10.00',
      frequency: 'monthly',
      start_date: '2027-06-01',
    },
    201,
  );
  return {
    userId: s.userId,
    accountId,
    secondAccountId: second.accountId,
    partyId: canton.cantonPartyId,
    cantonWalletId: canton.walletId,
    selfCustodyWalletId: selfCustody.id,
    externalWalletId: external.id,
    transactionId: txs[0].id,
    ticketId: ticket.id,
    featureRequestId: fr.id,
    sessionId: decodeJwt(s.accessToken).session_id as string,
    notificationId: notifications.notifications[0].id,
    outgoingOfferId: sent.offerId,
    incomingOfferId: incoming.offerId,
    identityVerificationId: identity.id,
    bankAccountId: bank.id,
    withdrawalId: withdrawal.id,
    quoteId: quote.id,
    orderId: order.id,
    planId: plan.id,
  };
}

/** An identity submission with the document number `number` (its ending decides: docs/api.md). */
const IDENTITY = (number: string) => ({
  first_name: 'Vera',
  last_name: 'Victim',
  date_of_birth: '1988-02-03',
  country: 'MX',
  document_type: 'passport',
  document_number: number,
  consent: true,
});

const routes = declaredApiRoutes();
let victim: Victim;
let attacker: Session;

beforeAll(async () => {
  const v = await signIn(uniquePhone());
  victim = await buildVictim(v);
  attacker = await signIn(uniquePhone());
  // The attacker's first call provisions their own profile and account (outside any comparison), and
  // they verify their own identity, so that reading "the latest submission" has one of theirs to show.
  await ok(attacker, 'GET', '/api/accounts/user/accounts');
  await ok(attacker, 'POST', '/api/identity-verification', IDENTITY('A5678'));
  // The attacker's first call provisions their own profile and account (outside any comparison); a
  // verified attacker, so that no USD call is refused for want of verification rather than scope.
  await ok(attacker, 'GET', '/api/accounts/user/accounts');
  await verifyIdentity(attacker.userId);
});

const urlOf = (path: string, req: Req) => fillPath(path, req.params ?? {}) + (req.query ? `?${req.query}` : '');
const victimIds = () => Object.values(victim).filter((id) => id !== victim.featureRequestId);

describe('object-level access: the route table', () => {
  it('classifies every route the contract declares, and only declared routes', () => {
    const keys = routes.map((r) => r.key);
    expect(keys.length).toBeGreaterThan(40);
    expect(
      keys.filter((k) => !(k in TABLE)),
      'routes missing from the object-access table',
    ).toEqual([]);
    expect(
      Object.keys(TABLE).filter((k) => !keys.includes(k)),
      'table entries for routes that no longer exist',
    ).toEqual([]);
  });

  it('treats every route with a path param as foreign or as shared by design, never as own', () => {
    const withParams = routes.filter((r) => r.params.length > 0);
    expect(withParams.filter((r) => 'own' in TABLE[r.key]!).map((r) => r.key)).toEqual([]);
  });
});

describe("object-level access: a second user with the victim's ids", () => {
  const foreign = routes.filter((r) => 'foreign' in (TABLE[r.key] ?? {}));

  it.each(foreign.map((r) => [r.key, r] as const))('%s answers 404 {message} and changes nothing', async (_key, route) => {
    const entry = TABLE[route.key] as { foreign: (v: Victim) => Req };
    const req = entry.foreign(victim);
    const before = await dbDigest();
    const res = await api(attacker, route.method, urlOf(route.path, req), req.body);
    expect(res.status, res.text).toBe(404);
    expect(typeof res.body.message).toBe('string');
    for (const id of victimIds()) expect(res.text).not.toContain(id);
    expect(await dbDigest()).toEqual(before);
  });

  it.each(routes.filter((r) => r.method === 'GET' && 'own' in (TABLE[r.key] ?? {})).map((r) => [r.key, r] as const))(
    '%s shows the second user none of the victim ids',
    async (_key, route) => {
      const { own } = TABLE[route.key] as { own: Req | null };
      const res = await api(attacker, 'GET', urlOf(route.path, own ?? {}));
      expect(res.status).toBe(200);
      for (const id of victimIds()) expect(res.text).not.toContain(id);
    },
  );

  it('the shared board: a second user reads the victim request without its author, and votes only for themself', async () => {
    const id = victim.featureRequestId;
    const read = await ok(attacker, 'GET', `/api/feature-requests/${id}`);
    expect(read).toMatchObject({ id, is_mine: false, author: null, my_vote: null });
    expect(read.upvotes).toBe(1);
    expect((await api(attacker, 'GET', `/api/feature-requests/${id}/my-vote`)).status).toBe(404);
    const voted = await ok(attacker, 'POST', `/api/feature-requests/${id}/vote`, { vote_type: 'downvote' });
    expect(voted).toBeTruthy();
    const after = await ok(attacker, 'GET', `/api/feature-requests/${id}`);
    expect(after).toMatchObject({ upvotes: 1, downvotes: 1, total_score: 0, my_vote: 'downvote', title: 'Victim idea' });
    await ok(attacker, 'DELETE', `/api/feature-requests/${id}/vote`);
    // Removing "a vote" removed the caller's, not the victim's.
    expect(await ok(attacker, 'GET', `/api/feature-requests/${id}`)).toMatchObject({ upvotes: 1, downvotes: 0 });
    for (const key of ['GET /api/market/stocks/:symbol', 'GET /api/market/assets/:symbol', 'GET /api/market/history/:symbol']) {
      const route = routes.find((r) => r.key === key)!;
      const req = (TABLE[key] as { shared: (v: Victim) => Req }).shared(victim);
      expect((await api(attacker, 'GET', urlOf(route.path, req))).status).toBe(200);
    }
  });
});
