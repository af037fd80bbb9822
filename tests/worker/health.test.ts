import { describe, expect, it } from 'vitest';
import { call } from './helpers';

describe('GET /api/health', () => {
  it('answers {data:{ok:true}} after touching KV and D1', async () => {
    const res = await call('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { ok: true } });
  });

  it('answers 404 {message} for an unknown api path', async () => {
    const res = await call('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found' });
  });
});
