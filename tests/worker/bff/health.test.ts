import { describe, expect, it } from 'vitest';
import { bearer, signIn } from '../auth';
import { call } from '../helpers';

describe('GET /api/health', () => {
  it('answers {data:{ok:true}} after touching KV and D1, without a token', async () => {
    const res = await call('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { ok: true } });
  });

  it('answers 401 {message} for any other api route without a token, and 404 for a path it does not serve', async () => {
    const res = await call('/api/sessions');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Missing access token', code: 'unauthorized' });
    const unknown = await call('/api/nope');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it('answers 404 {message} for an unknown api path of a signed-in user', async () => {
    const { accessToken } = await signIn();
    const res = await call('/api/nope', { headers: bearer(accessToken) });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });
});
