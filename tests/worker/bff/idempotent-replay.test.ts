// The upstream's `idempotent-replayed: true` (src/core/idempotency.ts) reaches the client through the
// BFF, in the embedded default and in remote mode (UPSTREAM_API_URL), so that a client retrying with
// the same Idempotency-Key can tell a replayed answer from a new movement.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../../src/worker/index';
import { bearer, signIn, uniquePhone } from '../auth';
import { createUser } from '../fixtures';
import { call } from '../helpers';
import { installFetchGuard, planFetch, TRANSFER_DATA } from '../network';

installFetchGuard();

const testEnv = env;

const transfer = (token: string, accountId: string, key: string): RequestInit => ({
  method: 'POST',
  headers: { ...bearer(token), 'content-type': 'application/json', 'idempotency-key': key },
  body: JSON.stringify({ account_id: accountId, amount: '25' }),
});

describe('idempotent-replayed through the BFF', () => {
  it('answers a transfer repeated with the same Idempotency-Key with the same body and idempotent-replayed: true (embedded core)', async () => {
    const { accessToken, userId } = await signIn(uniquePhone());
    const { accountId } = await createUser(undefined, userId);
    const made = await call('/api/wallets/digital-asset', {
      method: 'POST',
      headers: { ...bearer(accessToken), 'content-type': 'application/json' },
      body: JSON.stringify({ account_id: accountId }),
    });
    expect(made.status).toBe(200);

    const key = crypto.randomUUID();
    const first = await call('/api/wallets/transfer', transfer(accessToken, accountId, key));
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = await first.json();

    const again = await call('/api/wallets/transfer', transfer(accessToken, accountId, key));
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(firstBody);

    // A new key is a new movement, not a replay.
    const fresh = await call('/api/wallets/transfer', transfer(accessToken, accountId, crypto.randomUUID()));
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
  });

  it('forwards the remote upstream’s idempotent-replayed: true (remote mode)', async () => {
    const { accessToken } = await signIn(uniquePhone());
    const data = { data: TRANSFER_DATA };
    planFetch((req) => Response.json(data, { headers: req.headers.get('idempotency-key') === 'k-replayed' ? { 'idempotent-replayed': 'true' } : {} }));
    const remoteEnv = { ...testEnv, UPSTREAM_API_URL: 'http://upstream.test/v1' };
    const accountId = crypto.randomUUID();
    const send = (key: string) => app.fetch(new Request('http://app.test/api/wallets/transfer', transfer(accessToken, accountId, key)), remoteEnv);

    const replayed = await send('k-replayed');
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await replayed.json()).toEqual(data);
    expect((await send('k-new')).headers.get('idempotent-replayed')).toBeNull();
  });
});
