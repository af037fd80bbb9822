import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_SETTLE_MS } from '../../../src/core/usd/settlement';
import { settleWithdrawals } from '../../../src/worker/clock/jobs';
import { coreJson, createUser, createUserWithParty, db, expectedCents, testEnv, verifyIdentity } from '../fixtures';

/** Inserts `n` transactions for the account, one second apart, the last one newest. */
async function seedTransactions(accountId: string, walletId: string | null, n: number) {
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  const stmts = Array.from({ length: n }, (_, i) =>
    db()
      .prepare(
        `INSERT INTO transactions (id, account_id, wallet_id, type, amount_usd, asset, network, status, tx_hash, created_at, updated_at)
         VALUES (?, ?, ?, 'deposit', ?, 'USDC', 'ethereum', 'COMPLETED', ?, ?, ?)`,
      )
      .bind(
        crypto.randomUUID(),
        accountId,
        walletId,
        (i + 1) * 100,
        `0x${i.toString(16).padStart(64, '0')}`,
        new Date(base + i * 1000).toISOString(),
        new Date(base + i * 1000).toISOString(),
      ),
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
    expect(Object.keys(body.data[0])).toEqual(expect.arrayContaining(['id', 'created_at', 'type', 'amount_usd', 'asset', 'network', 'status', 'tx_hash']));
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
      expect.objectContaining({
        type: 'transfer',
        asset: 'CC',
        network: 'canton',
        amount_usd: await expectedCents('100'),
        asset_amount: '100.0000000000',
        status: 'PENDING',
      }),
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

  it('answers one transaction to its owner and 404 to another user', async () => {
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

// ---------------------------------------------------------------------------------------------
// Filters, search and keyset pages

interface Seed {
  type?: string;
  status?: string;
  at: string;
  cents?: number;
  hash?: string | null;
  description?: string | null;
}

/** Inserts the given rows for the account in this order (rowid order = insertion order); answers their ids. */
async function seedRows(accountId: string, rows: Seed[]): Promise<string[]> {
  const ids = rows.map(() => crypto.randomUUID());
  await db().batch(
    rows.map((r, i) =>
      db()
        .prepare(
          `INSERT INTO transactions (id, account_id, wallet_id, type, amount_usd, asset, network, status, tx_hash, description, created_at, updated_at)
           VALUES (?, ?, NULL, ?, ?, 'USDC', 'ethereum', ?, ?, ?, ?, ?)`,
        )
        .bind(ids[i]!, accountId, r.type ?? 'deposit', r.cents ?? 100, r.status ?? 'COMPLETED', r.hash ?? null, r.description ?? null, r.at, r.at),
    ),
  );
  return ids;
}

const idsOf = (body: { data: { id: string }[] }) => body.data.map((t) => t.id);

describe('GET /transactions/account/{id} with filters', () => {
  it('filters by type, by status, and by both', async () => {
    const { userId, accountId } = await createUser();
    const [dep, wd, depPending, order] = await seedRows(accountId, [
      { type: 'deposit', at: '2026-03-01T10:00:00.000Z' },
      { type: 'withdrawal', at: '2026-03-02T10:00:00.000Z' },
      { type: 'deposit', status: 'PENDING', at: '2026-03-03T10:00:00.000Z' },
      { type: 'stock_order', status: 'FAILED', at: '2026-03-04T10:00:00.000Z' },
    ]);
    const q = async (query: string) => idsOf((await coreJson(userId, `/transactions/account/${accountId}?${query}`)).body);
    expect(await q('type=deposit')).toEqual([depPending, dep]);
    expect(await q('status=FAILED')).toEqual([order]);
    expect(await q('type=deposit&status=COMPLETED')).toEqual([dep]);
    expect(await q('type=withdrawal&status=PENDING')).toEqual([]);
    expect(await q('type=withdrawal')).toEqual([wd]);
  });

  it('takes from and to as UTC days, both inclusive (to covers its whole day)', async () => {
    const { userId, accountId } = await createUser();
    const [before, first, last, after] = await seedRows(accountId, [
      { at: '2026-02-28T23:59:59.999Z' },
      { at: '2026-03-01T00:00:00.000Z' },
      { at: '2026-03-31T23:59:59.999Z' },
      { at: '2026-04-01T00:00:00.000Z' },
    ]);
    const q = async (query: string) => idsOf((await coreJson(userId, `/transactions/account/${accountId}?${query}`)).body);
    expect(await q('from=2026-03-01&to=2026-03-31')).toEqual([last, first]);
    expect(await q('from=2026-03-31&to=2026-03-31')).toEqual([last]);
    expect(await q('to=2026-02-28')).toEqual([before]);
    expect(await q('from=2026-04-01')).toEqual([after]);
  });

  it('searches by hash prefix or whole hash, treating % and _ literally', async () => {
    const { userId, accountId } = await createUser();
    const [a, b] = await seedRows(accountId, [
      { at: '2026-03-01T00:00:00.000Z', hash: '0xabc123' },
      { at: '2026-03-02T00:00:00.000Z', hash: '0xabd999' },
      { at: '2026-03-03T00:00:00.000Z', hash: null },
    ]);
    const q = async (query: string) => idsOf((await coreJson(userId, `/transactions/account/${accountId}?q=${encodeURIComponent(query)}`)).body);
    expect(await q('0xab')).toEqual([b, a]);
    expect(await q('0xabc123')).toEqual([a]);
    expect(await q('abc')).toEqual([]); // a prefix, not any part of the hash
    expect(await q('0x%')).toEqual([]);
    expect(await q('0xab_')).toEqual([]);
  });

  it('searches the counterparty of a ledger movement by any part of its party id', async () => {
    const { userId, accountId } = await createUserWithParty();
    await coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: '5' } });
    const list = await coreJson(userId, `/transactions/account/${accountId}`);
    const tx = list.body.data[0];
    expect(tx.counterparty).toMatch(/::1220[0-9a-f]{64}$/); // the treasury, the offer's sender
    const part = tx.counterparty.slice(3, 12);
    expect(idsOf((await coreJson(userId, `/transactions/account/${accountId}?q=${encodeURIComponent(part)}`)).body)).toEqual([tx.id]);
    expect((await coreJson(userId, `/transactions/account/${accountId}?q=nobody-at-all`)).body.data).toEqual([]);
  });

  it.each([
    ['type=refund', /type/],
    ['status=completed', /status/],
    ['from=2026-13-01', /from/],
    ['from=2026-02-30', /from/],
    ['to=yesterday', /to/],
    ['from=2026-03-02&to=2026-03-01', /from must not be after to/],
    [`q=${'a'.repeat(141)}`, /q/],
    ['q=', /q/],
    ['before=not-a-uuid', /before/],
  ])('answers 400 {message} for %s', async (query, message) => {
    const { userId, accountId } = await createUser();
    const { status, body } = await coreJson(userId, `/transactions/account/${accountId}?${query}`);
    expect(status).toBe(400);
    expect(body.message).toMatch(message);
  });

  it("answers 404 for another user's account whatever the filters", async () => {
    const owner = await createUser();
    await seedRows(owner.accountId, [{ at: '2026-03-01T00:00:00.000Z' }]);
    const other = await createUser();
    expect((await coreJson(other.userId, `/transactions/account/${owner.accountId}?type=deposit&from=2026-01-01`)).status).toBe(404);
  });

  it('pages by the before cursor without losing or repeating rows that share a timestamp', async () => {
    const { userId, accountId } = await createUser();
    const at = '2026-03-01T12:00:00.000Z';
    const ids = await seedRows(
      accountId,
      Array.from({ length: 7 }, () => ({ at })),
    );
    const newestFirst = [...ids].reverse();
    const seen: string[] = [];
    let before: string | undefined;
    // Bounded: a server that ignored the cursor would answer the first page for ever.
    for (let pages = 0; pages < 5; pages++) {
      const page = idsOf((await coreJson(userId, `/transactions/account/${accountId}?limit=3${before ? `&before=${before}` : ''}`)).body);
      seen.push(...page);
      if (page.length < 3) break;
      before = page[page.length - 1];
    }
    expect(seen).toEqual(newestFirst);
    // offset pages agree with the cursor on ties
    const byOffset = idsOf((await coreJson(userId, `/transactions/account/${accountId}?limit=3&offset=3`)).body);
    expect(byOffset).toEqual(newestFirst.slice(3, 6));
  });

  it("refuses a before cursor that is not one of the list's transactions", async () => {
    const owner = await createUser();
    const [foreignTx] = await seedRows(owner.accountId, [{ at: '2026-03-01T00:00:00.000Z' }]);
    const { userId, accountId } = await createUser();
    const { status, body } = await coreJson(userId, `/transactions/account/${accountId}?before=${foreignTx}`);
    expect(status).toBe(400);
    expect(body.message).toMatch(/before/);
  });

  it.each([
    ['type=deposit', /INDEX transactions_by_account_type/],
    ['status=PENDING', /INDEX transactions_by_account_status/],
    ['from=2026-01-01&to=2026-01-31', /INDEX transactions_by_account/],
  ])('reads a %s page from an index with no sort step', async (query, index) => {
    const { accountId } = await createUser();
    const { listSql } = await import('../../../src/core/transactions/transactions');
    const params = Object.fromEntries(new URLSearchParams(query));
    const { sql, values } = await listSql(db(), 'account_id', accountId, { limit: 50, offset: 0, ...params });
    const plan = await db()
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...values)
      .all<{ detail: string }>();
    const detail = plan.results.map((r) => r.detail).join(' | ');
    expect(detail).toMatch(index);
    expect(detail).not.toMatch(/TEMP B-TREE/);
  });
  it('reads a page after a before cursor as a range of the index (not every newer row again)', async () => {
    const { accountId } = await createUser();
    const [cursor] = await seedRows(accountId, [{ at: '2026-03-01T00:00:00.000Z' }]);
    const { listSql } = await import('../../../src/core/transactions/transactions');
    const { sql, values } = await listSql(db(), 'account_id', accountId, { limit: 100, offset: 0, before: cursor });
    const plan = await db()
      .prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...values)
      .all<{ detail: string }>();
    const detail = plan.results.map((r) => r.detail).join(' | ');
    expect(detail).toMatch(/INDEX transactions_by_account \(account_id=\? AND created_at<\?\)/);
    expect(detail).not.toMatch(/TEMP B-TREE/);
  });
});

/**
 * A verified person's history over the USD account and New Transaction, made by the core's own calls:
 * dollars added by bank and card, a withdrawal settled by the settlement job, one cancelled, one still
 * pending, and a quote executed (a CC deposit). Answers the rows' transaction ids.
 */
async function usdAndQuoteHistory() {
  const p = await createUserWithParty();
  await verifyIdentity(p.userId);
  const usd = `/usd/accounts/${p.accountId}`;
  expect((await coreJson(p.userId, '/usd/accounts', { body: { account_id: p.accountId } })).status).toBe(201);
  const bank = (
    await coreJson(p.userId, `${usd}/bank-accounts`, {
      body: { holder_name: 'Ana Pérez', bank_name: 'First Test Bank', account_number: '000123456789', routing_number: '021000021' },
    })
  ).body.data.id as string;
  const moved = async (path: string, body: unknown) => {
    const res = await coreJson(p.userId, `${usd}/${path}`, { body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { id: string; transaction_id: string };
  };
  const byBank = await moved('deposits', { amount: '100.00', rail: 'bank' });
  const byCard = await moved('deposits', { amount: '25.50', rail: 'card' });
  const settled = await moved('withdrawals', { amount: '7.25', bank_account_id: bank });
  expect((await settleWithdrawals(testEnv, Date.now() + WITHDRAWAL_SETTLE_MS)).settled).toBeGreaterThanOrEqual(1);
  const cancelled = await moved('withdrawals', { amount: '5.00', bank_account_id: bank });
  await moved(`withdrawals/${cancelled.id}/cancel`, {});
  const pending = await moved('withdrawals', { amount: '10.00', bank_account_id: bank });
  const quote = await coreJson(p.userId, '/quotes', { body: { amount_usd: '20.00', onramp_provider: 'usdc', wallet_id: p.walletId, destination_asset: 'CC' } });
  expect(quote.status, JSON.stringify(quote.body)).toBe(201);
  const receipt = await coreJson(p.userId, `/quotes/${quote.body.data.id}/execute`, { method: 'POST' });
  expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
  return {
    ...p,
    rows: {
      byBank: byBank.transaction_id,
      byCard: byCard.transaction_id,
      settled: settled.transaction_id,
      cancelled: cancelled.transaction_id,
      pending: pending.transaction_id,
      bought: receipt.body.data.transaction_id as string,
    },
  };
}

describe("GET /transactions/account/{id} over the USD account's and New Transaction's rows", () => {
  it('filters them by type, status, both, and UTC days, newest first', async () => {
    const { userId, accountId, rows } = await usdAndQuoteHistory();
    const q = async (query = '') => idsOf((await coreJson(userId, `/transactions/account/${accountId}?${query}`)).body);
    expect(await q()).toEqual([rows.bought, rows.pending, rows.cancelled, rows.settled, rows.byCard, rows.byBank]);
    expect(await q('type=deposit')).toEqual([rows.bought, rows.byCard, rows.byBank]);
    expect(await q('type=withdrawal')).toEqual([rows.pending, rows.cancelled, rows.settled]);
    expect(await q('status=PENDING')).toEqual([rows.pending]);
    expect(await q('status=CANCELLED')).toEqual([rows.cancelled]);
    expect(await q('type=withdrawal&status=COMPLETED')).toEqual([rows.settled]);
    expect(await q('type=deposit&status=COMPLETED')).toEqual([rows.bought, rows.byCard, rows.byBank]);
    expect(await q('type=transfer')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(await q(`from=${today}&to=${today}&type=withdrawal`)).toEqual([rows.pending, rows.cancelled, rows.settled]);
    expect(await q(`to=${yesterday}`)).toEqual([]);
  });

  it('answers each with its amounts and network: USD rows in cents (a withdrawal negative), the purchase as CC with what was paid', async () => {
    const { userId, accountId, rows } = await usdAndQuoteHistory();
    const list = (await coreJson(userId, `/transactions/account/${accountId}`)).body.data as Record<string, unknown>[];
    const byId = Object.fromEntries(list.map((t) => [t.id, t]));
    const usd = { asset: 'USD', asset_amount: null, tx_hash: null, counterparty: null };
    expect(byId[rows.byBank]).toMatchObject({ ...usd, type: 'deposit', status: 'COMPLETED', amount_usd: 10000, network: 'ach', direction: 'received' });
    expect(byId[rows.byCard]).toMatchObject({ ...usd, type: 'deposit', status: 'COMPLETED', amount_usd: 2550, network: 'card' });
    expect(byId[rows.settled]).toMatchObject({ ...usd, type: 'withdrawal', status: 'COMPLETED', amount_usd: -725, direction: 'sent' });
    expect(byId[rows.cancelled]).toMatchObject({ ...usd, type: 'withdrawal', status: 'CANCELLED', amount_usd: -500 });
    expect(byId[rows.pending]).toMatchObject({ ...usd, type: 'withdrawal', status: 'PENDING', amount_usd: -1000 });
    expect(byId[rows.bought]).toMatchObject({ type: 'deposit', status: 'COMPLETED', amount_usd: 2000, asset: 'CC', counterparty_kind: 'treasury' });
    expect(byId[rows.bought]!.asset_amount).toMatch(/^[1-9]\d*\.\d{10}$/);
  });

  it('finds the purchase by its hash prefix and by the treasury it came from; a USD row (no hash, no counterparty) is never a search hit', async () => {
    const { userId, accountId, rows } = await usdAndQuoteHistory();
    const q = async (query: string) => idsOf((await coreJson(userId, `/transactions/account/${accountId}?q=${encodeURIComponent(query)}`)).body);
    const bought = (await coreJson(userId, `/transactions/${rows.bought}`)).body.data as { tx_hash: string; counterparty: string };
    expect(await q(bought.tx_hash.slice(0, 10))).toEqual([rows.bought]);
    expect(await q(bought.counterparty.slice(2, 14))).toEqual([rows.bought]);
    expect(await q('USD')).toEqual([]);
  });
});

describe('GET /transactions/{id} detail', () => {
  it('answers the transfer offer with its status and times, and the counterparty', async () => {
    const { userId, accountId, partyId } = await createUserWithParty();
    const t = await coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: '2.5' } });
    const { status, body } = await coreJson(userId, `/transactions/${t.body.data.transactionId}`);
    expect(status).toBe(200);
    expect(body.data.offer).toMatchObject({
      offerId: t.body.data.offerId,
      receiverPartyId: partyId,
      senderPartyId: t.body.data.fromPartyId,
      amount: '2.5000000000',
      status: 'pending',
      settledAt: null,
    });
    expect(body.data.counterparty).toBe(t.body.data.fromPartyId);
  });

  it('answers offer null for a movement without one', async () => {
    const { userId, accountId } = await createUser();
    const [id] = await seedRows(accountId, [{ at: '2026-03-01T00:00:00.000Z' }]);
    const { body } = await coreJson(userId, `/transactions/${id}`);
    expect(body.data).toMatchObject({ id, offer: null, counterparty: null });
  });
});
