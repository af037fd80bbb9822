// The new user's checklist in the embedded core: each step is done only by what really happened to
// the caller (an approved identity, a completed USD deposit, a completed purchase or sent transfer),
// never by someone else's rows or by money that has not moved.
import { describe, expect, it } from 'vitest';
import { addAccount, coreJson, createUser, createUserWithParty, db } from '../fixtures';

const checklist = async (userId: string) => {
  const res = await coreJson(userId, '/onboarding');
  expect(res.status).toBe(200);
  return res.body.data as { steps: { id: string; done: boolean }[]; complete: boolean };
};
const done = async (userId: string) => Object.fromEntries((await checklist(userId)).steps.map((s) => [s.id, s.done]));

/** A transactions row of the account, written as the money features write theirs. */
async function row(accountId: string, fields: { type: string; asset: string; status: string; direction?: string }) {
  const at = new Date().toISOString();
  await db()
    .prepare(
      `INSERT INTO transactions (id, account_id, type, amount_usd, asset, network, status, direction, created_at, updated_at)
       VALUES (?1, ?2, ?3, 1000, ?4, 'simulated', ?5, ?6, ?7, ?7)`,
    )
    .bind(crypto.randomUUID(), accountId, fields.type, fields.asset, fields.status, fields.direction ?? null, at)
    .run();
}

describe('the onboarding checklist', () => {
  it('lists the three steps in order, none done, for a new user', async () => {
    const { userId } = await createUser();
    expect(await checklist(userId)).toEqual({
      steps: [
        { id: 'verify_identity', done: false },
        { id: 'add_dollars', done: false },
        { id: 'first_purchase_or_send', done: false },
      ],
      complete: false,
    });
  });

  it('counts the identity only once it is approved (not pending, not rejected)', async () => {
    const { userId } = await createUser();
    for (const status of ['pending', 'rejected']) {
      await db().prepare('UPDATE profiles SET idv_status = ?2 WHERE id = ?1').bind(userId, status).run();
      expect((await done(userId)).verify_identity).toBe(false);
    }
    await db().prepare("UPDATE profiles SET idv_status = 'approved' WHERE id = ?1").bind(userId).run();
    expect((await done(userId)).verify_identity).toBe(true);
  });

  it('counts dollars added only for a completed USD deposit, in any of the caller’s accounts', async () => {
    const { userId, accountId } = await createUser();
    await row(accountId, { type: 'deposit', asset: 'USD', status: 'PENDING' });
    await row(accountId, { type: 'deposit', asset: 'USD', status: 'FAILED' });
    await row(accountId, { type: 'withdrawal', asset: 'USD', status: 'COMPLETED' });
    expect((await done(userId)).add_dollars).toBe(false);
    const second = await addAccount(userId);
    await row(second, { type: 'deposit', asset: 'USD', status: 'COMPLETED' });
    expect((await done(userId)).add_dollars).toBe(true);
  });

  it('counts a first purchase (a CC deposit or a stock order) or a sent transfer, never a received one', async () => {
    for (const fields of [
      { type: 'deposit', asset: 'CC', status: 'COMPLETED' },
      { type: 'stock_order', asset: 'AAPL', status: 'COMPLETED' },
      { type: 'transfer', asset: 'CC', status: 'COMPLETED', direction: 'sent' },
    ]) {
      const { userId, accountId } = await createUser();
      await row(accountId, { type: 'transfer', asset: 'CC', status: 'COMPLETED', direction: 'received' });
      await row(accountId, { ...fields, status: 'PENDING' });
      expect((await done(userId)).first_purchase_or_send).toBe(false);
      await row(accountId, fields);
      expect((await done(userId)).first_purchase_or_send, fields.type).toBe(true);
    }
  });

  it('counts a real send through the ledger once the receiver accepts it, not while it is an offer', async () => {
    const ana = await createUserWithParty();
    const bo = await createUserWithParty();
    await coreJson(ana.userId, '/wallets/transfer', { body: { account_id: ana.accountId, amount: '10' } });
    await coreJson(ana.userId, '/wallets/auto-accept', { body: { account_id: ana.accountId } });
    expect((await done(ana.userId)).first_purchase_or_send).toBe(false);
    const sent = await coreJson(ana.userId, '/wallets/canton/send', { body: { account_id: ana.accountId, receiver_party: bo.partyId, amount: '1' } });
    expect(sent.status).toBe(200);
    expect((await done(ana.userId)).first_purchase_or_send).toBe(false);
    const accepted = await coreJson(bo.userId, `/wallets/canton/offers/${sent.body.data.offerId}/accept`, { body: { account_id: bo.accountId } });
    expect(accepted.status).toBe(200);
    expect((await done(ana.userId)).first_purchase_or_send).toBe(true);
    expect((await done(bo.userId)).first_purchase_or_send).toBe(false);
  });

  it('is complete when every step is done, and another user’s rows never count', async () => {
    const { userId, accountId } = await createUser();
    const other = await createUser();
    await db().prepare("UPDATE profiles SET idv_status = 'approved' WHERE id = ?1").bind(other.userId).run();
    await row(other.accountId, { type: 'deposit', asset: 'USD', status: 'COMPLETED' });
    await row(other.accountId, { type: 'deposit', asset: 'CC', status: 'COMPLETED' });
    expect(await checklist(other.userId)).toMatchObject({ complete: true });
    expect(await checklist(userId)).toMatchObject({ complete: false });
    expect(Object.values(await done(userId))).toEqual([false, false, false]);
    await db().prepare("UPDATE profiles SET idv_status = 'approved' WHERE id = ?1").bind(userId).run();
    await row(accountId, { type: 'deposit', asset: 'USD', status: 'COMPLETED' });
    await row(accountId, { type: 'transfer', asset: 'CC', status: 'COMPLETED', direction: 'sent' });
    expect(await checklist(userId)).toMatchObject({ complete: true });
  });
});
