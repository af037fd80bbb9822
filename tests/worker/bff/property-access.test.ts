// Property-level access (OWASP API3:2023, mass assignment): every write of the BFF (the list comes
// from the contract, src/shared/contract; reads take no body and are out of scope) is sent with fields a user must not set — owners, ids, statuses, agent flags,
// vote counts, balances, timestamps — next to a valid body. Each is either refused (4xx) or stored
// without them; the checks read the rows back from D1.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signIn, uniquePhone } from '../auth';
import { declaredApiRoutes } from '../bff-route-table';
import { verifyIdentity } from '../fixtures';

const db = () => (env as unknown as { DB: D1Database }).DB;
type Session = { accessToken: string; userId: string };

/** Fields no client may set, whatever the route. */
const FORBIDDEN = (other: string) => ({
  id: 'forced-id',
  user_id: other,
  userId: other,
  owner: other,
  owner_id: other,
  author_id: other,
  author_user_id: other,
  author_agent_id: 'seed-agent',
  author_name: 'Support Team',
  created_by: other,
  assigned_agent_id: 'seed-agent',
  is_agent: true,
  role: 'service_role',
  status: 'completed',
  priority: 'critical',
  upvotes: 999,
  downvotes: 0,
  total_score: 999,
  balance: '1000000.0000000000',
  amount_usd: 99_999_999,
  is_primary: true,
  is_active: true,
  kind: 'digital_asset',
  created_at: '2000-01-01T00:00:00.000Z',
  updated_at: '2000-01-01T00:00:00.000Z',
});

const api = apiAs;

async function ok(who: Session, method: string, path: string, body?: unknown) {
  const res = await api(who, method, path, body);
  if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${res.text}`);
  return res.body.data;
}

const row = <T = Record<string, unknown>>(sql: string, ...params: unknown[]) =>
  db()
    .prepare(sql)
    .bind(...params)
    .first<T>();

let me: Session;
let other: Session;
let accountId: string;
let secondAccountId: string;
let otherFeature: string;

beforeAll(async () => {
  me = await signIn(uniquePhone());
  other = await signIn(uniquePhone());
  accountId = (await ok(me, 'GET', '/api/accounts/user/accounts')).accounts[0].account_id;
  secondAccountId = (await ok(me, 'POST', '/api/accounts/user/create-account', { accountName: 'Second' })).accountId;
  await ok(me, 'POST', '/api/wallets/digital-asset', { account_id: accountId });
  otherFeature = (await ok(other, 'POST', '/api/feature-requests', { title: 'Other idea', description: 'Somebody else wrote it' })).id;
});

/** Fields of the transfer answers no client may set either. */
const FORBIDDEN_TRANSFER = (otherParty: string) => ({
  senderPartyId: otherParty,
  receiverPartyId: otherParty,
  offerId: '00' + 'f'.repeat(64),
  transactionId: 'forced-tx',
  expiresAt: '2000-01-01T00:00:00.000Z',
  affectedParties: [otherParty],
  direction: 'received',
});

/**
 * The person-to-person cases act from the second account's party (funded with 20 CC once), so the
 * first account's auto-accept case still finds nothing pending; the other user's party receives.
 */
let p2p: Promise<{ mine: string; theirs: string }> | undefined;
const p2pParties = () =>
  (p2p ??= (async () => {
    const mine = (await ok(me, 'POST', '/api/wallets/digital-asset', { account_id: secondAccountId })).cantonPartyId as string;
    await ok(me, 'POST', '/api/wallets/transfer', { account_id: secondAccountId, amount: 20 });
    await ok(me, 'POST', '/api/wallets/auto-accept', { account_id: secondAccountId });
    const otherAccount = (await ok(other, 'GET', '/api/accounts/user/accounts')).accounts[0].account_id;
    const theirs = (await ok(other, 'POST', '/api/wallets/digital-asset', { account_id: otherAccount })).cantonPartyId as string;
    return { mine, theirs };
  })());

/** Each write route: what is sent (a valid body plus the forbidden fields) and what must hold after. */
const CASES: Record<string, (() => Promise<void>) | { noBody: string }> = {
  'POST /api/accounts/user/create-account': async () => {
    const res = await ok(me, 'POST', '/api/accounts/user/create-account', {
      ...FORBIDDEN(other.userId),
      accountName: 'Mass assigned',
      metadata: { admin: true },
    });
    expect(res.accountId).not.toBe('forced-id');
    const acc = await row<any>('SELECT * FROM accounts WHERE id = ?', res.accountId);
    expect(acc).toMatchObject({ created_by: me.userId, name: 'Mass assigned', metadata: '{}' });
    expect(acc.created_at).not.toBe('2000-01-01T00:00:00.000Z');
    expect(await row('SELECT is_primary, is_active, user_id FROM user_accounts WHERE account_id = ?', res.accountId)).toEqual({
      is_primary: 0,
      is_active: 0,
      user_id: me.userId,
    });
    expect(await row('SELECT COUNT(*) AS n FROM user_accounts WHERE account_id = ? AND user_id = ?', res.accountId, other.userId)).toEqual({ n: 0 });
  },
  'POST /api/accounts/user/switch-account': async () => {
    await ok(me, 'POST', '/api/accounts/user/switch-account', { ...FORBIDDEN(other.userId), accountId: secondAccountId });
    expect(await row('SELECT is_active FROM user_accounts WHERE account_id = ? AND user_id = ?', secondAccountId, me.userId)).toEqual({ is_active: 1 });
    expect(await row('SELECT COUNT(*) AS n FROM user_accounts WHERE user_id = ? AND is_active = 1', other.userId)).toEqual({ n: 1 });
    await ok(me, 'POST', '/api/accounts/user/switch-account', { accountId });
  },
  'PUT /api/accounts/user/accounts/:id/metadata': async () => {
    // A partial update refuses any field it does not declare (a strict body), and changes nothing.
    const before = await row('SELECT * FROM accounts WHERE id = ?', secondAccountId);
    const refused = await api(me, 'PUT', `/api/accounts/user/accounts/${secondAccountId}/metadata`, { ...FORBIDDEN(other.userId), accountName: 'Renamed' });
    expect(refused.status).toBe(400);
    expect(await row('SELECT * FROM accounts WHERE id = ?', secondAccountId)).toEqual(before);
    await ok(me, 'PUT', `/api/accounts/user/accounts/${secondAccountId}/metadata`, { accountName: 'Renamed' });
    const acc = await row<any>('SELECT * FROM accounts WHERE id = ?', secondAccountId);
    expect(acc).toMatchObject({ id: secondAccountId, created_by: me.userId, name: 'Renamed', account_type: 'individual' });
    expect(await row('SELECT is_primary FROM user_accounts WHERE account_id = ?', secondAccountId)).toEqual({ is_primary: 0 });
  },
  'DELETE /api/accounts/user/accounts/:id': { noBody: 'DELETE takes no body' },
  'POST /api/accounts/user/accounts/:id/set-primary': async () => {
    const res = await api(me, 'POST', `/api/accounts/user/accounts/${secondAccountId}/set-primary`, { ...FORBIDDEN(other.userId) });
    expect(res.status).toBe(200);
    // Only the caller's own flags moved.
    expect(await row('SELECT COUNT(*) AS n FROM user_accounts WHERE user_id = ? AND is_primary = 1', other.userId)).toEqual({ n: 1 });
    await ok(me, 'POST', `/api/accounts/user/accounts/${accountId}/set-primary`);
  },
  'PATCH /api/accounts/:userId': async () => {
    const before = await row('SELECT * FROM profiles WHERE id = ?', me.userId);
    const res = await api(me, 'PATCH', `/api/accounts/${me.userId}`, { language: 'es', name: 'Admin', idv_status: 'approved', id: 'forced-id' });
    expect(res.status).toBe(400);
    expect(await row('SELECT * FROM profiles WHERE id = ?', me.userId)).toEqual(before);
  },
  'POST /api/wallets/canton/prepare': async () => {
    const res = await ok(me, 'POST', '/api/wallets/canton/prepare', { ...FORBIDDEN(other.userId), publicKey: 'c'.repeat(64) });
    expect(await row('SELECT user_id FROM canton_onboarding WHERE fingerprint = ?', res.publicKeyFingerprint)).toEqual({ user_id: me.userId });
  },
  'POST /api/wallets/canton/complete': async () => {
    // Bad signature: refused whatever else is sent; no party is created.
    const wallet = await ok(me, 'POST', '/api/wallets', { account_id: accountId });
    const res = await api(me, 'POST', '/api/wallets/canton/complete', {
      ...FORBIDDEN(other.userId),
      publicKey: 'c'.repeat(64),
      signedHash: 'd'.repeat(128),
      walletId: wallet.id,
      partyHint: 'mine',
    });
    expect(res.status).toBe(400);
    expect(await row('SELECT address FROM wallets WHERE id = ?', wallet.id)).toEqual({ address: null });
  },
  'POST /api/wallets/canton/holding-transactions': { noBody: 'a read (POST with the party id)' },
  'POST /api/wallets/canton': async () => {
    const res = await ok(me, 'POST', '/api/wallets/canton', FORBIDDEN(other.userId));
    expect(await row('SELECT account_id, kind, created_by FROM wallets WHERE id = ?', res.walletId)).toEqual({
      account_id: accountId,
      kind: 'digital_asset',
      created_by: me.userId,
    });
  },
  'POST /api/wallets/digital-asset': async () => {
    const res = await ok(me, 'POST', '/api/wallets/digital-asset', {
      ...FORBIDDEN(other.userId),
      account_id: accountId,
      partyId: 'forced::1220' + '0'.repeat(64),
    });
    expect(res.cantonPartyId).not.toMatch(/^forced::/);
    expect(await row('SELECT role, key_kind FROM ledger_parties WHERE party_id = ?', res.cantonPartyId)).toEqual({ role: 'user', key_kind: 'hosted' });
  },
  'POST /api/wallets/auto-accept': async () => {
    const res = await ok(me, 'POST', '/api/wallets/auto-accept', { ...FORBIDDEN(other.userId), account_id: accountId, contractsAccepted: 50 });
    expect(res.contractsAccepted).toBe(0);
  },
  'POST /api/wallets/transfer': async () => {
    const party = (await ok(me, 'POST', '/api/wallets/digital-asset', { account_id: accountId })).cantonPartyId;
    const res = await ok(me, 'POST', '/api/wallets/transfer', {
      ...FORBIDDEN(other.userId),
      account_id: accountId,
      amount: '2',
      fromPartyId: party,
      toPartyId: 'someone::1220' + 'f'.repeat(64),
      instrument: 'USDX',
    });
    expect(res).toMatchObject({ amount: '2.0000000000', toPartyId: party, status: 'PENDING' });
    const offer = await row<any>('SELECT * FROM ledger_transfer_offers WHERE id = ?', res.offerId);
    expect(offer).toMatchObject({ receiver_party: party, status: 'pending', amount: 20_000_000_000 });
    expect(offer.sender_party).not.toBe(party);
    expect(await row('SELECT status, amount_usd FROM transactions WHERE id = ?', res.transactionId)).toMatchObject({ status: 'PENDING' });
  },
  'POST /api/quotes': async () => {
    const wallet = await ok(me, 'POST', '/api/wallets/digital-asset', { account_id: accountId });
    const res = await ok(me, 'POST', '/api/quotes', {
      ...FORBIDDEN(other.userId),
      exchange_rate: '1000',
      net_destination_amount: '1000000.0000000000',
      fees_usd: '0.00',
      price_usd: '0.0001',
      expires_at: '2999-01-01T00:00:00.000Z',
      amount_usd: '20.00',
      onramp_provider: 'usdc',
      wallet_id: wallet.walletId,
      destination_asset: 'CC',
    });
    expect(res).toMatchObject({ input_amount_usd: '20.00', fees_usd: '2.50', wallet_id: wallet.walletId });
    expect(res.net_destination_amount).not.toBe('1000000.0000000000');
    const stored = await row<any>('SELECT user_id, status, fee_usd_cents, amount_usd_cents, expires_at FROM quotes WHERE id = ?', res.id);
    expect(stored).toMatchObject({ user_id: me.userId, status: 'locked', fee_usd_cents: 250, amount_usd_cents: 2000 });
    expect(Date.parse(stored.expires_at) - Date.now()).toBeLessThanOrEqual(30_000);
  },
  'POST /api/quotes/:id/execute': { noBody: "takes no body: executes the caller's own quote with its locked figures" },
  'POST /api/wallets/canton/receivers/resolve': { noBody: 'a read (POST with the receiver): writes nothing' },
  'POST /api/wallets/canton/send': async () => {
    const { mine, theirs } = await p2pParties();
    const res = await ok(me, 'POST', '/api/wallets/canton/send', {
      ...FORBIDDEN(other.userId),
      ...FORBIDDEN_TRANSFER(theirs),
      account_id: secondAccountId,
      receiver_party: theirs,
      amount: '1',
    });
    expect(res).toMatchObject({ status: 'PENDING', senderPartyId: mine, receiverPartyId: theirs, amount: '1.0000000000' });
    expect(res.expiresAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect(await row('SELECT sender_party, status FROM ledger_transfer_offers WHERE id = ?', res.offerId)).toEqual({ sender_party: mine, status: 'pending' });
    expect(await row('SELECT account_id, direction, status, amount_usd < 0 AS out FROM transactions WHERE id = ?', res.transactionId)).toEqual({
      account_id: secondAccountId,
      direction: 'sent',
      status: 'PENDING',
      out: 1,
    });
  },
  'POST /api/wallets/canton/offers/:offerId/accept': async () => {
    const { mine, theirs } = await p2pParties();
    const offer = await ok(me, 'POST', '/api/wallets/transfer', { account_id: secondAccountId, amount: '1' });
    const res = await ok(me, 'POST', `/api/wallets/canton/offers/${offer.offerId}/accept`, {
      ...FORBIDDEN(other.userId),
      ...FORBIDDEN_TRANSFER(theirs),
      account_id: secondAccountId,
    });
    expect(res).toMatchObject({ offerId: offer.offerId, status: 'accepted', transactionId: offer.transactionId });
    expect(await row("SELECT owner_party FROM ledger_holdings WHERE created_by = 'offer:' || ?", offer.offerId)).toEqual({ owner_party: mine });
  },
  'POST /api/wallets/canton/offers/:offerId/reject': async () => {
    const { theirs } = await p2pParties();
    const offer = await ok(me, 'POST', '/api/wallets/transfer', { account_id: secondAccountId, amount: '1' });
    const res = await ok(me, 'POST', `/api/wallets/canton/offers/${offer.offerId}/reject`, {
      ...FORBIDDEN(other.userId),
      ...FORBIDDEN_TRANSFER(theirs),
      account_id: secondAccountId,
    });
    expect(res).toMatchObject({ offerId: offer.offerId, status: 'rejected' });
    expect(await row('SELECT status FROM ledger_transfer_offers WHERE id = ?', offer.offerId)).toEqual({ status: 'rejected' });
    expect(await row('SELECT status, status_reason FROM transactions WHERE id = ?', offer.transactionId)).toEqual({
      status: 'FAILED',
      status_reason: 'rejected',
    });
  },
  'POST /api/wallets/canton/offers/:offerId/withdraw': async () => {
    const { theirs } = await p2pParties();
    const sent = await ok(me, 'POST', '/api/wallets/canton/send', { account_id: secondAccountId, receiver_party: theirs, amount: '1' });
    const res = await ok(me, 'POST', `/api/wallets/canton/offers/${sent.offerId}/withdraw`, {
      ...FORBIDDEN(other.userId),
      ...FORBIDDEN_TRANSFER(theirs),
      account_id: secondAccountId,
    });
    expect(res).toMatchObject({ offerId: sent.offerId, status: 'withdrawn' });
    expect(await row('SELECT status FROM ledger_transfer_offers WHERE id = ?', sent.offerId)).toEqual({ status: 'withdrawn' });
  },
  'PUT /api/wallets/canton/preapproval/:accountId': async () => {
    const { mine, theirs } = await p2pParties();
    const res = await ok(me, 'PUT', `/api/wallets/canton/preapproval/${secondAccountId}`, {
      ...FORBIDDEN(other.userId),
      ...FORBIDDEN_TRANSFER(theirs),
      receiver_party: theirs,
      enabled: true,
    });
    expect(res.enabled).toBe(true);
    expect(Date.parse(res.expiresAt)).toBeGreaterThan(Date.now() + 89 * 86_400_000);
    expect(await row('SELECT receiver_party FROM ledger_transfer_preapprovals WHERE receiver_party IN (?, ?)', mine, theirs)).toEqual({ receiver_party: mine });
    await ok(me, 'PUT', `/api/wallets/canton/preapproval/${secondAccountId}`, { enabled: false });
  },
  'POST /api/wallets/external': async () => {
    const res = await ok(me, 'POST', '/api/wallets/external', { ...FORBIDDEN(other.userId), account_id: accountId, address: '0xbeef', chain: 'base' });
    expect(await row('SELECT id, kind, is_active, created_by FROM wallets WHERE id = ?', res.id)).toEqual({
      id: res.id,
      kind: 'external',
      is_active: 1,
      created_by: me.userId,
    });
    expect(res.id).not.toBe('forced-id');
  },
  'POST /api/wallets/internal': async () => {
    const res = await ok(me, 'POST', '/api/wallets/internal', { ...FORBIDDEN(other.userId), account_id: accountId, address: 'forced-address' });
    const w = await row<any>('SELECT * FROM wallets WHERE id = ?', res.id);
    expect(w).toMatchObject({ kind: 'internal', created_by: me.userId });
    expect(w.address).not.toBe('forced-address');
  },
  'POST /api/wallets': async () => {
    const res = await ok(me, 'POST', '/api/wallets', { ...FORBIDDEN(other.userId), account_id: accountId, address: 'forced-address' });
    expect(await row('SELECT kind, address, created_by FROM wallets WHERE id = ?', res.id)).toEqual({
      kind: 'self_custody',
      address: null,
      created_by: me.userId,
    });
  },
  'PATCH /api/wallets/:id/deactivate': async () => {
    const w = await ok(me, 'POST', '/api/wallets/external', { account_id: accountId, address: '0xdead', chain: 'ethereum' });
    await ok(me, 'PATCH', `/api/wallets/${w.id}/deactivate`, { is_active: true, account_id: secondAccountId });
    expect(await row('SELECT is_active, account_id FROM wallets WHERE id = ?', w.id)).toEqual({ is_active: 0, account_id: accountId });
  },
  'POST /api/support/tickets': async () => {
    const t = await ok(me, 'POST', '/api/support/tickets', {
      ...FORBIDDEN(other.userId),
      status: 'resolved',
      priority: 'low',
      title: 'Mass',
      description: 'Assigned fields',
    });
    expect(await row('SELECT id, user_id, status, assigned_agent_id, created_at FROM support_tickets WHERE id = ?', t.id)).toMatchObject({
      id: t.id,
      user_id: me.userId,
      status: 'open',
      assigned_agent_id: null,
    });
    expect(t.id).not.toBe('forced-id');
  },
  'PUT /api/support/tickets/:id': async () => {
    const t = await ok(me, 'POST', '/api/support/tickets', { title: 'Before', description: 'Before edit', priority: 'low' });
    const { status: _s, priority: _p, ...junk } = FORBIDDEN(other.userId);
    const refused = await api(me, 'PUT', `/api/support/tickets/${t.id}`, { ...junk, title: 'After' });
    expect(refused.status).toBe(400);
    expect(await row('SELECT title FROM support_tickets WHERE id = ?', t.id)).toEqual({ title: 'Before' });
    await ok(me, 'PUT', `/api/support/tickets/${t.id}`, { title: 'After' });
    expect(await row('SELECT user_id, status, assigned_agent_id, title FROM support_tickets WHERE id = ?', t.id)).toEqual({
      user_id: me.userId,
      status: 'open',
      assigned_agent_id: null,
      title: 'After',
    });
    // The one status a user may set is closed; any other is refused.
    expect((await api(me, 'PUT', `/api/support/tickets/${t.id}`, { status: 'resolved' })).status).toBe(403);
  },
  'POST /api/support/tickets/:id/comments': async () => {
    const t = await ok(me, 'POST', '/api/support/tickets', { title: 'Comments', description: 'For comments', priority: 'low' });
    const c = await ok(me, 'POST', `/api/support/tickets/${t.id}/comments`, { ...FORBIDDEN(other.userId), is_internal: false, content: 'Hello' });
    expect(c.author).toEqual(expect.objectContaining({ is_agent: false }));
    expect(await row('SELECT author_user_id, author_agent_id, is_internal FROM support_ticket_comments WHERE id = ?', c.id)).toEqual({
      author_user_id: me.userId,
      author_agent_id: null,
      is_internal: 0,
    });
    // is_internal is a real field, but only an agent may set it.
    expect((await api(me, 'POST', `/api/support/tickets/${t.id}/comments`, { content: 'Psst', is_internal: true })).status).toBe(403);
  },
  'POST /api/feature-requests': async () => {
    const fr = await ok(me, 'POST', '/api/feature-requests', { ...FORBIDDEN(other.userId), title: 'Mass idea', description: 'Mass assignment attempt' });
    expect(await row('SELECT author_id, status, priority, upvotes, downvotes, total_score FROM feature_requests WHERE id = ?', fr.id)).toEqual({
      author_id: me.userId,
      status: 'submitted',
      priority: 'medium',
      upvotes: 0,
      downvotes: 0,
      total_score: 0,
    });
  },
  'PATCH /api/feature-requests/:id': async () => {
    const fr = await ok(me, 'POST', '/api/feature-requests', { title: 'Patch idea', description: 'To be patched later' });
    const refused = await api(me, 'PATCH', `/api/feature-requests/${fr.id}`, { ...FORBIDDEN(other.userId), title: 'Patched idea' });
    expect(refused.status).toBe(400);
    expect(await row('SELECT title FROM feature_requests WHERE id = ?', fr.id)).toEqual({ title: 'Patch idea' });
    await ok(me, 'PATCH', `/api/feature-requests/${fr.id}`, { title: 'Patched idea' });
    expect(await row('SELECT id, author_id, status, priority, upvotes, title FROM feature_requests WHERE id = ?', fr.id)).toEqual({
      id: fr.id,
      author_id: me.userId,
      status: 'submitted',
      priority: 'medium',
      upvotes: 0,
      title: 'Patched idea',
    });
  },
  'DELETE /api/feature-requests/:id': { noBody: 'DELETE takes no body' },
  'POST /api/feature-requests/:id/vote': async () => {
    await ok(me, 'POST', `/api/feature-requests/${otherFeature}/vote`, { ...FORBIDDEN(other.userId), vote_type: 'upvote', weight: 100 });
    expect(await row('SELECT upvotes, downvotes FROM feature_requests WHERE id = ?', otherFeature)).toEqual({ upvotes: 1, downvotes: 0 });
    expect(await row('SELECT user_id FROM feature_request_votes WHERE feature_request_id = ?', otherFeature)).toEqual({ user_id: me.userId });
  },
  'DELETE /api/feature-requests/:id/vote': { noBody: 'DELETE takes no body' },
  'DELETE /api/sessions/:id': { noBody: 'DELETE takes no body' },
  'POST /api/notifications/:id/read': { noBody: "takes no body: marks the caller's own notification read" },
  'POST /api/notifications/read': async () => {
    await p2pParties(); // the test funds offered to the caller's second account: a notification
    const [newest] = (await ok(me, 'GET', '/api/notifications')).notifications;
    expect(await ok(me, 'POST', '/api/notifications/read', { ...FORBIDDEN(other.userId), through: newest.id })).toEqual({ unread: 0 });
    expect(await row('SELECT user_id, kind, transaction_id FROM notifications WHERE id = ?', newest.id)).toEqual({
      user_id: me.userId,
      kind: newest.kind,
      transaction_id: newest.transaction_id,
    });
  },
  'POST /api/identity-verification': async () => {
    // A person not yet verified (the caller of the USD entries has a verified identity by then).
    const newcomer = await signIn(uniquePhone());
    const sent = await ok(newcomer, 'POST', '/api/identity-verification', {
      ...FORBIDDEN(other.userId),
      reason: 'name_mismatch',
      document_last4: '9999',
      decided_at: '2000-01-01T00:00:00.000Z',
      first_name: 'Mia',
      last_name: 'Me',
      date_of_birth: '1991-07-08',
      country: 'CL',
      document_type: 'passport',
      document_number: 'P1111',
      consent: true,
    });
    expect(await row('SELECT id, user_id, status, reason, document_last4, decided_at FROM identity_verifications WHERE id = ?', sent.id)).toEqual({
      id: sent.id,
      user_id: newcomer.userId,
      status: 'pending',
      reason: null,
      document_last4: '1111',
      decided_at: null,
    });
    expect(await row('SELECT idv_status FROM profiles WHERE id = ?', other.userId)).toEqual({ idv_status: null });
  },
  'POST /api/sessions/sign-out-others': { noBody: 'takes no body: acts on the verified user and session only' },
  'POST /api/usd/accounts': async () => {
    const wallet = await usdAccount();
    expect(await row(`SELECT account_id, kind, chain, created_by FROM wallets WHERE id = ?`, wallet)).toEqual({
      account_id: accountId,
      kind: 'usd',
      chain: 'usd',
      created_by: me.userId,
    });
    expect(await row('SELECT available_cents FROM usd_balances WHERE wallet_id = ?', wallet)).toEqual({ available_cents: 0 });
  },
  'POST /api/usd/accounts/:accountId/bank-accounts': async () => {
    const wallet = await usdAccount();
    const bank = await ok(me, 'POST', `/api/usd/accounts/${accountId}/bank-accounts`, {
      ...FORBIDDEN(other.userId),
      holder_name: 'Ana Pérez',
      bank_name: 'First Test Bank',
      account_number: '000123456789',
      routing_number: '021000021',
      wallet_id: 'forced-wallet',
      account_last4: '0000',
    });
    expect(await row('SELECT wallet_id, account_last4 FROM usd_bank_accounts WHERE id = ?', bank.id)).toEqual({ wallet_id: wallet, account_last4: '6789' });
  },
  'POST /api/usd/accounts/:accountId/deposits': async () => {
    await usdAccount();
    const d = await ok(me, 'POST', `/api/usd/accounts/${accountId}/deposits`, {
      ...FORBIDDEN(other.userId),
      amount: '100',
      rail: 'card',
      amount_cents: 999_999_99,
      status: 'pending',
    });
    expect(await row('SELECT user_id, amount_cents, status FROM usd_movements WHERE id = ?', d.id)).toEqual({
      user_id: me.userId,
      amount_cents: 10000,
      status: 'settled',
    });
  },
  'POST /api/usd/accounts/:accountId/withdrawals': async () => {
    await usdAccount();
    await ok(me, 'POST', `/api/usd/accounts/${accountId}/deposits`, { amount: '10', rail: 'bank' });
    const bank = (await ok(me, 'GET', `/api/usd/accounts/${accountId}/bank-accounts`))[0];
    const w = await ok(me, 'POST', `/api/usd/accounts/${accountId}/withdrawals`, {
      ...FORBIDDEN(other.userId),
      amount: '5',
      bank_account_id: bank.id,
      status: 'settled',
      settle_at: '2000-01-01T00:00:00.000Z',
    });
    const stored = await row('SELECT user_id, status, settle_at FROM usd_movements WHERE id = ?', w.id);
    expect(stored).toMatchObject({ user_id: me.userId, status: 'pending' });
    expect(Date.parse(String(stored?.settle_at))).toBeGreaterThan(Date.now());
  },
  'POST /api/usd/accounts/:accountId/withdrawals/:movementId/cancel': { noBody: "takes no body: cancels the caller's own withdrawal" },
  'POST /api/brokerage/accounts/:accountId/orders': async () => {
    // A strict body: a field an order does not declare (its status, fill, reservation, owner) is refused, and nothing is placed.
    const body = { symbol: 'AAPL', side: 'buy', type: 'limit', time_in_force: 'gtc', qty: '1', limit_price: '1.00' };
    for (const forced of [FORBIDDEN(other.userId), { status: 'filled' }, { filled_qty: '1' }, { reserved_cents: 0 }, { account_id: secondAccountId }]) {
      const refused = await api(me, 'POST', `/api/brokerage/accounts/${accountId}/orders`, { ...body, ...forced });
      expect(refused.status, JSON.stringify(forced)).toBe(400);
    }
    expect(await row('SELECT COUNT(*) AS n FROM orders WHERE account_id = ?', accountId)).toEqual({ n: 0 });
  },
  'DELETE /api/brokerage/accounts/:accountId/orders/:orderId': { noBody: "DELETE takes no body: cancels the caller's own order" },
  'POST /api/brokerage/accounts/:accountId/recurring-buys': async () => {
    // A strict body: a field a plan does not declare (its status, next run, owner, account) is refused, and nothing is created.
    const body = { symbol: 'AAPL', notional: '10.00', frequency: 'weekly', start_date: '2027-06-01' };
    for (const forced of [FORBIDDEN(other.userId), { status: 'paused' }, { next_run_date: '2026-01-01' }, { account_id: secondAccountId }]) {
      const refused = await api(me, 'POST', `/api/brokerage/accounts/${accountId}/recurring-buys`, { ...body, ...forced });
      expect(refused.status, JSON.stringify(forced)).toBe(400);
    }
    expect(await row('SELECT COUNT(*) AS n FROM recurring_buys WHERE account_id = ?', accountId)).toEqual({ n: 0 });
  },
  'PATCH /api/brokerage/accounts/:accountId/recurring-buys/:planId': async () => {
    // Only the amount, the frequency and the status change: a forced next run, start date or symbol is refused.
    const planId = '5f1c2a4e-8a1b-4c3d-9e2f-7a6b5c4d3e2f';
    for (const forced of [FORBIDDEN(other.userId), { next_run_date: '2026-01-01' }, { start_date: '2026-01-01' }, { symbol: 'MSFT' }]) {
      const refused = await api(me, 'PATCH', `/api/brokerage/accounts/${accountId}/recurring-buys/${planId}`, { status: 'active', ...forced });
      expect(refused.status, JSON.stringify(forced)).toBe(400);
    }
  },
  'DELETE /api/brokerage/accounts/:accountId/recurring-buys/:planId': { noBody: "DELETE takes no body: deletes the caller's own plan" },
  'DELETE /api/brokerage/accounts/:accountId/positions/:symbol': { noBody: 'DELETE takes no body: sells the whole position at the market' },
  'POST /api/brokerage/accounts/:accountId': async () => {
    await verifyIdentity(me.userId);
    const opened = await ok(me, 'POST', `/api/brokerage/accounts/${accountId}`, {
      ...FORBIDDEN(other.userId),
      suitability: { experience: 'some', risk_tolerance: 'medium', horizon: 'long', answered_at: '2000-01-01T00:00:00.000Z' },
      w8ben: { legal_name: 'Ana Pérez', country: 'AR', signature: 'Ana Pérez', certified: true, date_signed: '2000-01-01' },
      wallet_id: 'forced',
      status: 'active',
      cash_cents: 999_999_99,
      trading_blocked: false,
    });
    expect(await row('SELECT account_id, kind, chain, created_by FROM wallets WHERE id = ?', opened.wallet_id)).toEqual({
      account_id: accountId,
      kind: 'brokerage',
      chain: 'brokerage',
      created_by: me.userId,
    });
    expect(await row('SELECT opened_by FROM brokerage_accounts WHERE wallet_id = ?', opened.wallet_id)).toEqual({ opened_by: me.userId });
    expect(await row('SELECT user_id, date_signed FROM brokerage_w8ben WHERE wallet_id = ?', opened.wallet_id)).toEqual({
      user_id: me.userId,
      date_signed: new Date().toISOString().slice(0, 10),
    });
    expect(opened.cash_cents).not.toBe(999_999_99);
    expect(opened.suitability.answered_at).not.toMatch(/^2000/);
  },
};

/** The caller's verified identity and USD account (opened once, with one bank account); answers its wallet id. */
let usd: Promise<string> | undefined;
const usdAccount = () =>
  (usd ??= (async () => {
    await verifyIdentity(me.userId);
    const opened = await ok(me, 'POST', '/api/usd/accounts', { ...FORBIDDEN(other.userId), account_id: accountId, wallet_id: 'forced', status: 'open' });
    await ok(me, 'POST', `/api/usd/accounts/${accountId}/bank-accounts`, {
      holder_name: 'Ana Pérez',
      bank_name: 'Test Bank',
      account_number: '11112222',
      routing_number: '021000021',
    });
    return opened.wallet_id as string;
  })());

describe('property-level access', () => {
  const writes = declaredApiRoutes().filter((r) => r.method !== 'GET');

  it('has a case for every write route the contract declares', () => {
    expect(
      writes.map((r) => r.key).filter((k) => !(k in CASES)),
      'write routes missing from the property-access table',
    ).toEqual([]);
    expect(
      Object.keys(CASES).filter((k) => !writes.some((r) => r.key === k)),
      'cases for routes that no longer exist',
    ).toEqual([]);
  });

  it.each(writes.filter((r) => typeof CASES[r.key] === 'function').map((r) => [r.key] as const))(
    '%s ignores or refuses the fields a user must not set',
    async (key) => {
      await (CASES[key] as () => Promise<void>)();
    },
  );
});
