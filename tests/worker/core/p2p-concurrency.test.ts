// Concurrency claims of person-to-person transfers, each followed by the invariants: 50 sends at
// once never spend more than the sender's available balance; an accept racing a withdraw, or racing
// the expiry job, settles each offer exactly once; the supply (everything ever issued) equals the
// live holdings after every race; no lock outlives its offer; both sides' rows agree with their
// offer.
import { describe, expect, it } from 'vitest';
import { expireOffers } from '../../../src/worker/clock/jobs';
import { coreJson, createUserWithParty, db, scalar, testEnv } from '../fixtures';

type Party = Awaited<ReturnType<typeof createUserWithParty>>;

async function funded(amounts: string[]): Promise<Party> {
  const p = await createUserWithParty();
  for (const amount of amounts) await coreJson(p.userId, '/wallets/transfer', { body: { account_id: p.accountId, amount } });
  await coreJson(p.userId, '/wallets/auto-accept', { body: { account_id: p.accountId } });
  return p;
}

const send = (from: Party, to: string, amount: string) =>
  coreJson(from.userId, '/wallets/canton/send', { body: { account_id: from.accountId, receiver_party: to, amount } });
const act = (p: Party, offerId: string, action: 'accept' | 'reject' | 'withdraw') =>
  coreJson(p.userId, `/wallets/canton/offers/${offerId}/${action}`, { body: { account_id: p.accountId } });
const balance = async (p: Party) => (await coreJson(p.userId, `/wallets/canton/balance/${p.partyId}`)).body.data;

/** Total CC in live holdings equals everything ever issued. */
async function expectSupplyConserved() {
  const [held, issued] = await Promise.all([
    scalar<string>("SELECT CAST(COALESCE(SUM(amount), 0) AS TEXT) FROM ledger_holdings WHERE instrument_id = 'CC' AND archived_at IS NULL"),
    scalar<string>("SELECT CAST(COALESCE(SUM(amount), 0) AS TEXT) FROM ledger_issuances WHERE instrument_id = 'CC'"),
  ]);
  expect(BigInt(held)).toBe(BigInt(issued));
}

/** No live holding is locked for a settled offer; every offer's rows carry the status its offer implies. */
async function expectOffersConsistent() {
  expect(
    await scalar(
      `SELECT COUNT(*) FROM ledger_holdings h JOIN ledger_transfer_offers o ON o.id = h.lock_offer_id
       WHERE h.archived_at IS NULL AND o.status <> 'pending'`,
    ),
  ).toBe(0);
  const wrong = await db()
    .prepare(
      `SELECT o.id, o.status, t.status AS tx_status, t.status_reason FROM ledger_transfer_offers o JOIN transactions t ON t.offer_id = o.id
       WHERE t.status <> CASE o.status WHEN 'pending' THEN 'PENDING' WHEN 'accepted' THEN 'COMPLETED' WHEN 'rejected' THEN 'FAILED' ELSE 'CANCELLED' END
          OR COALESCE(t.status_reason, '') <> CASE WHEN o.status IN ('rejected', 'withdrawn', 'expired') THEN o.status ELSE '' END`,
    )
    .all();
  expect(wrong.results).toEqual([]);
}

describe('person-to-person transfers under concurrent requests', () => {
  it('never spends more than the available balance when 50 sends from one party race', async () => {
    // 30 CC in holdings of 10, 7.5, 5, 4, 2, 1 and 0.5: the sends must split and merge them.
    const me = await funded(['10', '7.5', '5', '4', '2', '1', '0.5']);
    const receivers = await Promise.all([createUserWithParty(), createUserWithParty()]);
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => send(me, receivers[i % 2]!.partyId, '1.5')));
    const ms = performance.now() - started;
    const ok = answers.filter((a) => a.status === 200);
    expect(answers.every((a) => a.status === 200 || (a.status === 409 && a.body.code === 'insufficient_funds'))).toBe(true);
    // 30 / 1.5: exactly 20 fit, whatever the order.
    expect(ok).toHaveLength(20);
    expect(await balance(me)).toMatchObject({ balance: '0.0000000000', locked: '30.0000000000', total: '30.0000000000' });
    expect(await scalar("SELECT COUNT(*) FROM ledger_transfer_offers WHERE sender_party = ? AND status = 'pending'", me.partyId)).toBe(20);
    expect(await scalar("SELECT COUNT(*) FROM transactions WHERE account_id = ? AND direction = 'sent'", me.accountId)).toBe(20);
    await expectSupplyConserved();
    await expectOffersConsistent();
    console.log(`50 racing sends: ${ms.toFixed(0)} ms`);
  });

  it('settles each offer exactly once when accept races withdraw', async () => {
    const me = await funded(['100']);
    const ana = await createUserWithParty();
    const offers: string[] = [];
    for (let i = 0; i < 20; i++) offers.push((await send(me, ana.partyId, '2')).body.data.offerId);
    const answers = await Promise.all(offers.flatMap((id) => [act(ana, id, 'accept'), act(me, id, 'withdraw')]));
    for (let i = 0; i < offers.length; i++) {
      const pair = [answers[2 * i]!, answers[2 * i + 1]!];
      expect(pair.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(pair.find((a) => a.status === 409)!.body.code).toBe('offer_not_pending');
    }
    const accepted = answers.filter((a, i) => i % 2 === 0 && a.status === 200).length;
    expect(await balance(ana)).toMatchObject({ balance: `${accepted * 2}.0000000000`, pendingIncoming: '0.0000000000' });
    expect(await balance(me)).toMatchObject({ balance: `${100 - accepted * 2}.0000000000`, locked: '0.0000000000' });
    await expectSupplyConserved();
    await expectOffersConsistent();
  });

  it('settles each offer exactly once when accept races the expiry job', async () => {
    const me = await funded(['100']);
    const ana = await createUserWithParty();
    const offers: string[] = [];
    for (let i = 0; i < 20; i++) offers.push((await send(me, ana.partyId, '1')).body.data.offerId);
    // The job runs on a clock 25 h ahead: for it every offer has lapsed; for the accepts none has.
    const [job, ...answers] = await Promise.all([expireOffers(testEnv, Date.now() + 25 * 3600_000), ...offers.map((id) => act(ana, id, 'accept'))]);
    const accepted = answers.filter((a) => a.status === 200).length;
    expect(answers.every((a) => a.status === 200 || a.body.code === 'offer_not_pending')).toBe(true);
    const statuses = await db()
      .prepare(`SELECT status, COUNT(*) AS n FROM ledger_transfer_offers WHERE sender_party = ? GROUP BY status ORDER BY status`)
      .bind(me.partyId)
      .all<{ status: string; n: number }>();
    const count = (s: string) => statuses.results.find((r) => r.status === s)?.n ?? 0;
    expect(count('accepted')).toBe(accepted);
    expect(count('expired') + accepted).toBe(20);
    expect(job.expired).toBeGreaterThanOrEqual(count('expired'));
    expect(await balance(ana)).toMatchObject({ balance: `${accepted}.0000000000` });
    expect(await balance(me)).toMatchObject({ balance: `${100 - accepted}.0000000000`, locked: '0.0000000000' });
    await expectSupplyConserved();
    await expectOffersConsistent();
  });
});

describe('the expiry job (run by the app clock)', () => {
  it('expires every lapsed offer without anyone acting: locks released, both rows CANCELLED expired, parties named', async () => {
    const me = await funded(['20']);
    const [ana, bo] = [await createUserWithParty(), await createUserWithParty()];
    const lapsing = (await send(me, ana.partyId, '3')).body.data.offerId;
    const faucet = (await coreJson(bo.userId, '/wallets/transfer', { body: { account_id: bo.accountId, amount: '1' } })).body.data.offerId;
    const now = Date.now();
    // A later offer, still live 25 h from now.
    const live = (await send(me, bo.partyId, '2')).body.data.offerId;
    await db()
      .prepare('UPDATE ledger_transfer_offers SET expires_at = ? WHERE id = ?')
      .bind(new Date(now + 48 * 3600_000).toISOString(), live)
      .run();

    // The job the app's clock runs, on a fake clock 25 h ahead.
    await expireOffers(testEnv, now + 25 * 3600_000);

    const status = (id: string) => scalar<string>('SELECT status FROM ledger_transfer_offers WHERE id = ?', id);
    expect(await status(lapsing)).toBe('expired');
    expect(await status(faucet)).toBe('expired');
    expect(await status(live)).toBe('pending');
    expect(await balance(me)).toMatchObject({ balance: '18.0000000000', locked: '2.0000000000' });
    expect((await db().prepare('SELECT status, status_reason FROM transactions WHERE offer_id = ?').bind(lapsing).all()).results).toEqual([
      { status: 'CANCELLED', status_reason: 'expired' },
      { status: 'CANCELLED', status_reason: 'expired' },
    ]);
    await expectSupplyConserved();
    await expectOffersConsistent();

    // Nothing left to do on a second run; a run names the parties whose screens changed.
    const again = await expireOffers(testEnv, now + 25 * 3600_000);
    expect(again).toEqual({ expired: 0, parties: [] });
    const next = (await send(me, ana.partyId, '1')).body.data.offerId;
    const run = await expireOffers(testEnv, now + 72 * 3600_000);
    expect(run.parties).toEqual(expect.arrayContaining([me.partyId, ana.partyId, bo.partyId]));
    expect(await status(next)).toBe('expired');
  });

  it('does nothing in production mode or when an upstream owns the ledger', async () => {
    const me = await funded(['5']);
    const ana = await createUserWithParty();
    const id = (await send(me, ana.partyId, '1')).body.data.offerId;
    const later = Date.now() + 25 * 3600_000;
    expect(await expireOffers({ ...testEnv, APP_MODE: 'production' }, later)).toEqual({ expired: 0, parties: [] });
    expect(await expireOffers({ ...testEnv, UPSTREAM_API_URL: 'https://upstream.test' }, later)).toEqual({ expired: 0, parties: [] });
    expect(await scalar('SELECT status FROM ledger_transfer_offers WHERE id = ?', id)).toBe('pending');
  });

  it('works through more lapsed offers than one batch holds', async () => {
    const me = await funded(['500']);
    const ana = await createUserWithParty();
    const now = new Date().toISOString();
    // 250 lapsed offers written straight to D1 (without locks: only how many there are matters here).
    const past = new Date(Date.now() - 1000).toISOString();
    const stmts: D1PreparedStatement[] = [];
    for (let i = 0; i < 250; i++) {
      const offerId = `00${crypto.randomUUID().replaceAll('-', '')}${'0'.repeat(32)}`;
      stmts.push(
        db()
          .prepare(
            `INSERT INTO ledger_transfer_offers (id, sender_party, receiver_party, instrument_id, amount, status, expires_at, created_at)
             VALUES (?, ?, ?, 'CC', 10000000000, 'pending', ?, ?)`,
          )
          .bind(offerId, me.partyId, ana.partyId, past, now),
      );
    }
    await db().batch(stmts);
    const run = await expireOffers(testEnv, Date.now());
    expect(run.expired).toBeGreaterThanOrEqual(250);
    expect(await scalar("SELECT COUNT(*) FROM ledger_transfer_offers WHERE status = 'pending' AND expires_at <= ?", new Date().toISOString())).toBe(0);
  });
});
