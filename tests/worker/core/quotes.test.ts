// On-ramp quotes in the embedded core: the arithmetic (fee first, 95% of the market rate, rounded
// down to the ledger's 10 decimals) against a BigInt reference; a locked quote keeps its figures
// when the price moves, lapses after 30 s and is used once, however many confirms race; executing
// needs a verified identity; other users' quotes and wallets answer 404 like unknown ones.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUOTE_LOCK_MS } from '../../../src/core/quotes/quotes';
import { quoteFigures } from '../../../src/core/quotes/pricing';
import { ccPrice } from '../../../src/core/ledger/price';
import { parseDecimal } from '../../../src/shared/decimal';
import { core, coreJson, createUserWithParty, db, scalar } from '../fixtures';

type Party = Awaited<ReturnType<typeof createUserWithParty>>;

const approve = (p: Party) => db().prepare("UPDATE profiles SET idv_status = 'approved' WHERE id = ?").bind(p.userId).run();
const lock = (p: Party, amount_usd: string, wallet_id = p.walletId) =>
  coreJson(p.userId, '/quotes', { body: { amount_usd, onramp_provider: 'apple_pay', wallet_id, destination_asset: 'CC' } });
const execute = (p: Party, id: string, key?: string) =>
  core(p.userId, `/quotes/${id}/execute`, { method: 'POST', headers: key ? { 'idempotency-key': key } : {} });
const executeJson = async (p: Party, id: string, key?: string) => {
  const res = await execute(p, id, key);
  return { status: res.status, body: (await res.json()) as any, replayed: res.headers.get('idempotent-replayed') };
};
/** CC units in the party's live holdings. */
const held = async (p: Party) =>
  BigInt(await scalar<string>('SELECT CAST(COALESCE(SUM(amount), 0) AS TEXT) FROM ledger_holdings WHERE owner_party = ? AND archived_at IS NULL', p.partyId));
const units = (ledgerText: string) => BigInt(ledgerText.replace('.', ''));

async function expectSupplyConserved() {
  const [live, issued] = await Promise.all([
    scalar<string>("SELECT CAST(COALESCE(SUM(amount), 0) AS TEXT) FROM ledger_holdings WHERE instrument_id = 'CC' AND archived_at IS NULL"),
    scalar<string>("SELECT CAST(COALESCE(SUM(amount), 0) AS TEXT) FROM ledger_issuances WHERE instrument_id = 'CC'"),
  ]);
  expect(BigInt(live)).toBe(BigInt(issued));
}

afterEach(() => vi.useRealTimers());

describe('quote arithmetic', () => {
  it('gives (amount - 2.50) x 0.95 / price rounded down to 10 decimals, for any amount and price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 251, max: 5000 }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.integer({ min: 0, max: 8 }),
        (cents, priceUnits, priceScale) => {
          const price = parseDecimal(`${priceUnits}e-${priceScale}`)!;
          const f = quoteFigures(BigInt(cents), `${priceUnits}e-${priceScale}`);
          // Reference: N is the largest number of 10^-10 CC with N x price <= (cents - 250) / 100 x 95 / 100.
          const paid = BigInt(cents - 250) * 95n * 10n ** BigInt(10 + price.scale);
          const cost = (n: bigint) => n * 10_000n * price.units;
          if (paid < cost(1n)) {
            expect(f).toBeNull();
            return;
          }
          expect(f).not.toBeNull();
          expect(cost(f!.net_units) <= paid && paid < cost(f!.net_units + 1n)).toBe(true);
          expect(f!.fee_cents).toBe(250n);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('quotes $20 at the app price of CC: the fee first, 95% of the market rate, nothing else', async () => {
    const p = await createUserWithParty();
    const price = await ccPrice(db());
    const { status, body } = await coreJson(p.userId, '/quotes/indicative?amount_usd=20.00&destination_asset=CC');
    expect(status).toBe(200);
    const expected = (1750n * 95n * 10n ** 10n * 10n ** BigInt(parseDecimal(price)!.scale)) / (10_000n * parseDecimal(price)!.units);
    expect(body.data).toMatchObject({ input_amount_usd: '20.00', fees_usd: '2.50', price_usd: price, destination_asset: 'CC', indicative: true });
    expect(units(body.data.net_destination_amount)).toBe(expected);
  });

  it('refuses an amount the fee would eat, and amounts outside 1-50 USD or finer than a cent', async () => {
    const p = await createUserWithParty();
    expect((await coreJson(p.userId, '/quotes/indicative?amount_usd=2.50&destination_asset=CC')).body.code).toBe('amount_below_minimum');
    for (const bad of ['0.99', '50.01', '1.001', '1,5', '-5', 'abc']) {
      const res = await coreJson(p.userId, `/quotes/indicative?amount_usd=${encodeURIComponent(bad)}&destination_asset=CC`);
      expect([bad, res.status, res.body.code]).toEqual([bad, 400, 'validation_failed']);
    }
    expect((await coreJson(p.userId, '/quotes/indicative?amount_usd=50&destination_asset=CC')).status).toBe(200);
    expect((await coreJson(p.userId, '/quotes/indicative?amount_usd=1&destination_asset=CC')).body.code).toBe('amount_below_minimum');
  });
});

describe('locked quotes', () => {
  it('locks a quote for 30 s under a one-time id, for one of your wallets only', async () => {
    const [me, other] = [await createUserWithParty(), await createUserWithParty()];
    const res = await core(me.userId, '/quotes', { body: { amount_usd: '20', onramp_provider: 'usdc', wallet_id: me.walletId, destination_asset: 'CC' } });
    expect(res.status).toBe(201);
    const q = ((await res.json()) as any).data;
    expect(q).toMatchObject({ input_amount_usd: '20.00', fees_usd: '2.50', onramp_provider: 'usdc', wallet_id: me.walletId });
    expect(Date.parse(q.expires_at) - Date.parse(q.created_at)).toBe(QUOTE_LOCK_MS);
    const foreign = await lock(me, '20', other.walletId);
    const unknown = await lock(me, '20', crypto.randomUUID());
    expect([foreign.status, foreign.body]).toEqual([404, unknown.body]);
    expect(unknown.status).toBe(404);
  });

  it('refuses to execute before the identity is verified, and moves nothing', async () => {
    const me = await createUserWithParty();
    const q = (await lock(me, '20')).body.data;
    const before = await held(me);
    const res = await executeJson(me, q.id, 'unverified-1');
    expect([res.status, res.body.code]).toEqual([403, 'identity_not_verified']);
    await db().prepare("UPDATE profiles SET idv_status = 'pending' WHERE id = ?").bind(me.userId).run();
    expect((await executeJson(me, q.id)).body.code).toBe('identity_not_verified');
    expect(await held(me)).toBe(before);
    expect(await scalar('SELECT status FROM quotes WHERE id = ?', q.id)).toBe('locked');
  });

  it('executes once: CC from the treasury to the wallet, a COMPLETED deposit row, a notification and the receipt', async () => {
    const me = await createUserWithParty();
    await approve(me);
    const q = (await lock(me, '20')).body.data;
    const before = await held(me);
    const res = await executeJson(me, q.id, 'buy-1');
    expect(res.status).toBe(200);
    const receipt = res.body.data;
    expect(receipt).toMatchObject({
      quote_id: q.id,
      amount_paid_usd: '20.00',
      fees_usd: '2.50',
      exchange_rate: q.exchange_rate,
      amount_received: q.net_destination_amount,
      wallet_id: me.walletId,
      onramp_provider: 'apple_pay',
      simulated: true,
      affectedParties: [me.partyId],
    });
    expect(receipt.funds_available_at).toBe(receipt.executed_at);
    expect((await held(me)) - before).toBe(units(q.net_destination_amount));
    const row = await db().prepare('SELECT * FROM transactions WHERE id = ?').bind(receipt.transaction_id).first<any>();
    expect(row).toMatchObject({
      type: 'deposit',
      amount_usd: 2000,
      asset: 'CC',
      status: 'COMPLETED',
      quote_id: q.id,
      account_id: me.accountId,
      wallet_id: me.walletId,
    });
    expect(BigInt(row.asset_amount)).toBe(units(q.net_destination_amount));
    expect(await scalar('SELECT kind FROM notifications WHERE transaction_id = ? AND user_id = ?', receipt.transaction_id, me.userId)).toBe('quote_executed');
    // The same key replays the receipt; another key (or none) finds the quote used.
    const replay = await executeJson(me, q.id, 'buy-1');
    expect([replay.status, replay.replayed, replay.body]).toEqual([200, 'true', res.body]);
    expect((await executeJson(me, q.id, 'buy-2')).body.code).toBe('quote_used');
    expect((await executeJson(me, q.id)).status).toBe(409);
    expect((await held(me)) - before).toBe(units(q.net_destination_amount));
    await expectSupplyConserved();
  });

  it('answers 404 for another user’s quote, the same as for an unknown id', async () => {
    const [me, other] = [await createUserWithParty(), await createUserWithParty()];
    await Promise.all([approve(me), approve(other)]);
    const q = (await lock(me, '10')).body.data;
    const foreign = await executeJson(other, q.id);
    const unknown = await executeJson(other, crypto.randomUUID());
    expect([foreign.status, foreign.body]).toEqual([404, unknown.body]);
    expect(await scalar('SELECT status FROM quotes WHERE id = ?', q.id)).toBe('locked');
  });

  it('refuses a quote whose 30 s have passed, and moves nothing', async () => {
    const me = await createUserWithParty();
    await approve(me);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const q = (await lock(me, '20')).body.data;
    const before = await held(me);
    vi.setSystemTime(Date.now() + QUOTE_LOCK_MS - 1_000);
    const fresh = (await lock(me, '20')).body.data;
    vi.setSystemTime(Date.now() + 1_000);
    const res = await executeJson(me, q.id, 'late-1');
    expect([res.status, res.body.code]).toEqual([409, 'quote_expired']);
    expect(await scalar('SELECT status FROM quotes WHERE id = ?', q.id)).toBe('expired');
    expect(await held(me)).toBe(before);
    // A quote still inside its 30 s executes.
    expect((await executeJson(me, fresh.id)).status).toBe(200);
  });

  it('never recalculates a confirmed quote: a price that moved after the lock changes nothing', async () => {
    const me = await createUserWithParty();
    await approve(me);
    const q = (await lock(me, '30')).body.data;
    const restore = await db().prepare("SELECT CAST(last_price AS TEXT) AS p FROM digital_assets WHERE upper(symbol) = 'CC'").first<{ p: string }>();
    await db().prepare("UPDATE digital_assets SET last_price = '0.9' WHERE upper(symbol) = 'CC'").run();
    await db().prepare("UPDATE ledger_instruments SET reference_price = '0.9' WHERE id = 'CC'").run();
    try {
      const now = (await coreJson(me.userId, '/quotes/indicative?amount_usd=30&destination_asset=CC')).body.data;
      expect(now.net_destination_amount).not.toBe(q.net_destination_amount);
      const before = await held(me);
      const receipt = (await executeJson(me, q.id)).body.data;
      expect([receipt.amount_received, receipt.exchange_rate]).toEqual([q.net_destination_amount, q.exchange_rate]);
      expect((await held(me)) - before).toBe(units(q.net_destination_amount));
    } finally {
      if (restore) await db().prepare("UPDATE digital_assets SET last_price = ? WHERE upper(symbol) = 'CC'").bind(restore.p).run();
      await db().prepare("UPDATE ledger_instruments SET reference_price = '0.15' WHERE id = 'CC'").run();
    }
  });

  it('moves money once when 20 confirms of one quote race, with the same or different keys', async () => {
    const me = await createUserWithParty();
    await approve(me);
    const q = (await lock(me, '50')).body.data;
    const before = await held(me);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => executeJson(me, q.id, i % 2 === 0 ? 'same-key' : `key-${i}`)));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.every((a) => a.status === 409 && a.body.code === 'quote_used')).toBe(true);
    // Every success is the one receipt (the winner's, or its replay under the same key).
    expect(new Set(ok.map((a) => a.body.data.transaction_id)).size).toBe(1);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(await scalar('SELECT COUNT(*) FROM transactions WHERE quote_id = ?', q.id)).toBe(1);
    expect(await scalar("SELECT COUNT(*) FROM notifications WHERE kind = 'quote_executed' AND user_id = ?", me.userId)).toBe(1);
    expect((await held(me)) - before).toBe(units(q.net_destination_amount));
    await expectSupplyConserved();
  });
});
