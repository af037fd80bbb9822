// Person-to-person transfers on the simulated ledger: receivers resolved by party or phone
// without telling "no account" from "no wallet", sends that settle at once under a preapproval or
// become offers locking the sender's holdings, accept / reject / withdraw exactly once, both sides'
// transactions rows, the balance's total, object access and Idempotency-Key.
import { describe, expect, it } from 'vitest';
import { LAPSED_OFFERS_SQL } from '../../../src/core/ledger/expiry';
import { TREASURY_PARTY } from '../../../src/core/ledger/parties';
import { pendingOffersSql } from '../../../src/core/ledger/offer-list';
import { core, coreJson, createUser, createUserWithParty, db, scalar } from '../fixtures';

type Party = Awaited<ReturnType<typeof createUserWithParty>>;

/** A party with `amounts` as separate free holdings (each a faucet offer, accepted). */
async function funded(amounts: string[], name?: string): Promise<Party> {
  const p = await createUserWithParty(name);
  for (const amount of amounts) await coreJson(p.userId, '/wallets/transfer', { body: { account_id: p.accountId, amount } });
  if (amounts.length > 0) await coreJson(p.userId, '/wallets/auto-accept', { body: { account_id: p.accountId } });
  return p;
}

const balance = async (p: Party) => (await coreJson(p.userId, `/wallets/canton/balance/${p.partyId}`)).body.data;
const send = (from: Party, to: string, amount: string | number, headers?: Record<string, string>) =>
  coreJson(from.userId, '/wallets/canton/send', { body: { account_id: from.accountId, receiver_party: to, amount }, headers });
const act = (p: Party, offerId: string, action: 'accept' | 'reject' | 'withdraw', headers?: Record<string, string>) =>
  coreJson(p.userId, `/wallets/canton/offers/${offerId}/${action}`, { body: { account_id: p.accountId }, headers });
const rowsOf = (offerOrHash: string) =>
  db()
    .prepare(
      `SELECT account_id, direction, status, status_reason, amount_usd, CAST(asset_amount AS TEXT) AS units, tx_hash, counterparty_party
       FROM transactions WHERE offer_id = ?1 OR tx_hash = ?1 ORDER BY direction DESC`,
    )
    .bind(offerOrHash)
    .all<Record<string, unknown>>()
    .then((r) => r.results);

async function withPhone(userId: string, phone: string) {
  await db().prepare('INSERT INTO auth_users (id, phone) VALUES (?, ?)').bind(userId, phone).run();
}
const randomPhone = () => `1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

describe('POST /wallets/canton/receivers/resolve', () => {
  const resolve = (p: Party, receiver: unknown) => coreJson(p.userId, '/wallets/canton/receivers/resolve', { body: { account_id: p.accountId, receiver } });

  it("resolves a party id to the receiver's digital-assets party with a masked name", async () => {
    const [me, ana] = [await createUserWithParty(), await createUserWithParty()];
    const { status, body } = await resolve(me, ana.partyId);
    expect(status).toBe(200);
    expect(body.data).toEqual({ partyId: ana.partyId, displayName: 'Ana P.', preapproved: false });
  });

  it("resolves a phone number (spaces and dashes dropped) to that person's digital-assets party only", async () => {
    const [me, ana] = [await createUserWithParty(), await createUserWithParty()];
    const phone = randomPhone();
    await withPhone(ana.userId, phone);
    const spaced = `+${phone.slice(0, 1)} ${phone.slice(1, 4)}-${phone.slice(4, 7)} ${phone.slice(7)}`;
    const { status, body } = await resolve(me, spaced);
    expect(status).toBe(200);
    expect(body.data.partyId).toBe(ana.partyId);
  });

  it('names a person without a first name by the party id, shortened as everywhere else (first 6 ... last 6)', async () => {
    const me = await createUserWithParty();
    const bo = await createUserWithParty('Bob Builder Savings');
    await db().prepare('UPDATE profiles SET first_name = NULL WHERE id = ?').bind(bo.userId).run();
    expect((await resolve(me, bo.partyId)).body.data.displayName).toBe(`${bo.partyId.slice(0, 6)}...${bo.partyId.slice(-6)}`);
  });

  it('answers the same 404 for an unknown phone, a phone without a wallet and an unknown or walletless party', async () => {
    const me = await createUserWithParty();
    const noWallet = await createUser();
    const phone = randomPhone();
    await withPhone(noWallet.userId, phone);
    const unknownParty = `ghost::1220${'ab'.repeat(32)}`;
    const answers = await Promise.all([resolve(me, `+${randomPhone()}`), resolve(me, `+${phone}`), resolve(me, unknownParty), resolve(me, TREASURY_PARTY)]);
    for (const a of answers) expect(a).toEqual({ status: 404, body: answers[0].body });
    expect(answers[0].body.code).toBe('receiver_not_found');
  });

  it("answers 400 self_transfer for the caller's own party or phone", async () => {
    const me = await createUserWithParty();
    const phone = randomPhone();
    await withPhone(me.userId, phone);
    for (const receiver of [me.partyId, `+${phone}`]) {
      const { status, body } = await resolve(me, receiver);
      expect(status).toBe(400);
      expect(body.code).toBe('self_transfer');
    }
  });

  it('answers 400 for something that is neither a party id nor a phone', async () => {
    const me = await createUserWithParty();
    for (const receiver of ['ana', '+12', '555 0130', `ana::1220${'a'.repeat(63)}`, 42]) expect((await resolve(me, receiver)).status).toBe(400);
  });

  it("answers 404 for another user's account", async () => {
    const [me, other] = [await createUserWithParty(), await createUserWithParty()];
    const { status } = await coreJson(other.userId, '/wallets/canton/receivers/resolve', { body: { account_id: me.accountId, receiver: me.partyId } });
    expect(status).toBe(404);
  });
});

describe('POST /wallets/canton/send', () => {
  it("locks the sender's holdings in a 24 h offer, writes both sides' PENDING rows and shows up in both offer lists", async () => {
    const [me, ana] = [await funded(['10']), await createUserWithParty()];
    const before = Date.now();
    const { status, body } = await send(me, ana.partyId, '2.5');
    expect(status).toBe(200);
    const d = body.data;
    expect(d).toMatchObject({ status: 'PENDING', amount: '2.5000000000', senderPartyId: me.partyId, receiverPartyId: ana.partyId });
    expect(d.affectedParties).toEqual([me.partyId, ana.partyId]);
    expect(Date.parse(d.expiresAt) - before).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(await balance(me)).toMatchObject({ balance: '7.5000000000', locked: '2.5000000000', pendingIncoming: '0.0000000000', total: '10.0000000000' });
    expect(await balance(ana)).toMatchObject({ balance: '0.0000000000', locked: '0.0000000000', pendingIncoming: '2.5000000000', total: '2.5000000000' });

    const rows = await rowsOf(d.offerId);
    expect(rows).toEqual([
      expect.objectContaining({ account_id: me.accountId, direction: 'sent', status: 'PENDING', units: '-25000000000', counterparty_party: ana.partyId }),
      expect.objectContaining({ account_id: ana.accountId, direction: 'received', status: 'PENDING', units: '25000000000', counterparty_party: me.partyId }),
    ]);
    expect(rows[0]!.amount_usd).toBe(-d.amount_usd_cents);
    expect(rows[1]!.amount_usd).toBe(d.amount_usd_cents);
    expect(rows[0]!.tx_hash).toBe(rows[1]!.tx_hash);

    const mine = (await coreJson(me.userId, `/wallets/canton/offers/${me.accountId}`)).body.data;
    expect(mine.incoming).toEqual([]);
    expect(mine.outgoing).toEqual([
      expect.objectContaining({
        offerId: d.offerId,
        direction: 'outgoing',
        counterpartyPartyId: ana.partyId,
        counterpartyName: 'Ana P.',
        counterpartyKind: 'person',
        amount: '2.5000000000',
      }),
    ]);
    const hers = (await coreJson(ana.userId, `/wallets/canton/offers/${ana.accountId}`)).body.data;
    expect(hers.incoming).toEqual([
      expect.objectContaining({ offerId: d.offerId, direction: 'incoming', counterpartyPartyId: me.partyId, counterpartyKind: 'person' }),
    ]);
  });

  it('spends several holdings smallest first and gives the change back to the sender', async () => {
    const [me, ana] = [await funded(['1', '2', '3', '50']), await createUserWithParty()];
    const { status } = await send(me, ana.partyId, '5.5');
    expect(status).toBe(200);
    const free = await db()
      .prepare(
        `SELECT CAST(amount AS TEXT) AS units FROM ledger_holdings WHERE owner_party = ? AND archived_at IS NULL AND lock_offer_id IS NULL ORDER BY amount`,
      )
      .bind(me.partyId)
      .all<{ units: string }>();
    // 1 + 2 + 3 spent (the 50 untouched), 0.5 back as change.
    expect(free.results.map((r) => r.units)).toEqual(['5000000000', '500000000000']);
    expect(await balance(me)).toMatchObject({ balance: '50.5000000000', locked: '5.5000000000', total: '56.0000000000' });
  });

  it('answers 409 insufficient_funds beyond the available (unlocked) balance and moves nothing', async () => {
    const [me, ana] = [await funded(['5']), await createUserWithParty()];
    expect((await send(me, ana.partyId, '4')).status).toBe(200);
    const { status, body } = await send(me, ana.partyId, '1.0000000001');
    expect(status).toBe(409);
    expect(body.code).toBe('insufficient_funds');
    expect(await balance(me)).toMatchObject({ balance: '1.0000000000', locked: '4.0000000000' });
    expect(await scalar('SELECT COUNT(*) FROM transactions WHERE account_id = ?', ana.accountId)).toBe(1);
    expect((await send(me, ana.partyId, '1')).status).toBe(200);
  });

  it('answers 404 receiver_not_found for a party without a wallet and 400 self_transfer for its own', async () => {
    const me = await funded(['5']);
    const ghost = await send(me, `ghost::1220${'cd'.repeat(32)}`, '1');
    expect(ghost.status).toBe(404);
    expect(ghost.body.code).toBe('receiver_not_found');
    const self = await send(me, me.partyId, '1');
    expect(self.status).toBe(400);
    expect(self.body.code).toBe('self_transfer');
    expect(await balance(me)).toMatchObject({ balance: '5.0000000000', locked: '0.0000000000' });
  });

  it("settles at once under the receiver's preapproval: COMPLETED both sides, no offer", async () => {
    const [me, ana] = [await funded(['10']), await createUserWithParty()];
    const on = await coreJson(ana.userId, `/wallets/canton/preapproval/${ana.accountId}`, { method: 'PUT', body: { enabled: true } });
    expect(on.body.data.enabled).toBe(true);
    expect(
      (await coreJson(me.userId, '/wallets/canton/receivers/resolve', { body: { account_id: me.accountId, receiver: ana.partyId } })).body.data.preapproved,
    ).toBe(true);
    const { status, body } = await send(me, ana.partyId, '3');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ status: 'COMPLETED', offerId: null, expiresAt: null, amount: '3.0000000000' });
    expect(await balance(ana)).toMatchObject({ balance: '3.0000000000', pendingIncoming: '0.0000000000', total: '3.0000000000' });
    expect(await balance(me)).toMatchObject({ balance: '7.0000000000', locked: '0.0000000000' });
    const rows = await db()
      .prepare('SELECT direction, status, offer_id FROM transactions WHERE id IN (?, (SELECT id FROM transactions WHERE account_id = ? AND direction = ?))')
      .bind(body.data.transactionId, ana.accountId, 'received')
      .all();
    expect(rows.results).toEqual(
      expect.arrayContaining([
        { direction: 'sent', status: 'COMPLETED', offer_id: null },
        { direction: 'received', status: 'COMPLETED', offer_id: null },
      ]),
    );

    // Off: the next send is an offer again.
    const off = await coreJson(ana.userId, `/wallets/canton/preapproval/${ana.accountId}`, { method: 'PUT', body: { enabled: false } });
    expect(off.body.data).toEqual({ enabled: false, expiresAt: null });
    expect((await send(me, ana.partyId, '1')).body.data.status).toBe('PENDING');
  });

  it('replays the first answer for the same Idempotency-Key, moving money once; another body is 422', async () => {
    const [me, ana] = [await funded(['10']), await createUserWithParty()];
    const headers = { 'idempotency-key': `send-${crypto.randomUUID()}` };
    const first = await send(me, ana.partyId, '2', headers);
    const again = await core(me.userId, '/wallets/canton/send', { body: { account_id: me.accountId, receiver_party: ana.partyId, amount: '2' }, headers });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(first.body);
    expect(await balance(me)).toMatchObject({ balance: '8.0000000000' });
    const other = await send(me, ana.partyId, '3', headers);
    expect(other.status).toBe(422);
    expect(await balance(me)).toMatchObject({ balance: '8.0000000000' });
  });
});

describe('accept, reject and withdraw of one offer', () => {
  async function offer(amount = '4') {
    const [me, ana] = [await funded(['10']), await createUserWithParty()];
    const { body } = await send(me, ana.partyId, amount);
    return { me, ana, offerId: body.data.offerId as string, sentTx: body.data.transactionId as string };
  }

  it('accept: the receiver holds the amount, both rows COMPLETED with one hash; a second accept is 409 offer_not_pending', async () => {
    const { me, ana, offerId } = await offer();
    const { status, body } = await act(ana, offerId, 'accept');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ offerId, status: 'accepted', affectedParties: [me.partyId, ana.partyId] });
    expect(await scalar('SELECT direction FROM transactions WHERE id = ?', body.data.transactionId)).toBe('received');
    expect(await balance(ana)).toMatchObject({ balance: '4.0000000000', total: '4.0000000000' });
    expect(await balance(me)).toMatchObject({ balance: '6.0000000000', locked: '0.0000000000', total: '6.0000000000' });
    const rows = await rowsOf(offerId);
    expect(rows.map((r) => r.status)).toEqual(['COMPLETED', 'COMPLETED']);
    expect(rows[0]!.tx_hash).toBe(rows[1]!.tx_hash);
    for (const action of ['accept', 'reject'] as const) {
      const again = await act(ana, offerId, action);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('offer_not_pending');
    }
    expect((await act(me, offerId, 'withdraw')).body.code).toBe('offer_not_pending');
  });

  it('accept replays its first answer for the same Idempotency-Key', async () => {
    const { ana, offerId } = await offer();
    const headers = { 'idempotency-key': `accept-${crypto.randomUUID()}` };
    const first = await act(ana, offerId, 'accept', headers);
    const again = await act(ana, offerId, 'accept', headers);
    expect(again).toEqual(first);
  });

  it("reject: the sender's holdings are free again, both rows FAILED 'rejected'", async () => {
    const { me, ana, offerId } = await offer();
    const { status, body } = await act(ana, offerId, 'reject');
    expect(status).toBe(200);
    expect(body.data).toEqual({ offerId, status: 'rejected', affectedParties: [me.partyId, ana.partyId] });
    expect(await balance(me)).toMatchObject({ balance: '10.0000000000', locked: '0.0000000000' });
    expect(await balance(ana)).toMatchObject({ total: '0.0000000000' });
    expect((await rowsOf(offerId)).map((r) => [r.status, r.status_reason])).toEqual([
      ['FAILED', 'rejected'],
      ['FAILED', 'rejected'],
    ]);
  });

  it("withdraw: the sender's holdings are free again, both rows CANCELLED 'withdrawn', the offer leaves both lists", async () => {
    const { me, ana, offerId } = await offer();
    const { status, body } = await act(me, offerId, 'withdraw');
    expect(status).toBe(200);
    expect(body.data).toEqual({ offerId, status: 'withdrawn', affectedParties: [me.partyId, ana.partyId] });
    expect(await balance(me)).toMatchObject({ balance: '10.0000000000', locked: '0.0000000000' });
    expect((await rowsOf(offerId)).map((r) => [r.status, r.status_reason])).toEqual([
      ['CANCELLED', 'withdrawn'],
      ['CANCELLED', 'withdrawn'],
    ]);
    expect((await coreJson(ana.userId, `/wallets/canton/offers/${ana.accountId}`)).body.data.incoming).toEqual([]);
    expect((await coreJson(me.userId, `/wallets/canton/offers/${me.accountId}`)).body.data.outgoing).toEqual([]);
  });

  it('answers 404 to anyone but the receiver (accept, reject) or the sender (withdraw), and for unknown offers', async () => {
    const { me, ana, offerId } = await offer();
    const stranger = await createUserWithParty();
    for (const [who, action] of [
      [stranger, 'accept'],
      [stranger, 'reject'],
      [stranger, 'withdraw'],
      [me, 'accept'],
      [me, 'reject'],
      [ana, 'withdraw'],
    ] as const) {
      const { status, body } = await act(who, offerId, action);
      expect(status, `${action} by ${who === me ? 'sender' : who === ana ? 'receiver' : 'stranger'}`).toBe(404);
      expect(body.code).toBe('not_found');
    }
    // Someone else's account in the body is 404 too, whoever the offer belongs to.
    const foreign = await coreJson(stranger.userId, `/wallets/canton/offers/${offerId}/accept`, { body: { account_id: ana.accountId } });
    expect(foreign.status).toBe(404);
    expect((await act(ana, `00${'e'.repeat(64)}`, 'accept')).status).toBe(404);
    expect((await act(ana, 'not-an-offer', 'accept')).status).toBe(400);
    expect(await balance(me)).toMatchObject({ locked: '4.0000000000' });
  });

  it("answers 404 for another party's offers list and preapproval", async () => {
    const { ana } = await offer();
    const stranger = await createUserWithParty();
    expect((await coreJson(stranger.userId, `/wallets/canton/offers/${ana.accountId}`)).status).toBe(404);
    expect((await coreJson(stranger.userId, `/wallets/canton/preapproval/${ana.accountId}`)).status).toBe(404);
    expect((await coreJson(stranger.userId, `/wallets/canton/preapproval/${ana.accountId}`, { method: 'PUT', body: { enabled: true } })).status).toBe(404);
  });

  it("a lapsed offer cannot be accepted (409) and is expired by the sender's next send, its lock released", async () => {
    const { me, ana, offerId } = await offer();
    await db()
      .prepare('UPDATE ledger_transfer_offers SET expires_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - 1000).toISOString(), offerId)
      .run();
    expect((await act(ana, offerId, 'accept')).body.code).toBe('offer_not_pending');
    expect((await send(me, ana.partyId, '10')).status).toBe(200);
    expect((await rowsOf(offerId)).map((r) => [r.status, r.status_reason])).toEqual([
      ['CANCELLED', 'expired'],
      ['CANCELLED', 'expired'],
    ]);
  });
});

describe('auto-accept with people', () => {
  it("accepts people's offers with the treasury's, completes the senders' rows and names every sender", async () => {
    const [a, b, me] = [await funded(['5']), await funded(['5']), await createUserWithParty()];
    const oa = (await send(a, me.partyId, '1')).body.data.offerId;
    const ob = (await send(b, me.partyId, '2')).body.data.offerId;
    await coreJson(me.userId, '/wallets/transfer', { body: { account_id: me.accountId, amount: '3' } });
    const { body } = await coreJson(me.userId, '/wallets/auto-accept', { body: { account_id: me.accountId } });
    expect(body.data.contractsAccepted).toBe(3);
    expect(body.data.affectedParties[0]).toBe(me.partyId);
    expect([...body.data.affectedParties].sort()).toEqual([me.partyId, a.partyId, b.partyId, TREASURY_PARTY].sort());
    expect(await balance(me)).toMatchObject({ balance: '6.0000000000', total: '6.0000000000' });
    for (const offerId of [oa, ob]) expect((await rowsOf(offerId)).map((r) => r.status)).toEqual(['COMPLETED', 'COMPLETED']);
  });
});

describe('preapproval', () => {
  it('lives 90 days and is renewed to 90 when read with less than 30 days left', async () => {
    const ana = await createUserWithParty();
    const path = `/wallets/canton/preapproval/${ana.accountId}`;
    expect((await coreJson(ana.userId, path)).body.data).toEqual({ enabled: false, expiresAt: null });
    const on = (await coreJson(ana.userId, path, { method: 'PUT', body: { enabled: true } })).body.data;
    const days = (iso: string) => (Date.parse(iso) - Date.now()) / 86_400_000;
    expect(days(on.expiresAt)).toBeGreaterThan(89.9);
    await db()
      .prepare('UPDATE ledger_transfer_preapprovals SET expires_at = ? WHERE receiver_party = ?')
      .bind(new Date(Date.now() + 10 * 86_400_000).toISOString(), ana.partyId)
      .run();
    const read = (await coreJson(ana.userId, path)).body.data;
    expect(read.enabled).toBe(true);
    expect(days(read.expiresAt)).toBeGreaterThan(89.9);
    // A lapsed one is off.
    await db()
      .prepare('UPDATE ledger_transfer_preapprovals SET expires_at = ? WHERE receiver_party = ?')
      .bind(new Date(Date.now() - 1000).toISOString(), ana.partyId)
      .run();
    expect((await coreJson(ana.userId, path)).body.data).toEqual({ enabled: false, expiresAt: null });
  });
});

describe('GET /wallets/canton/offers/{accountId}, paged', () => {
  type OfferPage = {
    incoming: { offerId: string; amount: string }[];
    outgoing: { offerId: string; amount: string }[];
    incoming_total: number;
    outgoing_total: number;
  };
  const offers = async (p: Party, query = '') => {
    const res = await coreJson<{ data: OfferPage }>(p.userId, `/wallets/canton/offers/${p.accountId}${query}`);
    expect(res.status).toBe(200);
    return res.body.data;
  };

  /** Ana with one 25 CC and one 9 CC offer, then 150 dust offers (0.1 CC, the least one may send) from a flooder, all newer. */
  async function flooded() {
    const [friend, flooder, ana] = [await funded(['40'], 'Friend'), await funded(['20'], 'Flooder'), await createUserWithParty()];
    const big = (await send(friend, ana.partyId, '25')).body.data.offerId as string;
    const nine = (await send(friend, ana.partyId, '9')).body.data.offerId as string;
    for (let i = 0; i < 150; i++) expect((await send(flooder, ana.partyId, '0.1')).status).toBe(200);
    return { friend, flooder, ana, big, nine };
  }

  it('shows a 25 CC offer first on the first page under 150 newer dust offers, largest amount first (exact, not as text), with both totals', async () => {
    const { ana, friend, big, nine } = await flooded();
    const page = await offers(ana);
    expect(page.incoming_total).toBe(152);
    expect(page.outgoing_total).toBe(0);
    expect(page.incoming[0]).toMatchObject({ offerId: big, amount: '25.0000000000' });
    expect(page.incoming[1]).toMatchObject({ offerId: nine, amount: '9.0000000000' });
    expect(page.incoming.length).toBeLessThanOrEqual(100);
    const theirs = await offers(friend);
    expect(theirs).toMatchObject({ incoming_total: 0, outgoing_total: 2 });
    expect(theirs.outgoing.map((o) => o.offerId)).toEqual([big, nine]);
  });

  it('pages one list by limit and offset, covering every pending offer exactly once; equal amounts newest first', async () => {
    const { ana, big } = await flooded();
    const seen: string[] = [];
    for (let offset = 0; offset < 200; offset += 40) {
      const page = await offers(ana, `?direction=incoming&limit=40&offset=${offset}`);
      expect(page.incoming_total).toBe(152);
      expect(page.outgoing).toEqual([]);
      expect(page.incoming.length).toBe(Math.max(0, Math.min(40, 152 - offset)));
      seen.push(...page.incoming.map((o) => o.offerId));
    }
    expect(seen).toHaveLength(152);
    expect(new Set(seen).size).toBe(152);
    expect(seen[0]).toBe(big);
    const created = await db()
      .prepare(`SELECT id, created_at FROM ledger_transfer_offers WHERE receiver_party = ? AND amount = 1000000000 ORDER BY created_at DESC, id DESC`)
      .bind(ana.partyId)
      .all<{ id: string }>();
    expect(seen.slice(2)).toEqual(created.results.map((r) => r.id));
  });

  it.each([
    ['a limit of 0', '?limit=0'],
    ['a limit over 100', '?limit=101'],
    ['a negative offset', '?offset=-1'],
    ['an offset that is not a number', '?offset=two'],
    ['an unknown direction', '?direction=sideways'],
  ])('answers 400 validation_failed for %s', async (_what, query) => {
    const ana = await createUserWithParty();
    const res = await coreJson(ana.userId, `/wallets/canton/offers/${ana.accountId}${query}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
  });
});

describe('transactions of a transfer', () => {
  it("list each side's row with its direction, the other person masked and the reason it did not complete", async () => {
    const [me, ana] = [await funded(['10'], 'Me Savings'), await createUserWithParty()];
    const { body } = await send(me, ana.partyId, '1');
    await act(ana, body.data.offerId, 'reject');
    const mine = (await coreJson(me.userId, `/transactions/account/${me.accountId}?limit=10`)).body.data;
    expect(mine[0]).toMatchObject({
      type: 'transfer',
      direction: 'sent',
      counterparty: ana.partyId,
      counterparty_name: 'Ana P.',
      counterparty_kind: 'person',
      status: 'FAILED',
      status_reason: 'rejected',
      asset_amount: '-1.0000000000',
    });
    const hers = (await coreJson(ana.userId, `/transactions/account/${ana.accountId}?limit=10`)).body.data;
    expect(hers[0]).toMatchObject({
      direction: 'received',
      counterparty: me.partyId,
      counterparty_name: 'Ana P.',
      counterparty_kind: 'person',
      status: 'FAILED',
      status_reason: 'rejected',
      asset_amount: '1.0000000000',
    });
    // The faucet's rows name the treasury, and say it is the treasury so a screen can name it in its language.
    const faucet = mine.find((t: { counterparty: string }) => t.counterparty === TREASURY_PARTY);
    expect(faucet).toMatchObject({ direction: null, counterparty_name: 'Dólar treasury', counterparty_kind: 'treasury', status_reason: null });
  });
});

describe('query plans of the new reads', () => {
  const plan = async (sql: string, ...params: unknown[]) =>
    (
      await db()
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>()
    ).results
      .map((r) => r.detail)
      .join('\n');

  it.each(['incoming', 'outgoing'] as const)(
    'reads the %s offers list, largest amount first, from its partial index of pending offers by amount, with no sort step',
    async (direction) => {
      const detail = await plan(pendingOffersSql(direction), 'p::1220', new Date().toISOString(), 20, 0);
      expect(detail).toContain(direction === 'incoming' ? 'ledger_offers_pending_in_by_amount' : 'ledger_offers_pending_out_by_amount');
      expect(detail).not.toMatch(/TEMP B-TREE/);
    },
  );

  it("reads the expiry job's batch from the pending offers' expiry index, with no sort step", async () => {
    const detail = await plan(LAPSED_OFFERS_SQL.replace('?2', '?1').replace('?3', '?2'), new Date().toISOString(), 100);
    expect(detail).toContain('ledger_offers_pending_by_expiry');
    expect(detail).not.toMatch(/TEMP B-TREE/);
  });
});
