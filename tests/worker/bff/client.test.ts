import { hc, type InferResponseType } from 'hono/client';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AppType } from '../../../src/worker/index';
import { signIn } from '../auth';
import { worker } from '../helpers';

// The islands' one typed client: every answer type comes from AppType, nothing is written by hand.
const client = (token: string) =>
  hc<AppType>('http://app.test', {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => worker.fetch(input, init),
    headers: { authorization: `Bearer ${token}` },
  });

describe('hc<AppType>', () => {
  it('carries the answer types of the accounts and market routes', async () => {
    const { accessToken, userId } = await signIn();
    const api = client(accessToken).api;

    const listRes = await api.accounts.user.accounts.$get();
    expect(listRes.status).toBe(200);
    if (listRes.status === 200) {
      const body = await listRes.json();
      expectTypeOf(body.data.accounts[0]!.account.account_category).toEqualTypeOf<'personal' | 'business' | 'trading' | 'savings' | 'investment'>();
      expectTypeOf(body.data.success).toEqualTypeOf<true>();
      expect(body.data.accounts[0]!.is_active).toBe(true);
    }

    const created = await api.accounts.user['create-account'].$post({ json: { accountName: 'Typed', accountCategory: 'savings' } });
    if (created.status === 200) expectTypeOf((await created.json()).data.accountId).toExtend<string>();
    expect(created.status).toBe(200);

    const profile = await api.accounts[':userId'].$patch({ param: { userId }, json: { language: 'es' } });
    expect(profile.status).toBe(200);
    if (profile.status === 200) expectTypeOf((await profile.json()).data.language).toEqualTypeOf<'en' | 'es' | 'fs' | null>();

    const market = await api.market.$get();
    expect(market.status).toBe(200);
    type Market = InferResponseType<typeof api.market.$get, 200>;
    expectTypeOf<Market['data']['stocks'][number]['symbol']>().toEqualTypeOf<string>();
    expectTypeOf<Market['data']['assets'][number]['last_price']>().toEqualTypeOf<string | null>();

    const missing = await api.market.stocks[':symbol'].$get({ param: { symbol: 'NOPE' } });
    expect(missing.status).toBe(404);
    if (missing.status === 404) expectTypeOf((await missing.json()).message).toEqualTypeOf<string>();
  });
});
