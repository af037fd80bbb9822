// The USD account in the embedded core: opening needs a verified identity; deposits credit at once,
// withdrawals reserve at once and stay pending until the settlement job settles them or they are
// cancelled; holder names must be the verified name; the monthly limit counts deposits and
// withdrawals (not cancelled ones) and resets on the 1st (UTC); foreign ids answer 404; money calls
// replay by Idempotency-Key; and racing calls at the limit's edge never overdraw nor pass the limit,
// with what every USD account holds always equal to deposits minus settled withdrawals.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MONTHLY_LIMIT_CENTS } from '../../../src/core/usd/limits';
import { WITHDRAWAL_SETTLE_MS } from '../../../src/core/usd/settlement';
import { settleWithdrawals } from '../../../src/worker/clock/jobs';
import { core, coreJson, createUser, db, scalar, testEnv, verifyIdentity, type Fixture } from '../fixtures';

/** A routing number with a valid ABA checksum (and one without). */
const ROUTING = '021000021';
const BAD_ROUTING = '021000022';

const verify = (f: Fixture) => verifyIdentity(f.userId);
const open = (f: Fixture) => coreJson(f.userId, '/usd/accounts', { body: { account_id: f.accountId } });
const read = async (f: Fixture) => (await coreJson(f.userId, `/usd/accounts/${f.accountId}`)).body.data;
const depositTo = (f: Fixture, amount: string, headers?: Record<string, string>) =>
  coreJson(f.userId, `/usd/accounts/${f.accountId}/deposits`, { body: { amount, rail: 'bank' }, headers });
const withdrawFrom = (f: Fixture, amount: string, bankAccountId: string, headers?: Record<string, string>) =>
  coreJson(f.userId, `/usd/accounts/${f.accountId}/withdrawals`, { body: { amount, bank_account_id: bankAccountId }, headers });
const cancel = (f: Fixture, movementId: string) => coreJson(f.userId, `/usd/accounts/${f.accountId}/withdrawals/${movementId}/cancel`, { body: {} });
const addBank = (f: Fixture, holder = 'Ana Pérez', routing = ROUTING) =>
  coreJson(f.userId, `/usd/accounts/${f.accountId}/bank-accounts`, {
    body: { holder_name: holder, bank_name: 'First Test Bank', account_number: '000123456789', routing_number: routing },
  });

/** A verified user with an open USD account and one bank account. */
async function opened(): Promise<Fixture & { bankId: string }> {
  const f = await createUser();
  await verify(f);
  expect((await open(f)).status).toBe(201);
  const bank = await addBank(f);
  expect(bank.status).toBe(200);
  return { ...f, bankId: bank.body.data.id };
}

/**
 * Conservation over every USD account: available + pending withdrawals = deposits - settled
 * withdrawals, the USD rows of transactions that moved money (COMPLETED) add up to the same, and no
 * balance is negative.
 */
async function expectConserved() {
  const held = await scalar<number>(
    `SELECT (SELECT COALESCE(SUM(available_cents), 0) FROM usd_balances)
          + (SELECT COALESCE(SUM(amount_cents), 0) FROM usd_movements WHERE kind = 'withdrawal' AND status = 'pending')`,
  );
  const moved = await scalar<number>(
    `SELECT (SELECT COALESCE(SUM(amount_cents), 0) FROM usd_movements WHERE kind = 'deposit' AND status = 'settled')
          - (SELECT COALESCE(SUM(amount_cents), 0) FROM usd_movements WHERE kind = 'withdrawal' AND status = 'settled')`,
  );
  const completedRows = await scalar<number>(
    `SELECT COALESCE(SUM(t.amount_usd), 0) FROM transactions t JOIN usd_movements m ON m.transaction_id = t.id WHERE t.status = 'COMPLETED'`,
  );
  expect(held).toBe(moved);
  expect(completedRows).toBe(moved);
  expect(await scalar<number>('SELECT COUNT(*) FROM usd_balances WHERE available_cents < 0')).toBe(0);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the USD account', () => {
  it('needs a verified identity to open, and opening again answers the same account', async () => {
    const f = await createUser();
    const refused = await open(f);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('identity_not_verified');
    expect((await read(f)).status).toBe('unverified');
    expect((await read(f)).monthly_limit_cents).toBe(0);
    await verify(f);
    expect((await read(f)).status).toBe('closed');
    const first = await open(f);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ status: 'open', available_cents: 0, pending_cents: 0, monthly_limit_cents: MONTHLY_LIMIT_CENTS });
    const again = await open(f);
    expect(again.status).toBe(200);
    expect(again.body.data.wallet_id).toBe(first.body.data.wallet_id);
    // The accounts grouping shows it as the usd_account.
    const cats = await coreJson(f.userId, `/wallets/${f.accountId}/categories`);
    expect(cats.body.data.usd_account).toMatchObject({ id: first.body.data.wallet_id, chain: 'usd', kind: 'usd' });
  });

  it('credits a deposit at once, with a COMPLETED deposit row and a notification', async () => {
    const f = await opened();
    const { status, body } = await depositTo(f, '125.50');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ kind: 'deposit', rail: 'bank', amount_cents: 12550, status: 'settled' });
    const account = await read(f);
    expect(account).toMatchObject({
      available_cents: 12550,
      pending_cents: 0,
      used_this_month_cents: 12550,
      remaining_this_month_cents: MONTHLY_LIMIT_CENTS - 12550,
    });
    const tx = await coreJson(f.userId, `/transactions/${body.data.transaction_id}`);
    expect(tx.body.data).toMatchObject({ type: 'deposit', amount_usd: 12550, asset: 'USD', network: 'ach', status: 'COMPLETED' });
    const notes = await coreJson(f.userId, '/notifications');
    expect(notes.body.data.notifications[0]).toMatchObject({ kind: 'usd_deposited', transaction_id: body.data.transaction_id, amount_usd: 12550 });
    await expectConserved();
  });

  it('reserves a withdrawal at once, keeps it pending, and settles it once when it is due', async () => {
    const f = await opened();
    await depositTo(f, '100');
    const w = await withdrawFrom(f, '40.25', f.bankId);
    expect(w.status).toBe(200);
    expect(w.body.data).toMatchObject({ kind: 'withdrawal', status: 'pending', amount_cents: 4025, bank_account_id: f.bankId });
    expect(Date.parse(w.body.data.settle_at) - Date.parse(w.body.data.created_at)).toBe(WITHDRAWAL_SETTLE_MS);
    expect(await read(f)).toMatchObject({ available_cents: 5975, pending_cents: 4025, used_this_month_cents: 14025 });
    const pendingTx = await coreJson(f.userId, `/transactions/${w.body.data.transaction_id}`);
    expect(pendingTx.body.data).toMatchObject({ type: 'withdrawal', amount_usd: -4025, status: 'PENDING' });
    await expectConserved();

    // Not yet due: nothing settles.
    await settleWithdrawals(testEnv, Date.parse(w.body.data.settle_at) - 1);
    expect((await read(f)).pending_cents).toBe(4025);
    const { settled } = await settleWithdrawals(testEnv, Date.parse(w.body.data.settle_at));
    expect(settled).toBeGreaterThanOrEqual(1);
    expect(await read(f)).toMatchObject({ available_cents: 5975, pending_cents: 0 });
    expect((await coreJson(f.userId, `/transactions/${w.body.data.transaction_id}`)).body.data.status).toBe('COMPLETED');
    const notes = await coreJson(f.userId, '/notifications');
    expect(notes.body.data.notifications[0]).toMatchObject({ kind: 'usd_withdrawal_settled', transaction_id: w.body.data.transaction_id });
    // Once: a second run settles nothing of it and tells nobody again.
    await settleWithdrawals(testEnv, Date.parse(w.body.data.settle_at) + 1000);
    expect(
      await scalar<number>(`SELECT COUNT(*) FROM notifications WHERE transaction_id = ? AND kind = 'usd_withdrawal_settled'`, w.body.data.transaction_id),
    ).toBe(1);
    // A settled withdrawal cannot be cancelled.
    const late = await cancel(f, w.body.data.id);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('withdrawal_not_pending');
    await expectConserved();
  });

  it('returns a cancelled withdrawal, which no longer counts toward the limit', async () => {
    const f = await opened();
    await depositTo(f, '50');
    const w = await withdrawFrom(f, '20', f.bankId);
    const c = await cancel(f, w.body.data.id);
    expect(c.status).toBe(200);
    expect(c.body.data.status).toBe('cancelled');
    expect(await read(f)).toMatchObject({ available_cents: 5000, pending_cents: 0, used_this_month_cents: 5000 });
    expect((await coreJson(f.userId, `/transactions/${w.body.data.transaction_id}`)).body.data.status).toBe('CANCELLED');
    const notes = await coreJson(f.userId, '/notifications');
    expect(notes.body.data.notifications[0]).toMatchObject({ kind: 'usd_withdrawal_cancelled', transaction_id: w.body.data.transaction_id });
    expect((await cancel(f, w.body.data.id)).body.code).toBe('withdrawal_not_pending');
    // Cancelled: the settlement job never settles it.
    await settleWithdrawals(testEnv, Date.parse(w.body.data.settle_at) + 1000);
    expect((await read(f)).available_cents).toBe(5000);
    await expectConserved();
  });

  it('refuses a withdrawal beyond the available balance', async () => {
    const f = await opened();
    await depositTo(f, '10');
    const w = await withdrawFrom(f, '10.01', f.bankId);
    expect(w.status).toBe(409);
    expect(w.body.code).toBe('insufficient_funds');
    expect((await read(f)).available_cents).toBe(1000);
  });

  it('accepts a bank account only in the verified name, without case or accents, with a valid routing number', async () => {
    const f = await opened();
    expect((await addBank(f, '  ana PEREZ ')).status).toBe(200);
    const other = await addBank(f, 'Ana López');
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('holder_name_mismatch');
    expect((await addBank(f, 'Ana Pérez', BAD_ROUTING)).status).toBe(400);
    const list = await coreJson(f.userId, `/usd/accounts/${f.accountId}/bank-accounts`);
    expect(list.body.data).toHaveLength(2);
    expect(list.body.data[0]).toMatchObject({ account_last4: '6789', routing_number: ROUTING });
    expect(JSON.stringify(list.body.data)).not.toContain('000123456789');
  });

  it('stops money for a person whose verification is no longer approved', async () => {
    const f = await opened();
    await depositTo(f, '10');
    await db().prepare(`UPDATE profiles SET idv_status = 'rejected' WHERE id = ?`).bind(f.userId).run();
    const d = await depositTo(f, '1');
    expect(d.status).toBe(403);
    expect(d.body.code).toBe('identity_not_verified');
    expect((await withdrawFrom(f, '1', f.bankId)).body.code).toBe('identity_not_verified');
    expect((await read(f)).remaining_this_month_cents).toBe(0);
  });

  it('answers 404 for another user’s account, bank account and withdrawal, as for unknown ones', async () => {
    const a = await opened();
    const b = await opened();
    await depositTo(a, '10');
    await depositTo(b, '10');
    const w = await withdrawFrom(a, '5', a.bankId);
    const unknown = crypto.randomUUID();
    expect((await coreJson(b.userId, `/usd/accounts/${a.accountId}`)).status).toBe(404);
    expect((await coreJson(b.userId, `/usd/accounts/${a.accountId}/bank-accounts`)).status).toBe(404);
    expect((await coreJson(b.userId, `/usd/accounts/${a.accountId}/deposits`, { body: { amount: '1', rail: 'card' } })).status).toBe(404);
    expect((await coreJson(b.userId, '/usd/accounts', { body: { account_id: a.accountId } })).status).toBe(404);
    for (const bankId of [a.bankId, unknown]) {
      const r = await withdrawFrom(b, '1', bankId);
      expect(r.status).toBe(404);
      expect(r.body.code).toBe('not_found');
    }
    for (const movementId of [w.body.data.id, unknown]) expect((await cancel(b, movementId)).status).toBe(404);
    expect((await read(a)).pending_cents).toBe(500);
  });

  it('replays a money call by Idempotency-Key and moves the money once', async () => {
    const f = await opened();
    const key = { 'idempotency-key': crypto.randomUUID() };
    const first = await depositTo(f, '30', key);
    const res = await core(f.userId, `/usd/accounts/${f.accountId}/deposits`, { body: { amount: '30', rail: 'bank' }, headers: key });
    expect(res.headers.get('idempotent-replayed')).toBe('true');
    expect(await res.json()).toEqual(first.body);
    expect((await depositTo(f, '31', key)).body.code).toBe('idempotency_conflict');
    const wKey = { 'idempotency-key': crypto.randomUUID() };
    const [w1, w2] = await Promise.all([withdrawFrom(f, '10', f.bankId, wKey), withdrawFrom(f, '10', f.bankId, wKey)]);
    expect(w2.body).toEqual(w1.body);
    expect(await read(f)).toMatchObject({ available_cents: 2000, pending_cents: 1000 });
  });

  it('limits a month to 15,000.00 USD of deposits and withdrawals, and resets at 00:00 UTC on the 1st', async () => {
    const f = await opened();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2031, 0, 31, 23, 59, 0) });
    expect((await depositTo(f, '14000')).status).toBe(200);
    expect((await withdrawFrom(f, '1000', f.bankId)).status).toBe(200);
    const over = await depositTo(f, '0.01');
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('monthly_limit_exceeded');
    expect(await read(f)).toMatchObject({ used_this_month_cents: MONTHLY_LIMIT_CENTS, remaining_this_month_cents: 0, resets_at: '2031-02-01T00:00:00.000Z' });
    vi.setSystemTime(Date.UTC(2031, 1, 1, 0, 0, 0));
    expect(await read(f)).toMatchObject({ used_this_month_cents: 0, remaining_this_month_cents: MONTHLY_LIMIT_CENTS, resets_at: '2031-03-01T00:00:00.000Z' });
    expect((await depositTo(f, '0.01')).status).toBe(200);
  });

  it('never overdraws nor passes the limit under 50 concurrent deposits and withdrawals at the edge', async () => {
    // At the limit's edge: 200.00 USD of the month left, so 4 of the 50 movements of 50.00 may pass.
    const atLimit = await opened();
    expect((await depositTo(atLimit, '14800')).status).toBe(200);
    const mixed = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? depositTo(atLimit, '50') : withdrawFrom(atLimit, '50', atLimit.bankId))),
    );
    expect(mixed.filter((r) => r.status === 200)).toHaveLength(4);
    for (const r of mixed.filter((x) => x.status !== 200)) expect(r.body.code).toBe('monthly_limit_exceeded');
    const a = await read(atLimit);
    expect(a.used_this_month_cents).toBe(MONTHLY_LIMIT_CENTS);

    // At the balance's edge: 120.00 USD available, so 2 of 50 withdrawals of 50.00 may pass.
    const atBalance = await opened();
    await depositTo(atBalance, '120');
    const withdrawals = await Promise.all(Array.from({ length: 50 }, () => withdrawFrom(atBalance, '50', atBalance.bankId)));
    expect(withdrawals.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of withdrawals.filter((x) => x.status !== 200)) expect(r.body.code).toBe('insufficient_funds');
    expect(await read(atBalance)).toMatchObject({ available_cents: 2000, pending_cents: 10000 });
    await expectConserved();

    // Cancels racing the settlement job: each withdrawal ends settled or cancelled, once.
    const pending = withdrawals.filter((r) => r.status === 200).map((r) => r.body.data);
    await Promise.all([...pending.map((w) => cancel(atBalance, w.id)), settleWithdrawals(testEnv, Date.parse(pending[0].settle_at) + 1000)]);
    for (const w of pending) {
      expect(['settled', 'cancelled']).toContain(await scalar<string>('SELECT status FROM usd_movements WHERE id = ?', w.id));
    }
    await expectConserved();
  });
});
