// The BFF routers end to end through the real Worker: token verification (require-user),
// validation, forwarding with the verified user and Idempotency-Key, the embedded core on D1.
// Users sign in through the local sign-in service; their accounts come from the fixtures.
import { describe, expect, it } from 'vitest';
import { bearer, signIn, uniquePhone } from '../auth';
import { createUser as createFixtureUser, createUserWithParty as createFixtureUserWithParty, expectedCents, scalar } from '../fixtures';
import { call } from '../helpers';

const tokens = new Map<string, string>();

/** A signed-in user whose profile and account come from the fixtures (so provisioning is skipped). */
async function createUser() {
  const session = await signIn(uniquePhone());
  tokens.set(session.userId, session.accessToken);
  return createFixtureUser(undefined, session.userId);
}

async function createUserWithParty() {
  const session = await signIn(uniquePhone());
  tokens.set(session.userId, session.accessToken);
  return createFixtureUserWithParty(undefined, session.userId);
}

async function api(userId: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await call(`/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...bearer(tokens.get(userId) ?? ''), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('BFF routers', () => {
  it.each(['/api/wallets/canton/status', '/api/transactions/account/x', '/api/support/tickets', '/api/feature-requests'])(
    'answer 401 through the Worker without a verified user: %s',
    async (path) => {
      const res = await call(path);
      expect(res.status).toBe(401);
      expect(await res.json()).toHaveProperty('message');
    },
  );

  it('creates the Canton wallet, transfers with Idempotency-Key (replayed), accepts and reads the balance by party id', async () => {
    const { userId, accountId } = await createUser();
    const created = await api(userId, '/wallets/digital-asset', { body: { account_id: accountId } });
    expect(created.status).toBe(200);
    const partyId = created.body.data.cantonPartyId as string;

    const headers = { 'idempotency-key': 'bff-transfer-1' };
    const t1 = await api(userId, '/wallets/transfer', { body: { account_id: accountId, amount: 100 }, headers });
    const t2 = await api(userId, '/wallets/transfer', { body: { account_id: accountId, amount: 100 }, headers });
    expect(t1.body.data).toMatchObject({ amount: '100.0000000000', toPartyId: partyId });
    expect(t2.body).toEqual(t1.body);
    expect((await api(userId, '/wallets/transfer', { body: { account_id: accountId, amount: 5 }, headers })).status).toBe(422);

    expect((await api(userId, '/wallets/auto-accept', { body: { account_id: accountId } })).body.data.contractsAccepted).toBe(1);
    const bal = await api(userId, `/wallets/canton/balance/${encodeURIComponent(partyId)}`);
    expect(bal.body.data.balance).toBe('100.0000000000');
    const txs = await api(userId, `/transactions/account/${accountId}?limit=1`);
    expect(txs.body.data).toEqual([expect.objectContaining({ status: 'COMPLETED', amount_usd: await expectedCents('100') })]);
  });

  it('answers 400 at the BFF for a bad transfer amount, before anything is forwarded', async () => {
    const { userId, accountId, partyId } = await createUserWithParty();
    const { status, body } = await api(userId, '/wallets/transfer', { body: { account_id: accountId, amount: '10000.5' } });
    expect(status).toBe(400);
    expect(body.message).toMatch(/amount/);
    expect(await scalar('SELECT COUNT(*) FROM ledger_transfer_offers WHERE receiver_party = ?', partyId)).toBe(0);
  });

  it("passes the core's 404 for another user's wallet through", async () => {
    const owner = await createUserWithParty();
    const other = await createUser();
    const res = await api(other.userId, `/wallets/${owner.accountId}/categories`);
    expect(res).toEqual({ status: 404, body: { message: 'Account not found', code: 'not_found' } });
    expect((await api(other.userId, '/wallets', { body: { account_id: owner.accountId } })).status).toBe(404);
    const own = await api(owner.userId, '/wallets', { body: { account_id: owner.accountId, label: 'Hardware key' } });
    expect(own.body.data).toMatchObject({ kind: 'self_custody', label: 'Hardware key', address: null });
  });

  it('forwards feature-request filters and votes', async () => {
    const { userId } = await createUser();
    const list = await api(userId, '/feature-requests?status=rejected&sortBy=total_score&sortOrder=desc&limit=50');
    expect(list.body.data.map((r: { id: string }) => r.id)).toContain('fr-seed-10');
    expect(list.body.data.every((r: { status: string }) => r.status === 'rejected')).toBe(true);
    const voted = await api(userId, '/feature-requests/fr-seed-10/vote', { body: { vote_type: 'upvote' } });
    expect(voted.body.data.my_vote).toBe('upvote');
    expect((await api(userId, '/feature-requests/fr-seed-10/vote', { body: { vote_type: 'upvote' } })).status).toBe(409);
    expect((await api(userId, '/feature-requests/fr-seed-10/vote', { method: 'DELETE' })).status).toBe(200);
    expect((await api(userId, '/feature-requests/fr-seed-10/my-vote')).status).toBe(404);
  });

  it('creates a support ticket and refuses an internal comment from the user', async () => {
    const { userId } = await createUser();
    const t = await api(userId, '/support/tickets', { body: { title: ' Help ', description: ' Where is my CC? ' } });
    expect(t.status).toBe(200);
    expect(t.body.data).toMatchObject({ title: 'Help', category: 'general', priority: 'medium' });
    const c = await api(userId, `/support/tickets/${t.body.data.id}/comments`, { body: { content: 'psst', is_internal: true } });
    expect(c.status).toBe(403);
  });
});
