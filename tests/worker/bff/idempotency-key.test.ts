// An Idempotency-Key header that is present is held to the key's grammar on every route that moves
// money, an empty one included: an empty key is a malformed key (400 `validation_failed` naming the
// header), never "no key", so money never moves without the replay protection the client asked for.
// Embedded default (balance and rows read back) and remote mode (no upstream call).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../../src/worker/index';
import { apiAs, bearer, okAs as ok, personWithWallet as person, signIn, uniquePhone } from '../auth';
import { scalar } from '../fixtures';
import { call } from '../helpers';
import { installFetchGuard, outbound, planFetch, TRANSFER_DATA } from '../network';

installFetchGuard();

/** A POST with the given raw Idempotency-Key header value. */
const withKey = (token: string, key: string, body: unknown): RequestInit => ({
  method: 'POST',
  headers: { ...bearer(token), 'content-type': 'application/json', 'idempotency-key': key },
  body: JSON.stringify(body),
});

async function expectRefusedKey(res: Response) {
  expect(res.status).toBe(400);
  const body = await res.json<{ message: string; code: string }>();
  expect(body.code).toBe('validation_failed');
  expect(body.message).toMatch(/Idempotency-Key/i);
}

const rows = (accountId: string) => scalar<number>('SELECT COUNT(*) FROM transactions WHERE account_id = ?', accountId);
const keys = (userId: string) => scalar<number>('SELECT COUNT(*) FROM idempotency_keys WHERE user_id = ?', userId);

describe('an empty Idempotency-Key', () => {
  it('is refused with 400 on every money route and moves no money (embedded core)', async () => {
    const [ana, bo] = [await person('50'), await person()];
    // Something pending for Bo to accept, sent with a proper key.
    const offer = await ok(ana.s, 'POST', '/api/wallets/canton/send', { account_id: ana.accountId, receiver_party: bo.partyId, amount: '5' });
    const before = {
      ana: await ok(ana.s, 'GET', `/api/wallets/canton/balance/${ana.partyId}`),
      bo: await ok(bo.s, 'GET', `/api/wallets/canton/balance/${bo.partyId}`),
      anaRows: await rows(ana.accountId),
      boRows: await rows(bo.accountId),
      anaKeys: await keys(ana.s.userId),
      boKeys: await keys(bo.s.userId),
    };

    for (const empty of ['', ' ']) {
      await expectRefusedKey(await call('/api/wallets/transfer', withKey(ana.s.accessToken, empty, { account_id: ana.accountId, amount: '25' })));
      await expectRefusedKey(
        await call('/api/wallets/canton/send', withKey(ana.s.accessToken, empty, { account_id: ana.accountId, receiver_party: bo.partyId, amount: '1' })),
      );
      await expectRefusedKey(await call('/api/wallets/auto-accept', withKey(bo.s.accessToken, empty, { account_id: bo.accountId })));
      await expectRefusedKey(await call(`/api/wallets/canton/offers/${offer.offerId}/accept`, withKey(bo.s.accessToken, empty, { account_id: bo.accountId })));
    }

    expect(await ok(ana.s, 'GET', `/api/wallets/canton/balance/${ana.partyId}`)).toEqual(before.ana);
    expect(await ok(bo.s, 'GET', `/api/wallets/canton/balance/${bo.partyId}`)).toEqual(before.bo);
    expect(await rows(ana.accountId)).toBe(before.anaRows);
    expect(await rows(bo.accountId)).toBe(before.boRows);
    expect(await keys(ana.s.userId)).toBe(before.anaKeys);
    expect(await keys(bo.s.userId)).toBe(before.boKeys);
    const incoming = (await ok(bo.s, 'GET', `/api/wallets/canton/offers/${bo.accountId}`)).incoming;
    expect(incoming.map((o: { offerId: string }) => o.offerId)).toContain(offer.offerId);
  });

  it('is refused with 400 before any upstream call (remote mode)', async () => {
    const { accessToken } = await signIn(uniquePhone());
    planFetch(() => Response.json({ data: TRANSFER_DATA }));
    const remoteEnv = { ...env, UPSTREAM_API_URL: 'http://upstream.test/v1' };
    const res = await app.fetch(
      new Request('http://app.test/api/wallets/transfer', withKey(accessToken, '', { account_id: crypto.randomUUID(), amount: '25' })),
      remoteEnv,
    );
    await expectRefusedKey(res);
    expect(outbound).toEqual([]);
  });

  it('still lets a call without the header, and a well-formed key, through', async () => {
    const ana = await person();
    const plain = await apiAs(ana.s, 'POST', '/api/wallets/transfer', { account_id: ana.accountId, amount: '1' });
    expect(plain.status).toBe(200);
    const keyed = await call('/api/wallets/transfer', withKey(ana.s.accessToken, crypto.randomUUID(), { account_id: ana.accountId, amount: '1' }));
    expect(keyed.status).toBe(200);
  });
});
