// Person-to-person transfers through the BFF, embedded default with the real sign-in: two
// people found by the phone they signed in with, one send as an offer (accepted), one settled at once
// under a preapproval, both histories and balances agreeing; a lookup never tells "no account" from
// "no wallet"; a send repeated with its Idempotency-Key moves money once; the new limiters apply.
import { describe, expect, it } from 'vitest';
import { apiAs, bearer, okAs as ok, personWithWallet as person, signIn, uniquePhone } from '../auth';
import { call } from '../helpers';

type Person = Awaited<ReturnType<typeof person>>;

const balance = (p: Person) => ok(p.s, 'GET', `/api/wallets/canton/balance/${p.partyId}`);
const history = async (p: Person) => (await ok(p.s, 'GET', `/api/transactions/account/${p.accountId}?type=transfer&limit=20`)) as any[];

describe('person-to-person transfers through the BFF', () => {
  it('two people send to each other by phone: an offer accepted one way, a preapproved transfer the other', async () => {
    const [ana, bo] = [await person('50'), await person('20')];

    // Ana finds Bo by the phone he signs in with, written as people write it.
    const spaced = bo.phone.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '+1 $1-$2 $3');
    const found = await ok(ana.s, 'POST', '/api/wallets/canton/receivers/resolve', { account_id: ana.accountId, receiver: spaced });
    expect(found).toEqual({ partyId: bo.partyId, displayName: expect.any(String), preapproved: false });

    const offer = await ok(ana.s, 'POST', '/api/wallets/canton/send', { account_id: ana.accountId, receiver_party: found.partyId, amount: '12.5' });
    expect(offer).toMatchObject({ status: 'PENDING', affectedParties: [ana.partyId, bo.partyId] });
    const incoming = (await ok(bo.s, 'GET', `/api/wallets/canton/offers/${bo.accountId}`)).incoming;
    expect(incoming).toEqual([
      expect.objectContaining({ offerId: offer.offerId, counterpartyPartyId: ana.partyId, counterpartyKind: 'person', amount: '12.5000000000' }),
    ]);
    await ok(bo.s, 'POST', `/api/wallets/canton/offers/${offer.offerId}/accept`, { account_id: bo.accountId });

    // Ana accepts automatically from now on: Bo's transfer settles at once.
    await ok(ana.s, 'PUT', `/api/wallets/canton/preapproval/${ana.accountId}`, { enabled: true });
    const direct = await ok(bo.s, 'POST', '/api/wallets/canton/send', { account_id: bo.accountId, receiver_party: ana.partyId, amount: '2' });
    expect(direct).toMatchObject({ status: 'COMPLETED', offerId: null });

    expect(await balance(ana)).toMatchObject({ balance: '39.5000000000', locked: '0.0000000000', total: '39.5000000000' });
    expect(await balance(bo)).toMatchObject({ balance: '30.5000000000', total: '30.5000000000' });
    const [anaRows, boRows] = [await history(ana), await history(bo)];
    const p2p = (rows: any[]) => rows.filter((r) => r.direction !== null).map((r) => [r.direction, r.asset_amount, r.status, r.counterparty]);
    expect(p2p(anaRows)).toEqual([
      ['received', '2.0000000000', 'COMPLETED', bo.partyId],
      ['sent', '-12.5000000000', 'COMPLETED', bo.partyId],
    ]);
    expect(p2p(boRows)).toEqual([
      ['sent', '-2.0000000000', 'COMPLETED', ana.partyId],
      ['received', '12.5000000000', 'COMPLETED', ana.partyId],
    ]);
  });

  it('answers one and the same 404 for a phone with no account and a phone whose person has no wallet', async () => {
    const ana = await person();
    const walletless = uniquePhone();
    const w = await signIn(walletless);
    await ok(w, 'GET', '/api/accounts/user/accounts');
    const lookup = (receiver: string) => apiAs(ana.s, 'POST', '/api/wallets/canton/receivers/resolve', { account_id: ana.accountId, receiver });
    const [none, noWallet] = [await lookup(uniquePhone()), await lookup(walletless)];
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ message: expect.any(String), code: 'receiver_not_found' });
    expect(noWallet.status).toBe(none.status);
    expect(noWallet.text).toBe(none.text);
  });

  it('moves money once for a send repeated with its Idempotency-Key, answering the first answer again', async () => {
    const [ana, bo] = [await person('10'), await person()];
    const init = (key: string): RequestInit => ({
      method: 'POST',
      headers: { ...bearer(ana.s.accessToken), 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ account_id: ana.accountId, receiver_party: bo.partyId, amount: '4' }),
    });
    const key = crypto.randomUUID();
    const first = await call('/api/wallets/canton/send', init(key));
    const firstBody = await first.json();
    const again = await call('/api/wallets/canton/send', init(key));
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(firstBody);
    expect(await balance(ana)).toMatchObject({ balance: '6.0000000000', locked: '4.0000000000' });
  });

  it('refuses a sender beyond their available balance with 409 insufficient_funds, and a send to oneself with 400 self_transfer', async () => {
    const [ana, bo] = [await person('3'), await person()];
    const over = await apiAs(ana.s, 'POST', '/api/wallets/canton/send', { account_id: ana.accountId, receiver_party: bo.partyId, amount: '3.0000000001' });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('insufficient_funds');
    const self = await apiAs(ana.s, 'POST', '/api/wallets/canton/send', { account_id: ana.accountId, receiver_party: ana.partyId, amount: '1' });
    expect(self.status).toBe(400);
    expect(self.body.code).toBe('self_transfer');
  });

  it('refuses a send below the minimum of 0.1 CC (dust) with 400 amount_below_minimum, and moves nothing', async () => {
    const [ana, bo] = [await person('3'), await person()];
    for (const amount of ['0.0000000001', '0.0999999999', 0.05]) {
      const dust = await apiAs(ana.s, 'POST', '/api/wallets/canton/send', { account_id: ana.accountId, receiver_party: bo.partyId, amount });
      expect(dust.status).toBe(400);
      expect(dust.body).toEqual({ message: 'amount: Amount must be at least 0.1 CC', code: 'amount_below_minimum' });
    }
    expect(await balance(ana)).toMatchObject({ balance: '3.0000000000', locked: '0.0000000000' });
    expect((await ok(bo.s, 'GET', `/api/wallets/canton/offers/${bo.accountId}`)).incoming).toEqual([]);
    const least = await ok(ana.s, 'POST', '/api/wallets/canton/send', { account_id: ana.accountId, receiver_party: bo.partyId, amount: '0.1' });
    expect(least).toMatchObject({ status: 'PENDING', amount: '0.1000000000', amount_usd_cents: 2 });
  });

  it('counts every receiver lookup, found or not (phone guessing), and refuses past 20 a minute with 429', async () => {
    const ana = await person();
    let passed = 0;
    for (; passed < 45; passed++) {
      const res = await apiAs(ana.s, 'POST', '/api/wallets/canton/receivers/resolve', { account_id: ana.accountId, receiver: uniquePhone() });
      if (res.status === 429) break;
      expect(res.status).toBe(404);
    }
    // 20 a minute; a window boundary during the loop can let up to 20 more through.
    expect(passed).toBeGreaterThanOrEqual(20);
    expect(passed).toBeLessThanOrEqual(40);
  });
});
