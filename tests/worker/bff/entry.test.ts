// The Worker's entry (src/worker/entry.ts, wrangler.toml's `main`, which these tests load): /api and
// /auth/v1 reach the Hono app directly, every other path goes to Astro's pages (a stand-in here, see
// astro-pages-stub.ts), and a path that does not percent-decode answers 400 before either runs.
import { describe, expect, it, vi } from 'vitest';
import { ASTRO_STUB_HEADER } from '../astro-pages-stub';
import { call } from '../helpers';

describe('the Worker entry', () => {
  it('hands /api and /auth/v1 to the Hono app and every other path to Astro’s pages', async () => {
    for (const path of ['/api', '/api/health', '/api/nope', '/auth/v1', '/auth/v1/settings']) {
      const res = await call(path);
      expect(res.headers.get(ASTRO_STUB_HEADER), path).toBeNull();
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    for (const path of ['/', '/market', '/apiary', '/auth/v2/x', '/no-such-page', '/accounts/digital-assets/BTC']) {
      const res = await call(path, { method: 'POST' });
      expect(res.headers.get(ASTRO_STUB_HEADER), path).toBe('1');
      expect(await res.text()).toBe(`Astro pages: ${path}`);
    }
  });

  it('answers 400 {message} with the API’s headers for an undecodable /api or /auth/v1 path, before any handler logs it', async () => {
    const errors = vi.spyOn(console, 'error');
    for (const path of ['/api/%', '/auth/v1/%zz', '/api/accounts/%E0%A4%A']) {
      const res = await call(path);
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ message: 'Invalid URL encoding in the path', code: 'validation_failed' });
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('answers a plain 400 for an undecodable page path instead of handing it to Astro', async () => {
    const res = await call('/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.headers.get(ASTRO_STUB_HEADER)).toBeNull();
    expect(await res.text()).toBe('Bad Request');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('gives the Hono app the Worker’s bindings: /api/health reads KV and D1 through c.env', async () => {
    const res = await call('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { ok: true } });
  });
});
