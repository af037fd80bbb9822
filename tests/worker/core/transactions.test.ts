import { describe, expect, it } from 'vitest';
import { coreJson, createUser, createUserWithParty, db, expectedCents } from '../fixtures';

/** Inserts `n` transactions for the account, one second apart, the last one newest. */
async function seedTransactions(accountId: string, walletId: string | null, n: number) {
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  const stmts = Array.from({ length: n }, (_, i) =>
    db()
      .prepare(
        `INSERT INTO transactions (id, account_id, wallet_id, type, amount_usd, asset, network, status, tx_hash, created_at, updated_at)
         VALUES (?, ?, ?, 'deposit', ?, 'USDC', 'ethereum', 'COMPLETED', ?, ?, ?)`,
      )
      .bind(crypto.randomUUID(), accountId, walletId, (i + 1) * 100, `0x${i.toString(16).padStart(64, '0')}`, new Date(base + i * 1000).toISOString(), new Date(base + i * 1000).toISOString()),
  );
  await db().batch(stmts);
}

describe('GET /transactions/account/{id}', () => {
  it('answers newest first with the spec fields, amount_usd in cents', async () => {
    const { userId, accountId, walletId } = await createUserWithParty();
    await seedTransactions(accountId, walletId, 3);
    const { status, body } = await coreJson(userId, `/transactions/account/${accountId}`);
    expect(status).toBe(200);
    expect(body.data.map((t: { amount_usd: number }) => t.amount_usd)).toEqual([300, 200, 100]);
    expect(Object.keys(body.data[0])).toEqual(
      expect.arrayContaining(['id', 'created_at', 'type', 'amount_usd', 'asset', 'network', 'status', 'tx_hash']),
    );
  });

  it('pages with limit and offset, default 50', async () => {
    const { userId, accountId } = await createUser();
    await seedTransactions(accountId, null, 60);
    const first = await coreJson(userId, `/transactions/account/${accountId}`);
    expect(first.body.data).toHaveLength(50);
    const page = await coreJson(userId, `/transactions/account/${accountId}?limit=5&offset=10`);
    expect(page.body.data.map((t: { amount_usd: number }) => t.amount_usd)).toEqual([5000, 4900, 4800, 4700, 4600]);
    const tail = await coreJson(userId, `/transactions/account/${accountId}?limit=100&offset=55`);
    expect(tail.body.data).toHaveLength(5);
  });

  it.each(['limit=101', 'limit=0', 'limit=abc', 'offset=-1'])('answers 400 for %s', async (q) => {
    const { userId, accountId } = await createUser();
    const { status, body } = await coreJson(userId, `/transactions/account/${accountId}?${q}`);
    expect(status).toBe(400);
    expect(body.message).toMatch(/limit|offset/);
  });

  it("answers 404 for another user's account", async () => {
    const owner = await createUser();
    await seedTransactions(owner.accountId, null, 2);
    const other = await createUser();
    const { status } = await coreJson(other.userId, `/transactions/account/${owner.accountId}`);
    expect(status).toBe(404);
  });

  it('lists ledger movements with the ledger amount as exact text', async () => {
    const { userId, accountId } = await createUserWithParty();
    await coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: '100' } });
    const { body } = await coreJson(userId, `/transactions/account/${accountId}`);
    expect(body.data).toEqual([
      expect.objectContaining({ type: 'transfer', asset: 'CC', network: 'canton', amount_usd: await expectedCents('100'), asset_amount: '100.0000000000', status: 'PENDING' }),
    ]);
  });
});

describe('GET /transactions/wallet/{id} and /transactions/{id}', () => {
  it("lists a wallet's transactions only; 404 for another user's wallet", async () => {
    const { userId, accountId, walletId } = await createUserWithParty();
    await seedTransactions(accountId, walletId, 2);
    await seedTransactions(accountId, null, 3);
    const { body } = await coreJson(userId, `/transactions/wallet/${walletId}?limit=10`);
    expect(body.data).toHaveLength(2);
    const other = await createUser();
    expect((await coreJson(other.userId, `/transactions/wallet/${walletId}`)).status).toBe(404);
  });

  it("answers one transaction to its owner and 404 to another user", async () => {
    const { userId, accountId } = await createUserWithParty();
    const t = await coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: 1 } });
    const id = t.body.data.transactionId;
    const mine = await coreJson(userId, `/transactions/${id}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ id, status: 'PENDING', type: 'transfer' });
    const other = await createUser();
    expect((await coreJson(other.userId, `/transactions/${id}`)).status).toBe(404);
    expect((await coreJson(userId, `/transactions/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it('serves account pages from the (account_id, created_at) index, not a table scan', async () => {
    const plan = await db()
      .prepare('EXPLAIN QUERY PLAN SELECT id FROM transactions WHERE account_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 50 OFFSET 0')
      .bind('x')
      .all<{ detail: string }>();
    const detail = plan.results.map((r) => r.detail).join(' | ');
    expect(detail).toMatch(/USING (COVERING )?INDEX transactions_by_account/);
    expect(detail).not.toMatch(/TEMP B-TREE/);
  });
});
