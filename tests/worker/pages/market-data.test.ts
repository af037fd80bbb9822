// The reads of a page rendered on the Worker (src/worker/pages/shell.ts and market-data.ts), in workerd on real D1
// and KV: /market's shell and rows come from the same upstream port and the same KV market cache as
// the BFF's answers (so a page and /api never disagree); the language is the account's, else the
// first Accept-Language preference; and two users read at once each get only their own data.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { marketPage } from '../../../src/worker/pages/market-data';
import { acceptLanguage, cookieTimeZone } from '../../../src/worker/pages/shell';
import { contextWithUser, pageUserOf } from '../../../src/worker/pages/page-user';
import { MARKET_LIST_KEY } from '../../../src/worker/routes/market';
import { forgetIsolateCopies } from '../../../src/worker/cache/swr';
import { FIRST_SCREEN_ROWS } from '../../../src/shared/page-seed';
import type { MarketSnapshot } from '../../../src/shared/schemas/market';
import { apiAs, pageUser, signIn, uniquePhone } from '../auth';
import { call } from '../helpers';
import { installFetchGuard } from '../network';

installFetchGuard();

const testEnv = env as unknown as Cloudflare.Env & { DB: D1Database; MARKET_CACHE: KVNamespace };
const request = (acceptLang?: string) => new Request('http://localhost/market', { headers: acceptLang ? { 'accept-language': acceptLang } : {} });
const userOf = pageUser;

describe('the reads of a page rendered on the Worker', () => {
  it("reads /market from the BFF's KV market cache and the shell from the upstream port, as /api answers them", async () => {
    const who = await signIn(uniquePhone());
    const { seed, rows } = await marketPage(request(), testEnv, userOf(who));
    // The cached copy the page read is the one GET /api/market answers from.
    expect(await testEnv.MARKET_CACHE.get(MARKET_LIST_KEY)).not.toBeNull();
    const api = await (
      await call('/api/market', { headers: { authorization: `Bearer ${who.accessToken}` } })
    ).json<{ data: { stocks: { symbol: string }[] } }>();
    expect(rows!.map((r) => r.symbol).slice(0, 5)).toEqual(api.data.stocks.map((s) => s.symbol).slice(0, 5));
    const accounts = (await apiAs(who, 'GET', '/api/accounts/user/accounts')).body as { data: { accounts: { account_id: string }[] } };
    expect(seed.userId).toBe(who.userId);
    expect(seed.account?.id).toBe(who.userId);
    expect(seed.accounts.map((a) => a.account_id)).toEqual(accounts.data.accounts.map((a) => a.account_id));
    expect(seed.activeAccount?.account_id).toBe(accounts.data.accounts[0]!.account_id);
    expect(seed.path).toBe('/market');
  });

  it("sends the first screenful of rows and one sizer row, and a market list changed in KV is the next page's (the isolate shares a parsed list only while it is the cached one)", async () => {
    const who = await signIn(uniquePhone());
    const first = await marketPage(request(), testEnv, userOf(who));
    expect(first.rows!.length).toBe(FIRST_SCREEN_ROWS);
    expect(first.sizer).toHaveLength(1);
    expect(first.sizer![0]!.logo).toBe('');
    const cached = JSON.parse((await testEnv.MARKET_CACHE.get(MARKET_LIST_KEY))!) as MarketSnapshot;
    const renamed = {
      ...cached,
      stocks: cached.stocks.map((s, i) =>
        i === 0 ? { ...s, symbol: 'ZZZNEW', name: 'A company listed since the last page, with the longest name of the list' } : s,
      ),
    };
    await testEnv.MARKET_CACHE.put(MARKET_LIST_KEY, JSON.stringify(renamed), { metadata: { fetchedAt: Date.now() } });
    forgetIsolateCopies();
    try {
      const next = await marketPage(request(), testEnv, userOf(who));
      expect(next.rows![0]!.symbol).toBe('ZZZNEW');
      expect(next.sizer![0]!.name).toBe('A company listed since the last page, with the longest name of the list');
      expect(first.rows![0]!.symbol).not.toBe('ZZZNEW');
    } finally {
      await testEnv.MARKET_CACHE.put(MARKET_LIST_KEY, JSON.stringify(cached), { metadata: { fetchedAt: Date.now() } });
      forgetIsolateCopies();
    }
  });

  it("takes the account's language, else the browser's first preference (es gives es, fr gives fs, else en)", async () => {
    const who = await signIn(uniquePhone());
    expect((await marketPage(request('fr-CA,fr;q=0.9'), testEnv, userOf(who))).seed.lang).toBe('fs');
    expect((await marketPage(request(), testEnv, userOf(who))).seed.lang).toBe('en');
    expect((await apiAs(who, 'PATCH', `/api/accounts/${who.userId}`, { language: 'es' })).status).toBe(200);
    expect((await marketPage(request('fr-CA,fr;q=0.9'), testEnv, userOf(who))).seed.lang).toBe('es');
  });

  it('orders Accept-Language by q, then by position', () => {
    expect(acceptLanguage('en;q=0.5, es-MX;q=0.9')).toBe('es');
    expect(acceptLanguage('de, fr;q=0.9')).toBe('en');
    expect(acceptLanguage('*, fr-FR')).toBe('fs');
    expect(acceptLanguage('es;q=0, fr')).toBe('fs');
    expect(acceptLanguage(null)).toBe('en');
    expect(acceptLanguage('garbage;;;q=x')).toBe('en');
  });

  it('takes the time zone from the tz cookie when Intl knows it, else UTC', () => {
    const zoneOf = (cookie?: string) => cookieTimeZone(new Request('https://app.test/', { headers: cookie ? { cookie } : {} }));
    expect(zoneOf('a=1; tz=Asia%2FTokyo; b=2')).toBe('Asia/Tokyo');
    expect(zoneOf('tz=America/Bogota')).toBe('America/Bogota');
    expect(zoneOf('xtz=Asia%2FTokyo')).toBe('UTC');
    expect(zoneOf('tz=Mars%2FOlympus')).toBe('UTC');
    expect(zoneOf('tz=%E0%A4%A')).toBe('UTC');
    expect(zoneOf()).toBe('UTC');
  });

  it('gives two users read at once only their own shell', async () => {
    const a = await signIn(uniquePhone());
    const b = await signIn(uniquePhone());
    const pages = await Promise.all([a, b, a, b, a, b].map((who) => marketPage(request(), testEnv, userOf(who)).then((p) => ({ who, p }))));
    for (const { who, p } of pages) {
      const other = who === a ? b : a;
      expect(p.seed.userId).toBe(who.userId);
      expect(JSON.stringify(p.seed)).not.toContain(other.userId);
    }
  });

  it('hands the verified user to the page only through its own request context', () => {
    const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} } as unknown as ExecutionContext;
    const own = contextWithUser(ctx, { id: 'u1', sessionId: 's1', accessToken: 't1' });
    expect(pageUserOf({ cfContext: own })).toEqual({ id: 'u1', sessionId: 's1', accessToken: 't1' });
    // The platform's context itself, or another request's, carries no user.
    expect(pageUserOf({ cfContext: ctx })).toBeNull();
    expect(pageUserOf({ cfContext: contextWithUser(ctx, { id: 'u2', sessionId: 's2', accessToken: 't2' }) })?.id).toBe('u2');
    expect(pageUserOf({})).toBeNull();
  });
});
