// The upstream contract (src/worker/upstream/contract.ts) is true and complete: every BFF route that
// forwards has its entry, and, in the embedded default (real core, real D1), the core's real answer to
// every entry matches the entry's schema exactly (nothing the core answers would be stripped).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../../src/worker/index';
import { matchUpstreamRoute, UPSTREAM_ROUTES } from '../../../src/worker/upstream/contract';
import { bearer, signIn, uniquePhone } from '../auth';
import { db, verifyIdentity } from '../fixtures';
import { apiRoutes } from '../bff-route-table';

const testEnv = env;

/**
 * BFF routes that answer without forwarding to the upstream (the market reads its sources itself;
 * sessions are the sign-in's; the CSV export pages the upstream's list route, GET /transactions/account/:id).
 */
const NOT_FORWARDED = new Set([
  'GET /api/health',
  'GET /api/market',
  'GET /api/market/stocks/:symbol',
  'GET /api/market/assets/:symbol',
  'GET /api/sessions',
  'DELETE /api/sessions/:id',
  'POST /api/sessions/sign-out-others',
  'GET /api/transactions/account/:id/export',
  // The live channel's WebSocket: the Worker and its Durable Object (it asks GET /wallets/canton/parties).
  'GET /api/live',
]);

describe('the upstream route table', () => {
  it('has an entry for every BFF route that forwards, and none for a route the BFF does not have', () => {
    const forwarded = apiRoutes()
      .filter((r) => !NOT_FORWARDED.has(r.key))
      .map((r) => `${r.method} ${r.path.replace(/^\/api/, '')}`)
      .sort();
    expect(UPSTREAM_ROUTES.map((r) => r.key).sort()).toEqual(forwarded);
  });

  it('matches static segments before params (GET /feature-requests/categories is not a request id)', () => {
    const m = matchUpstreamRoute('GET', '/feature-requests/categories');
    expect(m.ok && m.route.key).toBe('GET /feature-requests/categories');
    const n = matchUpstreamRoute('GET', '/wallets/canton/assets');
    expect(n.ok && n.route.key).toBe('GET /wallets/canton/assets');
  });
});

describe("the contract's schemas against the embedded core", () => {
  it('every route of the table: the real answer parses with its schema and loses nothing', { timeout: 30_000 }, async () => {
    const { accessToken, userId } = await signIn(uniquePhone());
    const checked = new Set<string>();

    /** Calls the BFF (embedded default), checks its `status` and `data` against the route's schema, answers `data`. */
    async function check(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, status = 200): Promise<any> {
      const res = await app.fetch(
        new Request(`http://app.test/api${path}`, {
          method,
          headers: { ...bearer(accessToken), 'content-type': 'application/json', ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
        testEnv,
      );
      const answer = await res.json<{ data: unknown; message?: string }>();
      expect(res.status, `${method} ${path}: ${answer.message}`).toBe(status);
      const match = matchUpstreamRoute(method, path.split('?')[0]!);
      if (!match.ok) throw new Error(`${method} ${path} has no route in the table: ${match.reason}`);
      const parsed = match.route.answer.safeParse(answer);
      if (!parsed.success) throw new Error(`${match.route.key}: ${JSON.stringify(parsed.error.issues[0])}`);
      // Equal after parsing: the schema names every field the core answers (none would be stripped).
      expect(parsed.data, match.route.key).toEqual(answer);
      checked.add(match.route.key);
      return answer.data;
    }
    const enc = encodeURIComponent;

    // Accounts (the first call provisions a profile and a Personal account)
    const accounts = await check('GET', '/accounts/user/accounts');
    const personal: string = accounts.accounts[0].account_id;
    await check('GET', '/accounts/user/active-account');
    await check('GET', `/accounts/${userId}`);
    await check('PATCH', `/accounts/${userId}`, { language: 'es' });
    const travel: string = (await check('POST', '/accounts/user/create-account', { accountName: 'Travel', accountDescription: 'Trips' })).accountId;
    await check('PUT', `/accounts/user/accounts/${travel}/metadata`, {
      accountDescription: 'Trips abroad',
      metadata: { color: 'blue', limits: { daily: [1, 2] } },
    });
    const old: string = (await check('POST', '/accounts/user/create-account', { accountName: 'Old' })).accountId;
    await check('DELETE', `/accounts/user/accounts/${old}`);

    // Wallets and the ledger: a digital-assets wallet, a transfer accepted, a self-custody party
    const digital = await check('POST', '/wallets/digital-asset', { account_id: personal });
    const partyId: string = digital.cantonPartyId;
    await check('POST', '/wallets/canton');
    const transfer = await check('POST', '/wallets/transfer', { account_id: personal, amount: '5' }, { 'idempotency-key': crypto.randomUUID() });
    await check('GET', `/wallets/canton/balance/${enc(partyId)}`);
    await check('POST', '/wallets/auto-accept', { account_id: personal }, { 'idempotency-key': crypto.randomUUID() });
    await check('POST', '/wallets/canton/holding-transactions', { partyId });
    // Person to person: a friend found by phone; an offer withdrawn, one rejected, one accepted, one settled at once.
    const friendPhone = uniquePhone();
    const friend = bearer((await signIn(friendPhone)).accessToken);
    const friendAccount: string = (await check('GET', '/accounts/user/accounts', undefined, friend)).accounts[0].account_id;
    const friendParty: string = (await check('POST', '/wallets/digital-asset', { account_id: friendAccount }, friend)).cantonPartyId;
    expect((await check('POST', '/wallets/canton/receivers/resolve', { account_id: personal, receiver: friendPhone })).partyId).toBe(friendParty);
    const sendTo = () =>
      check('POST', '/wallets/canton/send', { account_id: personal, receiver_party: friendParty, amount: '1' }, { 'idempotency-key': crypto.randomUUID() });
    const withdrawn = await sendTo();
    expect((await check('GET', `/wallets/canton/offers/${personal}`)).outgoing).toHaveLength(1);
    expect((await check('GET', `/wallets/canton/offers/${friendAccount}`, undefined, friend)).incoming).toHaveLength(1);
    await check('POST', `/wallets/canton/offers/${withdrawn.offerId}/withdraw`, { account_id: personal });
    await check('POST', `/wallets/canton/offers/${(await sendTo()).offerId}/reject`, { account_id: friendAccount }, friend);
    await check(
      'POST',
      `/wallets/canton/offers/${(await sendTo()).offerId}/accept`,
      { account_id: friendAccount },
      { ...friend, 'idempotency-key': crypto.randomUUID() },
    );
    await check('PUT', `/wallets/canton/preapproval/${friendAccount}`, { enabled: true }, friend);
    await check('GET', `/wallets/canton/preapproval/${friendAccount}`, undefined, friend);
    expect((await sendTo()).status).toBe('COMPLETED');
    // Quotes: an indicative one, one locked for the wallet and executed by a verified person
    await check('GET', '/quotes/indicative?amount_usd=20.00&destination_asset=CC');
    const quote = await check('POST', '/quotes', { amount_usd: '20.00', onramp_provider: 'apple_pay', wallet_id: digital.walletId, destination_asset: 'CC' });
    await testEnv.DB.prepare("UPDATE profiles SET idv_status = 'approved' WHERE id = ?").bind(userId).run();
    await check('POST', `/quotes/${quote.id}/execute`, undefined, { 'idempotency-key': crypto.randomUUID() });
    await check('GET', '/wallets/canton/status');
    await check('GET', '/wallets/canton/test');
    await check('GET', '/wallets/canton/parties');
    await check('GET', `/wallets/canton/parties/${enc(partyId)}/assets`);
    await check('GET', '/wallets/canton/assets');
    const selfCustody = await check('POST', '/wallets', { account_id: personal, label: 'Ledger Nano' });
    const pair = await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']);
    const hex = (b: ArrayBuffer) => [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, '0')).join('');
    const publicKey = hex(await crypto.subtle.exportKey('raw', pair.publicKey));
    const prepared = await check('POST', '/wallets/canton/prepare', { publicKey });
    const hash = Uint8Array.from((prepared.multiHash as string).match(/../g)!.map((h) => parseInt(h, 16)));
    const signedHash = hex(await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, hash));
    await check('POST', '/wallets/canton/complete', { publicKey, signedHash, walletId: selfCustody.id, partyHint: 'ana-ledger' });
    const external = await check('POST', '/wallets/external', { account_id: personal, address: '0xabc123', chain: 'ethereum', label: 'MetaMask' });
    await check('POST', '/wallets/internal', { account_id: personal, label: 'Savings' });
    await check('PATCH', `/wallets/${external.id}/deactivate`);
    await check('GET', `/wallets/${personal}/categories`);
    await check('GET', `/wallets/${personal}`);
    // Switching and the primary flag move last: POST /wallets/canton works on the active account.
    await check('POST', '/accounts/user/switch-account', { accountId: travel });
    await check('POST', `/accounts/user/accounts/${travel}/set-primary`);

    // The USD account of a verified person: opened, a bank account, dollars in, a withdrawal cancelled
    await verifyIdentity(userId);
    await check('POST', '/usd/accounts', { account_id: personal });
    const bank = await check(
      'POST',
      `/usd/accounts/${personal}/bank-accounts`,
      { holder_name: 'Ana Pérez', bank_name: 'First Test Bank', account_number: '000123456789', routing_number: '021000021' },
      { 'idempotency-key': crypto.randomUUID() },
    );
    await check('GET', `/usd/accounts/${personal}/bank-accounts`);
    await check('POST', `/usd/accounts/${personal}/deposits`, { amount: '100', rail: 'card' }, { 'idempotency-key': crypto.randomUUID() });
    const withdrawal = await check('POST', `/usd/accounts/${personal}/withdrawals`, { amount: '25.50', bank_account_id: bank.id });
    await check('POST', `/usd/accounts/${personal}/withdrawals/${withdrawal.id}/cancel`);
    expect((await check('GET', `/usd/accounts/${personal}`)).available_cents).toBe(10000);

    // The brokerage account of the same verified person, opened with both documents; the market clock and calendar
    await check('GET', `/brokerage/accounts/${personal}`);
    const brokerage = await check(
      'POST',
      `/brokerage/accounts/${personal}`,
      {
        suitability: { experience: 'some', risk_tolerance: 'medium', horizon: 'long' },
        w8ben: { legal_name: 'Ana Pérez', country: 'AR', signature: 'Ana Pérez', certified: true },
      },
      {
        'idempotency-key': crypto.randomUUID(),
      },
    );
    expect(brokerage).toMatchObject({ status: 'active', cash_cents: 10000, buying_power_cents: 10000 });
    await check('GET', '/brokerage/clock');
    await check('GET', '/brokerage/calendar?start=2026-12-21&end=2026-12-28');
    // Orders and positions, with the market open (the test-only market time: a Tuesday at 10:00 New York)
    await db()
      .prepare(`INSERT OR REPLACE INTO market_settings (key, value) VALUES ('test_time_offset_ms', ?)`)
      .bind(String(Date.parse('2026-12-01T15:00:00.000Z') - Date.now()))
      .run();
    const orders = `/brokerage/accounts/${personal}/orders`;
    // Placed now: 201, as the core answers and the contract declares.
    const limit = await check('POST', orders, { symbol: 'AAPL', side: 'buy', type: 'limit', time_in_force: 'gtc', qty: '1', limit_price: '1.00' }, {}, 201);
    expect(limit.status).toBe('new');
    await check('GET', `${orders}/${limit.id}`);
    expect((await check('DELETE', `${orders}/${limit.id}`)).status).toBe('canceled');
    expect((await check('POST', orders, { symbol: 'AAPL', side: 'buy', type: 'market', time_in_force: 'day', notional: '10.00' }, {}, 201)).status).toBe(
      'filled',
    );
    expect(await check('GET', `${orders}?status=all`)).toHaveLength(2);
    expect(await check('GET', `/brokerage/accounts/${personal}/positions`)).toHaveLength(1);
    await check('GET', `/brokerage/accounts/${personal}/positions/AAPL`);
    expect((await check('DELETE', `/brokerage/accounts/${personal}/positions/AAPL`, undefined, {}, 201)).status).toBe('filled');
    // Recurring buys: create (idempotent), list, read, pause, delete.
    const recurring = `/brokerage/accounts/${personal}/recurring-buys`;
    const plan = await check(
      'POST',
      recurring,
      { symbol: 'AAPL', notional: '10.00', frequency: 'monthly', start_date: '2026-12-31' },
      { 'idempotency-key': crypto.randomUUID() },
      201,
    );
    expect(plan.next_run_date).toBe('2026-12-31');
    expect(await check('GET', recurring)).toHaveLength(1);
    await check('GET', `${recurring}/${plan.id}`);
    expect((await check('PATCH', `${recurring}/${plan.id}`, { status: 'paused' })).next_run_date).toBeNull();
    await check('DELETE', `${recurring}/${plan.id}`);
    expect((await check('GET', `/brokerage/accounts/${personal}/portfolio/history?period=3M`)).timeframe).toBe('1D');
    await db().prepare(`DELETE FROM market_settings WHERE key = 'test_time_offset_ms'`).run();

    // Transactions
    await check('GET', `/transactions/account/${personal}?limit=10`);
    await check('GET', `/transactions/wallet/${digital.walletId}`);
    await check('GET', `/transactions/${transfer.transactionId}`);

    // Support: a high-priority ticket (assigned, with the agent's comment) and a comment of the user's
    const ticket = await check('POST', '/support/tickets', { title: 'Card declined', description: 'My transfer was declined', priority: 'high' });
    await check('GET', '/support/tickets');
    await check('GET', `/support/tickets/${ticket.id}`);
    await check('PUT', `/support/tickets/${ticket.id}`, { title: 'Card declined twice' });
    await check('POST', `/support/tickets/${ticket.id}/comments`, { content: 'It happened again today' });
    expect((await check('GET', `/support/tickets/${ticket.id}/comments`)).length).toBeGreaterThanOrEqual(2);

    // Feature requests
    await check('GET', '/feature-requests/categories');
    const request = await check('POST', '/feature-requests', { title: 'Dark mode', description: 'A dark theme for the app', category: 'UI/UX' });
    await check('GET', '/feature-requests?limit=5');
    await check('GET', `/feature-requests/${request.id}`);
    await check('POST', `/feature-requests/${request.id}/vote`, { vote_type: 'upvote' });
    await check('GET', `/feature-requests/${request.id}/my-vote`);
    await check('DELETE', `/feature-requests/${request.id}/vote`);
    await check('PATCH', `/feature-requests/${request.id}`, { is_anonymous: true });
    await check('DELETE', `/feature-requests/${request.id}`);

    // Notifications: the friend was told of the offers sent to them, and reads them
    const told = await check('GET', '/notifications', undefined, friend);
    expect(told.notifications.length).toBeGreaterThan(0);
    await check('POST', `/notifications/${told.notifications[0].id}/read`, undefined, friend);
    await check('POST', '/notifications/read', { through: told.notifications[0].id }, friend);

    // Onboarding: the sender has sent, so one step of three is done
    expect((await check('GET', '/onboarding')).steps).toHaveLength(3);
    // Identity verification: a submission pending review, then read back
    const identity = { first_name: 'Ana', last_name: 'Pérez', date_of_birth: '1990-01-02', country: 'UY', document_type: 'passport', consent: true };
    // (by the friend: the sender's identity was approved for the USD account above)
    expect((await check('POST', '/identity-verification', { ...identity, document_number: 'P1111' }, friend)).status).toBe('pending');
    expect((await check('GET', '/identity-verification', undefined, friend)).decided_at).toBeNull();

    // Market history (public market data, served by the core from the seeded price history)
    expect((await check('GET', '/market/history/AAPL?range=1w')).points.length).toBeGreaterThan(1);

    expect([...checked].sort()).toEqual(UPSTREAM_ROUTES.map((r) => r.key).sort());
  });
});
