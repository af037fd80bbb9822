// The forwarding loop (src/worker/bff-apps.ts forwardingApp): a declaration added to a forwarded
// resource is served with no BFF code, validated, limited by its declared limiter, and forwarded to
// its own upstream path with exactly the validated params, query (defaults applied) and body.
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createTicket, getTicket, listComments, listTickets } from '../../../src/shared/contract/support';
import { forwardingApp } from '../../../src/worker/bff-apps';
import type { AppEnv } from '../../../src/worker/env';
import { installFetchGuard, outbound, planFetch } from '../network';

installFetchGuard();

const TICKET_ID = '3f1c9a52-6b7e-4d21-9c3a-0a1b2c3d4e5f';
// The stand-in upstream answers whatever a case needs (a 404 to a create included): the contract's
// check of the BFF's own answers (src/worker/middleware/declared-errors.ts) is off for it.
const remoteEnv = { ...env, UPSTREAM_API_URL: 'http://upstream.test/v1', CONTRACT_CHECK: '' };

/** Only the declarations given, mounted as the BFF mounts a resource, for a signed-in user. */
function appOf(...routes: Parameters<typeof forwardingApp>[0]) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('userId', 'user-1');
    c.set('accessToken', 'token-1');
    await next();
  });
  return app.route('/api/support', forwardingApp(routes));
}

describe('the forwarding loop', () => {
  it('forwards a declared read with its validated query, defaults applied', async () => {
    planFetch(() => Response.json({ data: [] }));
    const res = await appOf(listTickets, getTicket).request('/api/support/tickets?limit=5', {}, remoteEnv);
    expect(res.status).toBe(200);
    expect(outbound.map((r) => r.url)).toEqual(['http://upstream.test/v1/support/tickets?limit=5&offset=0']);
  });

  it('forwards a declared path param as one encoded segment and the validated body (defaults applied)', async () => {
    // What the upstream answers does not matter here, only what it received.
    planFetch((req) => (req.method === 'GET' ? Response.json({ data: [] }) : Response.json({ message: 'Not found' }, { status: 404 })));
    const get = await appOf(listTickets, listComments, createTicket).request(`/api/support/tickets/${TICKET_ID}/comments`, {}, remoteEnv);
    expect(get.status).toBe(200);
    const post = await appOf(createTicket).request(
      '/api/support/tickets',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Card blocked', description: 'My card was blocked today' }),
      },
      remoteEnv,
    );
    expect(post.status).toBe(404);
    expect(outbound[0]?.url).toBe(`http://upstream.test/v1/support/tickets/${TICKET_ID}/comments`);
    expect(await outbound[1]?.json()).toEqual({ title: 'Card blocked', description: 'My card was blocked today', category: 'general', priority: 'medium' });
  });

  it('answers 400 {message} for a bad input and forwards nothing; serves only the declarations given', async () => {
    const bad = await appOf(listTickets, getTicket).request('/api/support/tickets?limit=0', {}, remoteEnv);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: expect.stringContaining('limit'), code: 'validation_failed' });
    expect((await appOf(listTickets).request(`/api/support/tickets/${TICKET_ID}`, {}, remoteEnv)).status).toBe(404);
    expect(outbound).toHaveLength(0);
  });
});
