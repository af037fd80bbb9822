// Remote mode, the BFF as a gate: every route reaches EXACTLY its own upstream path (method, path
// under UPSTREAM_API_URL, query, body) with the user's token and x-user-id, and a crafted id in a
// path param never reaches another upstream path: the answer is a 4xx, or the same route with the
// id as one encoded segment. What counts is what the stand-in upstream RECEIVED.
import { describe, expect, it } from 'vitest';
import { CRAFTED_IDS, declaredCases, fill, ROUTES, type RouteCase } from './routes';
import { appRequest, authHeaders, remote, signToken, useStandIns, type Received } from './stand-ins';

const s = useStandIns((ins) => {
  ins.supabase.take();
  ins.stocks = [];
  // The market snapshot needs the Canton assets; everything else answers a plain upstream 404.
  ins.upstream.answer((r) =>
    r.method === 'GET' && r.path === `${remote().upstreamBasePath}/wallets/canton/assets`
      ? { status: 200, body: { data: [] } }
      : { status: 404, body: { message: 'Not found' } },
  );
});

const split = (key: string) => {
  const [method, path] = key.split(' ') as [string, string];
  return { method, path };
};
const segments = (path: string) => path.split('/');
const isDotSegment = (seg: string) => /^(\.|%2e){1,2}$/i.test(seg);

/** Does the raw upstream path name `template` (under the base) with each param as one segment equal to `values` once decoded? */
function names(received: string, template: string, values: Record<string, string>): boolean {
  const want = segments(remote().upstreamBasePath + template);
  const got = segments(received);
  if (want.length !== got.length) return false;
  return want.every((w, i) => {
    const g = got[i]!;
    if (!w.startsWith(':')) return w === g;
    let decoded: string;
    try {
      decoded = decodeURIComponent(g);
    } catch {
      return false;
    }
    return !isDotSegment(g) && decoded === values[w.slice(1)] && decoded !== '.' && decoded !== '..';
  });
}

/** The route (of the same method) whose BFF path template matches `path`, and its param values (raw). */
function routeFor(method: string, path: string): { key: string; c: RouteCase; params: Record<string, string> } | undefined {
  for (const [key, c] of Object.entries(ROUTES)) {
    const r = split(key);
    if (r.method !== method) continue;
    const want = segments(r.path);
    const got = segments(path);
    if (want.length !== got.length) continue;
    const params: Record<string, string> = {};
    if (want.every((w, i) => (w.startsWith(':') ? got[i] !== '' && ((params[w.slice(1)] = got[i]!), true) : w === got[i]))) return { key, c, params };
  }
  return undefined;
}

const marketUpstream = (r: Received) => r.method === 'GET' && r.path === `${remote().upstreamBasePath}/wallets/canton/assets`;
const marketSupabase = (r: Received) => r.method === 'GET' && r.path === '/rest/v1/stocks';
/** Supabase calls other than Auth's JWKS (fetched whenever the Worker's copy is missing or old). */
const supabaseCalls = () => s.supabase.take().filter((r) => r.path !== '/auth/v1/.well-known/jwks.json');

// The contract's routes (each with its case; one without a case throws here).
const forwarded = declaredCases().filter(([, c]) => c.upstream !== null);

describe('remote mode: every BFF route reaches exactly its own upstream path', () => {
  it.each(forwarded)("%s reaches exactly its upstream path with the user's token and x-user-id", async (key, c) => {
    const { method, path } = split(key);
    const { token, sub } = await signToken();
    const params = c.params?.({ userId: sub }) ?? {};
    const query = c.query ? `?${new URLSearchParams(c.query)}` : '';
    await appRequest(method, fill(path, params) + query, { headers: authHeaders(token, c.headers), body: c.body });

    const sent = s.upstream.take();
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([`${method} ${remote().upstreamBasePath}${fill(c.upstream!, params)}`]);
    const [r] = sent as [Received];
    expect(r.headers.authorization).toBe(`Bearer ${token}`);
    expect(r.headers['x-user-id']).toBe(sub);
    expect(r.query).toEqual(c.upstreamQuery ?? c.query ?? {});
    if (c.body) expect(JSON.parse(r.body)).toMatchObject(c.body);
    else expect(r.body).toBe('');
    for (const [name, value] of Object.entries(c.headers ?? {})) expect(r.headers[name]).toBe(value);
    expect(supabaseCalls()).toEqual([]);
  });

  it("GET /api/market reads the stocks from the Supabase REST interface and the Canton assets from the upstream, with the user's token", async () => {
    const { token, sub } = await signToken();
    const res = await appRequest('GET', '/api/market', { headers: authHeaders(token) });
    expect(res.status).toBe(200);
    const up = s.upstream.take();
    const sb = supabaseCalls();
    // A snapshot cached by an earlier call is served without asking anyone.
    expect(up.every(marketUpstream) && sb.every(marketSupabase)).toBe(true);
    for (const r of up) expect([r.headers['x-user-id'], r.headers.authorization]).toEqual([sub, `Bearer ${token}`]);
    for (const r of sb) expect([r.headers.apikey, r.headers.authorization]).toEqual(['sb_publishable_remote_tier', `Bearer ${token}`]);
  });

  it('GET /api/market/stocks/:symbol looks an uncached symbol up in the Supabase REST interface by symbol', async () => {
    const { token } = await signToken();
    const res = await appRequest('GET', '/api/market/stocks/aapl', { headers: authHeaders(token) });
    expect(res.status).toBe(404);
    const sb = supabaseCalls();
    expect(sb.map((r) => `${r.method} ${r.path} ${r.query.symbol}`)).toContain('GET /rest/v1/stocks eq.AAPL');
    expect(sb.every(marketSupabase)).toBe(true);
    expect(s.upstream.take().every(marketUpstream)).toBe(true);
  });

  const crafted = declaredCases().flatMap(([key, c]) => {
    const param = [...key.matchAll(/:([A-Za-z]+)/g)][0]?.[1];
    return param ? CRAFTED_IDS.map((id) => [key, id, param, c] as const) : [];
  });

  it.each(crafted)('%s with the crafted id %s never reaches another upstream path', async (key, id, param, c) => {
    const { method, path } = split(key);
    const { token, sub } = await signToken();
    const valid = c.params?.({ userId: sub }) ?? {};
    const rawPath = fill(path, { ...valid, [param]: id }, (v) => (v === id ? id : encodeURIComponent(v)));
    const res = await appRequest(method, rawPath, { headers: authHeaders(token, c.headers), body: c.body });
    const up = s.upstream.take();
    const sb = supabaseCalls();

    // What a URL parser makes of the target (`..` and `%2e%2e` are dot segments): a client that sends
    // them addresses that other path, so the route it names there may be reached, and nothing else.
    const normalised = new URL(rawPath, 'http://app.test').pathname;
    const there = normalised !== rawPath ? routeFor(method, normalised) : undefined;
    const allowed = (r: Received) => {
      if (c.upstream === null ? marketUpstream(r) : r.method === method && names(r.path, c.upstream, { ...valid, [param]: decodeURIComponent(id) }))
        return true;
      if (!there) return false;
      if (there.c.upstream === null) return marketUpstream(r);
      const values = Object.fromEntries(Object.entries(there.params).map(([k, v]) => [k, decodeURIComponent(v)]));
      return r.method === method && names(r.path, there.c.upstream, values);
    };
    expect(up.filter((r) => !allowed(r)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(sb.filter((r) => !marketSupabase(r)).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    if (!there) {
      expect(res.status, res.text).toBeGreaterThanOrEqual(400);
      expect(res.status, res.text).toBeLessThan(500);
      expect(res.json).toEqual({ message: expect.any(String), code: expect.any(String) });
    }
  });
});
