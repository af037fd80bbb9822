// Concurrency claims of the ledger: 50 requests at once on one party, then the invariants.
import { describe, expect, it } from 'vitest';
import { TREASURY_PARTY } from '../../../src/core/ledger/parties';
import { coreJson, createUserWithParty, db, scalar } from '../fixtures';

/** Total CC in live holdings must equal everything ever issued, at any moment. */
async function expectSupplyConserved() {
  const [held, issued] = await Promise.all([
    scalar<string>("SELECT CAST(COALESCE(SUM(amount), 0) AS TEXT) FROM ledger_holdings WHERE instrument_id = 'CC' AND archived_at IS NULL"),
    scalar<string>("SELECT CAST(COALESCE(SUM(amount), 0) AS TEXT) FROM ledger_issuances WHERE instrument_id = 'CC'"),
  ]);
  expect(BigInt(held)).toBe(BigInt(issued));
}

describe('ledger under concurrent requests', () => {
  it('keeps every offer accepted once and the supply constant under 25 transfers racing 25 auto-accepts on one party', async () => {
    const { userId, accountId, partyId } = await createUserWithParty();
    // 10 offers are already pending, so the accepts have something to fight over from the start.
    for (let i = 0; i < 10; i++) await coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: '1.5' } });
    await expectSupplyConserved();
    const started = performance.now();
    const calls = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0
        ? coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: '1.5' } })
        : coreJson(userId, '/wallets/auto-accept', { body: { account_id: accountId } }),
    );
    const answers = await Promise.all(calls);
    const ms = performance.now() - started;
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));

    const acceptedInRace = answers.filter((_, i) => i % 2 === 1).reduce((n, a) => n + a.body.data.contractsAccepted, 0);
    const last = await coreJson(userId, '/wallets/auto-accept', { body: { account_id: accountId } });
    // Every one of the 35 offers was accepted exactly once, by the racers or by the last call.
    expect(acceptedInRace).toBeGreaterThanOrEqual(10);
    expect(acceptedInRace + last.body.data.contractsAccepted).toBe(35);
    expect(await scalar("SELECT COUNT(*) FROM ledger_transfer_offers WHERE receiver_party = ? AND status = 'accepted'", partyId)).toBe(35);

    // Each offer produced exactly one receiver holding and archived exactly one locked holding.
    const perOffer = await db()
      .prepare(
        `SELECT o.id,
           (SELECT COUNT(*) FROM ledger_holdings h WHERE h.created_by = 'offer:' || o.id) AS created,
           (SELECT COUNT(*) FROM ledger_holdings h WHERE h.archived_by = o.id) AS archived
         FROM ledger_transfer_offers o WHERE o.receiver_party = ?`,
      )
      .bind(partyId)
      .all<{ created: number; archived: number }>();
    expect(perOffer.results).toHaveLength(35);
    expect(perOffer.results.every((r) => r.created === 1 && r.archived === 1)).toBe(true);

    const balance = (await coreJson(userId, `/wallets/canton/balance/${partyId}`)).body.data.balance;
    expect(balance).toBe('52.5000000000');
    expect(await scalar("SELECT COUNT(*) FROM transactions WHERE account_id = ? AND status = 'COMPLETED'", accountId)).toBe(35);
    expect(await scalar("SELECT COUNT(*) FROM transactions WHERE account_id = ? AND status <> 'COMPLETED'", accountId)).toBe(0);
    // No holding stays locked for an offer that is no longer pending.
    expect(
      await scalar(
        `SELECT COUNT(*) FROM ledger_holdings h JOIN ledger_transfer_offers o ON o.id = h.lock_offer_id
         WHERE h.archived_at IS NULL AND o.status <> 'pending'`,
      ),
    ).toBe(0);
    await expectSupplyConserved();
    console.log(
      `[concurrency] 25 transfers + 25 auto-accepts on one party (10 offers pending before): ${ms.toFixed(0)} ms, ${acceptedInRace} accepted during the race`,
    );
  });

  it('accepts each offer once when 50 auto-accepts race over 20 pending offers', async () => {
    const { userId, accountId, partyId } = await createUserWithParty();
    for (let i = 0; i < 20; i++) await coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: '0.0000000007' } });
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 50 }, () => coreJson(userId, '/wallets/auto-accept', { body: { account_id: accountId } })));
    const ms = performance.now() - started;
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const counts = answers.map((a) => a.body.data.contractsAccepted as number);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(20);
    expect((await coreJson(userId, `/wallets/canton/balance/${partyId}`)).body.data.balance).toBe('0.0000000140');
    await expectSupplyConserved();
    console.log(`[concurrency] 50 auto-accepts over 20 offers: ${ms.toFixed(0)} ms, winners: ${counts.filter((n) => n > 0).length}`);
  });

  it('moves money once when 50 transfers with one Idempotency-Key race', async () => {
    const { userId, accountId, partyId } = await createUserWithParty();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: 100 }, headers: { 'idempotency-key': 'race-1' } }),
      ),
    );
    const ms = performance.now() - started;
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.offerId)).size).toBe(1);
    expect(await scalar('SELECT COUNT(*) FROM ledger_transfer_offers WHERE receiver_party = ?', partyId)).toBe(1);
    expect(await scalar('SELECT COUNT(*) FROM transactions WHERE account_id = ?', accountId)).toBe(1);
    await expectSupplyConserved();
    console.log(`[concurrency] 50 transfers with one Idempotency-Key: ${ms.toFixed(0)} ms, 1 offer`);
  });

  it('mints a top-up issuance when no treasury holding covers a transfer, keeping supply = issuance', async () => {
    const { userId, accountId } = await createUserWithParty();
    const hold = `test-hold:${crypto.randomUUID()}`;
    // Park every free treasury holding behind a lock the ledger does not know (sums unchanged).
    await db()
      .prepare('UPDATE ledger_holdings SET lock_offer_id = ? WHERE owner_party = ? AND archived_at IS NULL AND lock_offer_id IS NULL')
      .bind(hold, TREASURY_PARTY)
      .run();
    const issuancesBefore = await scalar<number>('SELECT COUNT(*) FROM ledger_issuances');
    try {
      const { status } = await coreJson(userId, '/wallets/transfer', { body: { account_id: accountId, amount: 42 } });
      expect(status).toBe(200);
      expect(await scalar<number>('SELECT COUNT(*) FROM ledger_issuances')).toBe(issuancesBefore + 1);
      await expectSupplyConserved();
    } finally {
      await db().prepare('UPDATE ledger_holdings SET lock_offer_id = NULL WHERE lock_offer_id = ?').bind(hold).run();
    }
  });
});
