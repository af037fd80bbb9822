import { describe, expect, it } from 'vitest';
import { TREASURY_PARTY } from '../../../src/core/ledger/parties';
import { addAccount, coreJson, createUser, createUserWithParty, db, scalar } from '../fixtures';

const PARTY = /^[A-Za-z0-9_-]+::1220[0-9a-f]{64}$/;

describe('POST /wallets/digital-asset', () => {
  it('allocates a party <hint>::1220<64 hex> with the hint from the account name', async () => {
    const { userId, accountId } = await createUser('Ana Pérez Savings');
    const { status, body } = await coreJson(userId, '/wallets/digital-asset', { body: { account_id: accountId } });
    expect(status).toBe(200);
    expect(body.data.cantonPartyId).toMatch(PARTY);
    expect(body.data.cantonPartyId.startsWith('ana-perez-savings::1220')).toBe(true);
    expect(body.data.created).toBe(true);
    const party = await db()
      .prepare('SELECT public_key, fingerprint, key_kind, account_id FROM ledger_parties WHERE party_id = ?')
      .bind(body.data.cantonPartyId)
      .first<{ public_key: string; fingerprint: string; key_kind: string; account_id: string }>();
    expect(party).toMatchObject({ key_kind: 'hosted', account_id: accountId });
    expect(party!.public_key).toMatch(/^[0-9a-f]{64}$/);
    expect(body.data.cantonPartyId.endsWith(party!.fingerprint)).toBe(true);
  });

  it('answers the existing wallet on a second call instead of creating another', async () => {
    const { userId, accountId } = await createUser();
    const first = await coreJson(userId, '/wallets/digital-asset', { body: { account_id: accountId } });
    const second = await coreJson(userId, '/wallets/digital-asset', { body: { account_id: accountId } });
    expect(second.body.data).toMatchObject({ cantonPartyId: first.body.data.cantonPartyId, walletId: first.body.data.walletId, created: false });
    expect(await scalar('SELECT COUNT(*) FROM wallets WHERE account_id = ?', accountId)).toBe(1);
    expect(await scalar('SELECT COUNT(*) FROM ledger_parties WHERE account_id = ?', accountId)).toBe(1);
  });

  it('creates exactly one wallet under 10 concurrent first calls', async () => {
    const { userId, accountId } = await createUser();
    const answers = await Promise.all(Array.from({ length: 10 }, () => coreJson(userId, '/wallets/digital-asset', { body: { account_id: accountId } })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.cantonPartyId)).size).toBe(1);
    expect(await scalar('SELECT COUNT(*) FROM ledger_parties WHERE account_id = ?', accountId)).toBe(1);
  });

  it("answers 404 for another user's account and creates nothing", async () => {
    const owner = await createUser();
    const other = await createUser();
    const { status, body } = await coreJson(other.userId, '/wallets/digital-asset', { body: { account_id: owner.accountId } });
    expect(status).toBe(404);
    expect(body).toEqual({ message: 'Account not found', code: 'not_found' });
    expect(await scalar('SELECT COUNT(*) FROM wallets WHERE account_id = ?', owner.accountId)).toBe(0);
  });

  it('answers 400 {message} without account_id', async () => {
    const { userId } = await createUser();
    const { status, body } = await coreJson(userId, '/wallets/digital-asset', { body: {} });
    expect(status).toBe(400);
    expect(body.message).toMatch(/account_id/);
  });

  it('POST /wallets/canton creates the wallet of the active account', async () => {
    const { userId, accountId } = await createUser();
    const { status, body } = await coreJson(userId, '/wallets/canton', { method: 'POST' });
    expect(status).toBe(200);
    expect(body.data.accountId).toBe(accountId);
    expect(body.data.cantonPartyId).toMatch(PARTY);
  });
});

describe('GET /wallets/{accountId} and /categories', () => {
  it('lists the account wallets and groups them by category, labels falling back to Unnamed Wallet', async () => {
    const { userId, accountId, partyId } = await createUserWithParty();
    const now = new Date().toISOString();
    await db().batch([
      db()
        .prepare(
          `INSERT INTO wallets (id, account_id, kind, chain, vendor, label, network, created_by, created_at, updated_at)
           VALUES (?, ?, 'usd', 'usd', 'bank', 'Checking', 'ach', ?, ?, ?), (?, ?, 'brokerage', 'brokerage', 'broker', '', 'equities', ?, ?, ?)`,
        )
        .bind(crypto.randomUUID(), accountId, userId, now, now, crypto.randomUUID(), accountId, userId, now, now),
    ]);
    const ext = await coreJson(userId, '/wallets/external', {
      body: { account_id: accountId, address: '0xAbC0000000000000000000000000000000000001', chain: 'ethereum' },
    });
    expect(ext.status).toBe(200);
    expect(ext.body.data.label).toBe('Unnamed Wallet');

    const list = await coreJson(userId, `/wallets/${accountId}`);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(4);

    const { status, body } = await coreJson(userId, `/wallets/${accountId}/categories`);
    expect(status).toBe(200);
    expect(body.data.usd_account).toMatchObject({ chain: 'usd', label: 'Checking' });
    expect(body.data.brokerage_account).toMatchObject({ chain: 'brokerage', label: 'Unnamed Wallet' });
    expect(body.data.digital_asset_account).toMatchObject({ chain: 'canton', address: partyId, kind: 'digital_asset' });
    expect(body.data.other.map((w: { chain: string }) => w.chain)).toEqual(['ethereum']);
  });

  it('answers null categories for an account with no wallets', async () => {
    const { userId, accountId } = await createUser();
    const { body } = await coreJson(userId, `/wallets/${accountId}/categories`);
    expect(body.data).toEqual({ usd_account: null, brokerage_account: null, digital_asset_account: null, other: [] });
  });

  it("answers 404 for another user's account", async () => {
    const owner = await createUserWithParty();
    const other = await createUser();
    expect((await coreJson(other.userId, `/wallets/${owner.accountId}`)).status).toBe(404);
    expect((await coreJson(other.userId, `/wallets/${owner.accountId}/categories`)).status).toBe(404);
  });
});

describe('external, internal and self-custody wallets, deactivate', () => {
  it('adds an internal wallet with its own hosted party', async () => {
    const { userId, accountId } = await createUser();
    const { status, body } = await coreJson(userId, '/wallets/internal', { body: { account_id: accountId, label: 'Savings pot' } });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ kind: 'internal', chain: 'canton', label: 'Savings pot', network: 'canton', is_active: true });
    expect(body.data.address).toMatch(PARTY);
  });

  it('refuses an external canton address that is not a party id, and a duplicate address', async () => {
    const { userId, accountId } = await createUser();
    const bad = await coreJson(userId, '/wallets/external', { body: { account_id: accountId, address: 'nope', chain: 'canton' } });
    expect(bad.status).toBe(400);
    const good = { account_id: accountId, address: `friend::1220${'ab'.repeat(32)}`, chain: 'canton', label: 'Friend' };
    expect((await coreJson(userId, '/wallets/external', { body: good })).status).toBe(200);
    const dup = await coreJson(userId, '/wallets/external', { body: good });
    expect(dup.status).toBe(409);
    expect(await scalar('SELECT COUNT(*) FROM wallets WHERE account_id = ?', accountId)).toBe(1);
  });

  it('refuses an unknown chain with 400', async () => {
    const { userId, accountId } = await createUser();
    const { status } = await coreJson(userId, '/wallets/external', { body: { account_id: accountId, address: 'x1', chain: 'dogechain' } });
    expect(status).toBe(400);
  });

  it('deactivates the own wallet, which then leaves the categories; 404 for another user', async () => {
    const owner = await createUserWithParty();
    const other = await createUser();
    const foreign = await coreJson(other.userId, `/wallets/${owner.walletId}/deactivate`, { method: 'PATCH' });
    expect(foreign.status).toBe(404);
    expect(await scalar('SELECT is_active FROM wallets WHERE id = ?', owner.walletId)).toBe(1);

    const { status, body } = await coreJson(owner.userId, `/wallets/${owner.walletId}/deactivate`, { method: 'PATCH' });
    expect(status).toBe(200);
    expect(body.data.is_active).toBe(false);
    const cats = await coreJson(owner.userId, `/wallets/${owner.accountId}/categories`);
    expect(cats.body.data.digital_asset_account).toBeNull();
  });

  it('binds an external party through prepare, an Ed25519 signature over multiHash, and complete', async () => {
    const { userId, accountId } = await createUser();
    const wallet = await coreJson(userId, '/wallets', { body: { account_id: accountId, label: 'Ledger Nano' } });
    expect(wallet.body.data).toMatchObject({ kind: 'self_custody', address: null });

    const pair = await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']);
    const hex = (b: ArrayBuffer) => [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, '0')).join('');
    const publicKey = hex(await crypto.subtle.exportKey('raw', pair.publicKey));
    const prep = await coreJson(userId, '/wallets/canton/prepare', { body: { publicKey } });
    expect(prep.status).toBe(200);
    expect(prep.body.data.publicKeyFingerprint).toMatch(/^1220[0-9a-f]{64}$/);

    const hashBytes = Uint8Array.from(prep.body.data.multiHash.match(/../g).map((h: string) => parseInt(h, 16)));
    const wrongSig = hex(await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, new Uint8Array([1, 2, 3])));
    const complete = (signedHash: string) =>
      coreJson(userId, '/wallets/canton/complete', { body: { publicKey, signedHash, walletId: wallet.body.data.id, partyHint: 'ana-ledger' } });

    const refused = await complete(wrongSig);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Invalid signature');
    expect(await scalar('SELECT address FROM wallets WHERE id = ?', wallet.body.data.id)).toBeNull();

    const signedHash = hex(await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, hashBytes));
    const ok = await complete(signedHash);
    expect(ok.status).toBe(200);
    expect(ok.body.data.partyId).toBe(`ana-ledger::${prep.body.data.publicKeyFingerprint}`);
    const parties = await coreJson(userId, '/wallets/canton/parties');
    expect(parties.body.data.map((p: { partyId: string }) => p.partyId)).toContain(ok.body.data.partyId);
    expect((await complete(signedHash)).status).toBe(409);
  });

  it('answers 409 conflict, binding nothing, when the key was never prepared: the onboarding is in the wrong state, not the body', async () => {
    const { userId, accountId } = await createUser();
    const wallet = await coreJson(userId, '/wallets', { body: { account_id: accountId, label: 'Ledger Nano' } });
    const refused = await coreJson(userId, '/wallets/canton/complete', {
      body: { publicKey: 'a'.repeat(64), signedHash: 'b'.repeat(128), walletId: wallet.body.data.id, partyHint: 'ana-ledger' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'conflict', message: expect.stringContaining('/wallets/canton/prepare') });
    expect(await scalar('SELECT address FROM wallets WHERE id = ?', wallet.body.data.id)).toBeNull();
  });
});

describe('Canton reads: status, parties, assets, balance, holding-transactions, test', () => {
  it('answers the network status and a passing self-test', async () => {
    const { userId } = await createUserWithParty();
    const status = await coreJson(userId, '/wallets/canton/status');
    expect(status.body.data).toMatchObject({ connected: true, mode: 'simulated', treasuryPartyId: TREASURY_PARTY, yourParties: 1 });
    const test = await coreJson(userId, '/wallets/canton/test');
    expect(test.body.data).toMatchObject({ ok: true, checks: { database: true, instrument: true, treasuryFunded: true } });
  });

  it("lists only the caller's parties", async () => {
    const mine = await createUserWithParty();
    await createUserWithParty();
    const second = await addAccount(mine.userId, 'Business');
    await coreJson(mine.userId, '/wallets/digital-asset', { body: { account_id: second } });
    const { body } = await coreJson(mine.userId, '/wallets/canton/parties');
    expect(body.data).toHaveLength(2);
    expect(body.data.map((p: { accountId: string }) => p.accountId).sort()).toEqual([mine.accountId, second].sort());
  });

  it('answers balance, assets and holding-transactions for the own party with exact decimal strings', async () => {
    const { userId, accountId, partyId } = await createUserWithParty();
    await coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: '12.5' } });
    await coreJson(userId, '/wallets/auto-accept', { body: { account_id: accountId } });

    const bal = await coreJson(userId, `/wallets/canton/balance/${partyId}`);
    expect(bal.status).toBe(200);
    expect(bal.body.data).toMatchObject({ partyId, instrument: 'CC', balance: '12.5000000000', locked: '0.0000000000' });

    const assets = await coreJson(userId, `/wallets/canton/parties/${partyId}/assets`);
    expect(assets.body.data).toEqual([expect.objectContaining({ symbol: 'CC', name: 'Canton Coin', balance: '12.5000000000', holding_count: 1 })]);

    const all = await coreJson(userId, '/wallets/canton/assets');
    expect(all.body.data[0]).toMatchObject({ symbol: 'CC', balance: '12.5000000000', network: 'canton' });

    const ht = await coreJson(userId, '/wallets/canton/holding-transactions', { body: { partyId } });
    expect(ht.status).toBe(200);
    expect(ht.body.data.holdings).toEqual([expect.objectContaining({ amount: '12.5000000000', locked: false, origin: 'offer' })]);
    expect(ht.body.data.transferOffers).toEqual([
      expect.objectContaining({ direction: 'incoming', senderPartyId: TREASURY_PARTY, status: 'accepted', amount: '12.5000000000' }),
    ]);
  });

  it("answers 404 for another user's party, and for the treasury party", async () => {
    const owner = await createUserWithParty();
    const other = await createUser();
    for (const party of [owner.partyId, TREASURY_PARTY]) {
      expect((await coreJson(other.userId, `/wallets/canton/balance/${party}`)).status).toBe(404);
      expect((await coreJson(other.userId, `/wallets/canton/parties/${party}/assets`)).status).toBe(404);
      expect((await coreJson(other.userId, '/wallets/canton/holding-transactions', { body: { partyId: party } })).status).toBe(404);
    }
  });

  it('answers 400 for a malformed party id', async () => {
    const { userId } = await createUser();
    expect((await coreJson(userId, '/wallets/canton/balance/not-a-party')).status).toBe(400);
  });
});
