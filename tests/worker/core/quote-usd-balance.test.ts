// New Transaction paid from the USD balance in the embedded core: executing debits the USD account
// by exactly the amount paid (the fee is inside it) in the batch that credits the CC, and writes a
// purchase in the USD account's activity naming the transaction; it needs an open USD account and a
// balance that covers the amount, and a refusal changes nothing; racing executions (of different
// quotes, of one quote, or against a withdrawal) never take the balance below zero nor move money
// twice; a purchase does not count toward the monthly limit.
import { describe, expect, it } from 'vitest';
import { MONTHLY_LIMIT_CENTS } from '../../../src/core/usd/limits';
import { core, coreJson, createUserWithParty, db, scalar, verifyIdentity } from '../fixtures';

type Buyer = Awaited<ReturnType<typeof createUserWithParty>>;

const deposit = (b: Buyer, amount: string) => coreJson(b.userId, `/usd/accounts/${b.accountId}/deposits`, { body: { amount, rail: 'bank' } });
const lockFromBalance = (b: Buyer, amount_usd: string) =>
  coreJson(b.userId, '/quotes', { body: { amount_usd, onramp_provider: 'usd_balance', wallet_id: b.walletId, destination_asset: 'CC' } });
const execute = async (b: Buyer, id: string, key: string = crypto.randomUUID()) => {
  const res = await core(b.userId, `/quotes/${id}/execute`, { method: 'POST', headers: { 'idempotency-key': key } });
  return { status: res.status, body: (await res.json()) as any };
};
const readUsd = async (b: Buyer) => (await coreJson(b.userId, `/usd/accounts/${b.accountId}`)).body.data;
const available = async (b: Buyer) => (await readUsd(b)).available_cents as number;
/** CC units in the buyer's live holdings. */
const held = async (b: Buyer) =>
  BigInt(await scalar<string>('SELECT CAST(COALESCE(SUM(amount), 0) AS TEXT) FROM ledger_holdings WHERE owner_party = ? AND archived_at IS NULL', b.partyId));
const units = (ledgerText: string) => BigInt(ledgerText.replace('.', ''));
const purchases = (b: Buyer) => scalar<number>(`SELECT COALESCE(SUM(amount_cents), 0) FROM usd_movements WHERE user_id = ? AND kind = 'purchase'`, b.userId);

/** A verified person with a Canton wallet, an open USD account and `amount` dollars in it. */
async function funded(amount: string): Promise<Buyer> {
  const b = await createUserWithParty();
  await verifyIdentity(b.userId);
  expect((await coreJson(b.userId, '/usd/accounts', { body: { account_id: b.accountId } })).status).toBe(201);
  expect((await deposit(b, amount)).status).toBe(200);
  return b;
}

/** Per USD account: available + pending withdrawals = deposits - settled withdrawals - purchases, never below zero. */
async function expectUsdConserved() {
  const mismatched = await scalar<number>(
    `SELECT COUNT(*) FROM usd_balances b WHERE b.available_cents
       + (SELECT COALESCE(SUM(amount_cents), 0) FROM usd_movements WHERE wallet_id = b.wallet_id AND kind = 'withdrawal' AND status = 'pending')
       <> (SELECT COALESCE(SUM(CASE WHEN kind = 'deposit' THEN amount_cents ELSE -amount_cents END), 0) FROM usd_movements
           WHERE wallet_id = b.wallet_id AND status = 'settled')`,
  );
  expect(mismatched).toBe(0);
  expect(await scalar<number>('SELECT COUNT(*) FROM usd_balances WHERE available_cents < 0')).toBe(0);
}

describe('New Transaction paid from the USD balance', () => {
  it('debits exactly the amount paid, credits the CC, and shows the purchase in the USD activity linked to its transaction', async () => {
    const b = await funded('100');
    const lock = await lockFromBalance(b, '20');
    expect(lock.status).toBe(201);
    const q = lock.body.data;
    expect(q).toMatchObject({ input_amount_usd: '20.00', fees_usd: '2.50', onramp_provider: 'usd_balance' });
    const heldBefore = await held(b);
    const res = await execute(b, q.id);
    expect(res.status).toBe(200);
    const receipt = res.body.data;
    expect(receipt).toMatchObject({ quote_id: q.id, amount_paid_usd: '20.00', fees_usd: '2.50', onramp_provider: 'usd_balance', wallet_id: b.walletId });
    expect(await available(b)).toBe(10_000 - 2_000);
    expect((await held(b)) - heldBefore).toBe(units(q.net_destination_amount));
    const usd = await readUsd(b);
    expect(usd.activity[0]).toMatchObject({ kind: 'purchase', rail: null, amount_cents: 2_000, status: 'settled', transaction_id: receipt.transaction_id });
    // Only the deposit counts toward the month's limit.
    expect(usd.used_this_month_cents).toBe(10_000);
    expect(await db().prepare('SELECT type, asset, amount_usd, status, quote_id FROM transactions WHERE id = ?').bind(receipt.transaction_id).first()).toEqual({
      type: 'deposit',
      asset: 'CC',
      amount_usd: 2_000,
      status: 'COMPLETED',
      quote_id: q.id,
    });
    expect(await scalar('SELECT kind FROM notifications WHERE transaction_id = ? AND user_id = ?', receipt.transaction_id, b.userId)).toBe('quote_executed');
    await expectUsdConserved();
  });

  it('refuses without an open USD account (409 usd_account_not_open) and keeps no quote', async () => {
    const b = await createUserWithParty();
    await verifyIdentity(b.userId);
    const res = await lockFromBalance(b, '20');
    expect([res.status, res.body.code]).toEqual([409, 'usd_account_not_open']);
    expect(await scalar('SELECT COUNT(*) FROM quotes WHERE user_id = ?', b.userId)).toBe(0);
  });

  it('refuses when the balance does not cover the amount, at lock and at execute, and changes nothing', async () => {
    const b = await funded('30');
    // Both lock while 30.00 covers each; the first spends 25.00 of it.
    const [first, second] = [(await lockFromBalance(b, '25')).body.data, (await lockFromBalance(b, '25')).body.data];
    expect((await execute(b, first.id)).status).toBe(200);
    const heldBefore = await held(b);
    const res = await execute(b, second.id);
    expect([res.status, res.body.code]).toEqual([409, 'insufficient_funds']);
    expect(await available(b)).toBe(500);
    expect(await held(b)).toBe(heldBefore);
    expect(await scalar('SELECT status FROM quotes WHERE id = ?', second.id)).toBe('locked');
    expect(await scalar('SELECT COUNT(*) FROM transactions WHERE quote_id = ?', second.id)).toBe(0);
    expect(await purchases(b)).toBe(2_500);
    const lock = await lockFromBalance(b, '5.01');
    expect([lock.status, lock.body.code]).toEqual([409, 'insufficient_funds']);
    await expectUsdConserved();
  });

  it('never takes the balance below zero under 20 concurrent executions of different quotes at its edge', async () => {
    // 100.00 available: 6 quotes of 15.00 fit, the 7th would overdraw.
    const b = await funded('100');
    const quotes = [];
    for (let i = 0; i < 20; i++) quotes.push((await lockFromBalance(b, '15')).body.data);
    const heldBefore = await held(b);
    const answers = await Promise.all(quotes.map((q) => execute(b, q.id)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(6);
    for (const a of answers.filter((x) => x.status !== 200)) expect([a.status, a.body.code]).toEqual([409, 'insufficient_funds']);
    // The sum of the debits is the balance's change, and each paid quote's CC arrived.
    expect(await available(b)).toBe(1_000);
    expect(await purchases(b)).toBe(10_000 - 1_000);
    const paid = quotes.filter((q) => ok.some((a) => a.body.data.quote_id === q.id));
    expect((await held(b)) - heldBefore).toBe(paid.reduce((sum, q) => sum + units(q.net_destination_amount), 0n));
    await expectUsdConserved();
  });

  it('moves money once when the same quote is executed twice at once', async () => {
    const b = await funded('100');
    const q = (await lockFromBalance(b, '20')).body.data;
    const answers = await Promise.all([execute(b, q.id), execute(b, q.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.code).toBe('quote_used');
    expect(await available(b)).toBe(8_000);
    expect(await scalar('SELECT COUNT(*) FROM transactions WHERE quote_id = ?', q.id)).toBe(1);
    expect(await purchases(b)).toBe(2_000);
    await expectUsdConserved();
  });

  it('never overdraws when an execution races a withdrawal of the same dollars', async () => {
    const b = await funded('30');
    const bank = await coreJson(b.userId, `/usd/accounts/${b.accountId}/bank-accounts`, {
      body: { holder_name: 'Ana Pérez', bank_name: 'First Test Bank', account_number: '000123456789', routing_number: '021000021' },
    });
    const q = (await lockFromBalance(b, '25')).body.data;
    const [bought, withdrawn] = await Promise.all([
      execute(b, q.id),
      coreJson(b.userId, `/usd/accounts/${b.accountId}/withdrawals`, { body: { amount: '25', bank_account_id: bank.body.data.id } }),
    ]);
    expect([bought.status, withdrawn.status].filter((s) => s === 200)).toHaveLength(1);
    for (const refused of [bought, withdrawn].filter((a) => a.status !== 200)) expect(refused.body.code).toBe('insufficient_funds');
    expect(await available(b)).toBe(500);
    await expectUsdConserved();
  });

  it('does not count toward the monthly limit: a person at the limit can still pay from the balance', async () => {
    const b = await funded('15000');
    expect((await readUsd(b)).remaining_this_month_cents).toBe(0);
    const q = (await lockFromBalance(b, '50')).body.data;
    expect((await execute(b, q.id)).status).toBe(200);
    expect(await readUsd(b)).toMatchObject({ used_this_month_cents: MONTHLY_LIMIT_CENTS, available_cents: MONTHLY_LIMIT_CENTS - 5_000 });
    expect((await deposit(b, '0.01')).body.code).toBe('monthly_limit_exceeded');
  });
});
