// A known path with a method it does not serve answers 405 with an Allow header listing the ones it
// does (RFC 9110), before authentication: the methods are the published document's, so a caller
// without a token learns nothing more. An unknown path answers 404, token or not. A 401 carries
// WWW-Authenticate: Bearer (RFC 6750), with error="invalid_token" when the token sent was refused.
import { describe, expect, it } from 'vitest';
import { signIn, uniquePhone, bearer } from '../auth';
import { CONTRACT_DOC_ROUTES, apiRoutes } from '../bff-route-table';
import { call } from '../helpers';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Each served path template with the methods it serves (HEAD comes with GET). */
function pathsWithMethods(): Map<string, string[]> {
  const byPath = new Map<string, string[]>();
  const all = [...apiRoutes().map((r) => r.key), ...CONTRACT_DOC_ROUTES];
  for (const key of all) {
    const [method, path] = key.split(' ') as [string, string];
    byPath.set(path, [...(byPath.get(path) ?? []), method]);
  }
  return byPath;
}
const fill = (path: string) => path.replace(/:([A-Za-z]+)/g, 'x1');
const allowOf = (methods: string[]) => [...new Set(methods.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])))].sort();

describe('a known path with a method it does not serve', () => {
  // The methods of every template the concrete path matches (a path may match more than one).
  const templates = [...pathsWithMethods()];
  const matches = (template: string, concrete: string) => new RegExp(`^${template.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(concrete);
  const methodsAt = (concrete: string) => templates.filter(([t]) => matches(t, concrete)).flatMap(([, m]) => m);
  const cases = templates.flatMap(([path]) =>
    METHODS.filter((m) => !methodsAt(fill(path)).includes(m)).map((m) => [`${m} ${path}`, m, path, methodsAt(fill(path))] as const),
  );

  it('covers every served path', () => {
    expect(pathsWithMethods().size).toBeGreaterThan(25);
  });

  it.each(cases)('%s answers 405 {message, code: method_not_allowed} with Allow, without a token', async (_key, method, path, methods) => {
    const res = await call(fill(path), { method });
    expect(res.status, await res.clone().text()).toBe(405);
    expect(res.headers.get('allow')!.split(', ').sort()).toEqual(allowOf(methods));
    const body = await res.json<{ message: string; code: string }>();
    expect(body.code).toBe('method_not_allowed');
    expect(body.message).toMatch(/not allowed/i);
  });

  it('POST /api/health answers 405 with Allow: GET, HEAD (not 401)', async () => {
    const res = await call('/api/health', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('the served method still works and still needs its token', async () => {
    expect((await call('/api/health')).status).toBe(200);
    expect((await call('/api/health', { method: 'HEAD' })).status).toBe(200);
    expect((await call('/api/sessions')).status).toBe(401);
  });
});

describe('an unknown path', () => {
  it.each(['/api/nope', '/api/health/x', '/api/accounts/user/accounts/x/y/z', '/api/'])('%s answers 404 not_found, with or without a token', async (path) => {
    const s = await signIn(uniquePhone());
    for (const headers of [{}, bearer(s.accessToken)]) {
      for (const method of ['GET', 'POST']) {
        const res = await call(path, { method, headers });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect((await res.json<{ code: string }>()).code).toBe('not_found');
        expect(res.headers.get('allow')).toBeNull();
      }
    }
  });
});

describe('401 answers carry a Bearer challenge', () => {
  it('no token: WWW-Authenticate: Bearer', async () => {
    const res = await call('/api/sessions');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer( realm="[^"]*")?$/);
  });

  it('a refused token: WWW-Authenticate: Bearer error="invalid_token"', async () => {
    const res = await call('/api/sessions', { headers: { authorization: 'Bearer not.a.token' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer (realm="[^"]*", )?error="invalid_token"/);
  });

  it('the live socket: no token, then a refused one', async () => {
    const party = `ana::1220${'a'.repeat(64)}`;
    const none = await call(`/api/live?party=${encodeURIComponent(party)}`, { headers: { upgrade: 'websocket' } });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer( realm="[^"]*")?$/);
    const bad = await call(`/api/live?party=${encodeURIComponent(party)}`, {
      headers: { upgrade: 'websocket', 'sec-websocket-protocol': 'dolar.live.v1, bearer.nope' },
    });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  });
});
