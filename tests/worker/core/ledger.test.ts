// Transfer offers, acceptance, expiry and Idempotency-Key on the simulated Canton ledger.
import { describe, expect, it } from 'vitest';
import { TREASURY_PARTY } from '../../../src/core/ledger/parties';
import { core, coreJson, createUser, createUserWithParty, db, expectedCents, scalar } from '../fixtures';

const offersTo = (partyId: string) => scalar<number>('SELECT COUNT(*) FROM ledger_transfer_offers WHERE receiver_party = ?', partyId);
const balanceOf = async (userId: string, partyId: string) => (await coreJson(userId, `/wallets/canton/balance/${partyId}`)).body.data.balance as string;

describe('POST /wallets/transfer', () => {
  it('offers the amount from the treasury to the account party with a 24 h expiry and a PENDING transaction', async () => {
    const { userId, accountId, partyId, walletId } = await createUserWithParty();
    const before = Date.now();
    const { status, body } = await coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: 100 } });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ amount: '100.0000000000', fromPartyId: TREASURY_PARTY, toPartyId: partyId, status: 'PENDING' });
    const ttl = Date.parse(body.data.expiresAt) - before;
    expect(ttl).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000 + 60_000);

    const tx = await db().prepare('SELECT * FROM transactions WHERE id = ?').bind(body.data.transactionId).first<Record<string, unknown>>();
    expect(tx).toMatchObject({ account_id: accountId, wallet_id: walletId, type: 'transfer', status: 'PENDING', asset: 'CC', network: 'canton' });
    expect(tx!.amount_usd).toBe(await expectedCents('100'));
    expect(tx!.amount_usd).toBeGreaterThan(0);
    expect(tx!.tx_hash).toMatch(/^1220[0-9a-f]{64}$/);

    // Not received yet: the receiver has to accept. The treasury's holding is locked meanwhile.
    expect(await balanceOf(userId, partyId)).toBe('0.0000000000');
    const locked = await db()
      .prepare('SELECT owner_party, CAST(amount AS TEXT) AS amount FROM ledger_holdings WHERE lock_offer_id = ? AND archived_at IS NULL')
      .bind(body.data.offerId)
      .all();
    expect(locked.results).toEqual([{ owner_party: TREASURY_PARTY, amount: '1000000000000' }]);
  });

  it.each([
    ['zero', 0],
    ['negative', -5],
    ['more than 10 decimals', '1.00000000001'],
    ['above 10,000', '10000.0000000001'],
    ['far above 10,000', 20000],
    ['not a number', 'abc'],
    ['exponent notation', '1e3'],
    ['missing', undefined],
  ])('answers 400 for an amount that is %s and changes nothing', async (_what, amount) => {
    const { userId, accountId, partyId } = await createUserWithParty();
    const { status, body } = await coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount } });
    expect(status).toBe(400);
    expect(body.message).toMatch(/amount/i);
    expect(await offersTo(partyId)).toBe(0);
    expect(await scalar('SELECT COUNT(*) FROM transactions WHERE account_id = ?', accountId)).toBe(0);
  });

  it('accepts exactly 10,000 and the smallest unit', async () => {
    const { userId, accountId } = await createUserWithParty();
    expect((await coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: '10000' } })).body.data.amount).toBe('10000.0000000000');
    expect((await coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: '0.0000000001' } })).body.data.amount).toBe('0.0000000001');
  });

  it("answers 404 for another user's account and moves nothing", async () => {
    const owner = await createUserWithParty();
    const other = await createUser();
    const { status } = await coreJson(other.userId, '/wallets/transfer', { body: { account_id: owner.accountId, amount: 100 } });
    expect(status).toBe(404);
    expect(await offersTo(owner.partyId)).toBe(0);
  });

  it('answers 404 when the account has no digital asset wallet yet', async () => {
    const { userId, accountId } = await createUser();
    const { status, body } = await coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: 100 } });
    expect(status).toBe(404);
    expect(body.message).toBe('Digital asset wallet not found');
  });
});

describe('POST /wallets/auto-accept', () => {
  it('accepts every pending offer: holdings move, transactions turn COMPLETED, the count and the amount accepted are answered', async () => {
    const { userId, accountId, partyId } = await createUserWithParty();
    const t1 = await coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: 100 } });
    const t2 = await coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: '0.25' } });
    const { status, body } = await coreJson(userId, '/wallets/auto-accept', { body: { account_id: accountId } });
    expect(status).toBe(200);
    expect(body.data).toEqual({ contractsAccepted: 2, amountAccepted: '100.2500000000', offersExpired: 0, affectedParties: [partyId, TREASURY_PARTY] });
    expect(await balanceOf(userId, partyId)).toBe('100.2500000000');

    for (const t of [t1, t2]) {
      const tx = await db()
        .prepare('SELECT status, tx_hash FROM transactions WHERE id = ?')
        .bind(t.body.data.transactionId)
        .first<{ status: string; tx_hash: string }>();
      expect(tx!.status).toBe('COMPLETED');
      expect(tx!.tx_hash).toMatch(/^1220[0-9a-f]{64}$/);
      expect(tx!.tx_hash).not.toBe(t.body.data.transactionId);
      // The locked treasury holding is archived by the acceptance, not left locked.
      expect(await scalar('SELECT COUNT(*) FROM ledger_holdings WHERE lock_offer_id = ? AND archived_at IS NULL', t.body.data.offerId)).toBe(0);
    }
  });

  it('answers contractsAccepted 0 when there is nothing pending', async () => {
    const { userId, accountId } = await createUserWithParty();
    const { body } = await coreJson(userId, '/wallets/auto-accept', { body: { account_id: accountId } });
    expect(body.data.contractsAccepted).toBe(0);
    expect(body.data.amountAccepted).toBe('0.0000000000');
  });

  it('never accepts an expired offer: its transaction turns CANCELLED and the treasury lock is released', async () => {
    const { userId, accountId, partyId } = await createUserWithParty();
    const old = await coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: 7 } });
    const fresh = await coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: 3 } });
    // 24 h pass for the first offer.
    await db()
      .prepare('UPDATE ledger_transfer_offers SET expires_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - 1000).toISOString(), old.body.data.offerId)
      .run();

    const { body } = await coreJson(userId, '/wallets/auto-accept', { body: { account_id: accountId } });
    expect(body.data).toEqual({ contractsAccepted: 1, amountAccepted: '3.0000000000', offersExpired: 1, affectedParties: [partyId, TREASURY_PARTY] });
    expect(await balanceOf(userId, partyId)).toBe('3.0000000000');
    expect(await scalar('SELECT status FROM transactions WHERE id = ?', old.body.data.transactionId)).toBe('CANCELLED');
    expect(await scalar('SELECT status FROM transactions WHERE id = ?', fresh.body.data.transactionId)).toBe('COMPLETED');
    expect(await scalar('SELECT status FROM ledger_transfer_offers WHERE id = ?', old.body.data.offerId)).toBe('expired');
    // The 7 CC holding is the treasury's again, free to fund another offer.
    const released = await db()
      .prepare('SELECT owner_party, lock_offer_id FROM ledger_holdings WHERE created_by = ? AND archived_at IS NULL')
      .bind(`split:${old.body.data.offerId}`)
      .first();
    expect(released).toEqual({ owner_party: TREASURY_PARTY, lock_offer_id: null });

    const again = await coreJson(userId, '/wallets/auto-accept', { body: { account_id: accountId } });
    expect(again.body.data.contractsAccepted).toBe(0);
    expect(await balanceOf(userId, partyId)).toBe('3.0000000000');
  });

  it("answers 404 for another user's account and accepts nothing", async () => {
    const owner = await createUserWithParty();
    await coreJson(owner.userId, '/wallets/transfer', { body: { account_id: owner.accountId, amount: 5 } });
    const other = await createUser();
    expect((await coreJson(other.userId, '/wallets/auto-accept', { body: { account_id: owner.accountId } })).status).toBe(404);
    expect(await scalar("SELECT COUNT(*) FROM ledger_transfer_offers WHERE receiver_party = ? AND status = 'pending'", owner.partyId)).toBe(1);
  });
});

describe('Idempotency-Key on money movement', () => {
  it('replays the first transfer answer for the same key and body, moving money once', async () => {
    const { userId, accountId, partyId } = await createUserWithParty();
    const init = { body: { account_id: accountId, amount: 100 }, headers: { 'idempotency-key': 'transfer-1' } };
    const first = await coreJson(userId, '/wallets/transfer', init);
    const second = await coreJson(userId, '/wallets/transfer', init);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await offersTo(partyId)).toBe(1);
  });

  it('answers 422 for a reused key with a different body, and moves nothing more', async () => {
    const { userId, accountId, partyId } = await createUserWithParty();
    const headers = { 'idempotency-key': 'transfer-2' };
    await coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: 100 }, headers });
    const { status, body } = await coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: 200 }, headers });
    expect(status).toBe(422);
    expect(body.message).toMatch(/Idempotency-Key/);
    expect(await offersTo(partyId)).toBe(1);
  });

  it('answers 422 when a key of a transfer is reused for auto-accept', async () => {
    const { userId, accountId } = await createUserWithParty();
    const headers = { 'idempotency-key': 'shared-key' };
    await coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: 1 }, headers });
    expect((await coreJson(userId, '/wallets/auto-accept', { body: { account_id: accountId }, headers })).status).toBe(422);
  });

  it('keeps keys per user: the same key from two users moves money for both', async () => {
    const a = await createUserWithParty();
    const b = await createUserWithParty();
    const headers = { 'idempotency-key': 'same-key' };
    await coreJson(a.userId, '/wallets/transfer', { body: { account_id: a.accountId, amount: 1 }, headers });
    await coreJson(b.userId, '/wallets/transfer', { body: { account_id: b.accountId, amount: 1 }, headers });
    expect(await offersTo(a.partyId)).toBe(1);
    expect(await offersTo(b.partyId)).toBe(1);
  });

  it('replays the first auto-accept answer instead of accepting offers that came later', async () => {
    const { userId, accountId, partyId } = await createUserWithParty();
    await coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: 1 } });
    const headers = { 'idempotency-key': 'accept-1' };
    const first = await core(userId, '/wallets/auto-accept', { body: { account_id: accountId }, headers });
    const firstBody = await first.json();
    expect(firstBody).toEqual({ data: { contractsAccepted: 1, amountAccepted: '1.0000000000', offersExpired: 0, affectedParties: [partyId, TREASURY_PARTY] } });
    await coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: 2 } });
    const replay = await core(userId, '/wallets/auto-accept', { body: { account_id: accountId }, headers });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(await replay.json()).toEqual(firstBody);
    expect(await balanceOf(userId, partyId)).toBe('1.0000000000');
  });

  it('answers 400 for a malformed key', async () => {
    const { userId, accountId, partyId } = await createUserWithParty();
    const { status } = await coreJson(userId, '/wallets/transfer', {
      body: { account_id: accountId, amount: 1 },
      headers: { 'idempotency-key': 'x'.repeat(256) },
    });
    expect(status).toBe(400);
    expect(await offersTo(partyId)).toBe(0);
  });
});
