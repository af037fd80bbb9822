// A ticket answers how many comments its owner sees (`comment_count`, internal notes excluded), so the
// tickets list can show "2 replies" without a call per ticket: embedded (the core counts them) and
// remote (the contract declares it, so the answer check keeps it).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { app } from '../../../src/worker/index';
import { bearer, signIn, uniquePhone } from '../auth';
import { call } from '../helpers';
import { installFetchGuard, planFetch } from '../network';

installFetchGuard();

const json = (token: string, body?: unknown): RequestInit => ({
  method: body === undefined ? 'GET' : 'POST',
  headers: { ...bearer(token), 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
const data = async (res: Response) => (await res.json<{ data: any }>()).data;

describe('comment_count of a ticket', () => {
  it('counts the comments the owner sees, in the ticket and in the list', async () => {
    const { accessToken } = await signIn(uniquePhone());
    const ticket = await data(
      await call('/api/support/tickets', json(accessToken, { title: 'Card blocked', description: 'My card was blocked today', priority: 'low' })),
    );
    expect(ticket.comment_count).toBe(0);
    await call(`/api/support/tickets/${ticket.id}/comments`, json(accessToken, { content: 'Any news?' }));
    await call(`/api/support/tickets/${ticket.id}/comments`, json(accessToken, { content: 'Still blocked' }));
    expect((await data(await call(`/api/support/tickets/${ticket.id}`, json(accessToken)))).comment_count).toBe(2);
    const list = await data(await call('/api/support/tickets', json(accessToken)));
    expect(list.find((t: { id: string }) => t.id === ticket.id)?.comment_count).toBe(2);
  });

  it("counts the on-duty agent's reply to an urgent ticket", async () => {
    const { accessToken } = await signIn(uniquePhone());
    const ticket = await data(
      await call('/api/support/tickets', json(accessToken, { title: 'Money missing', description: 'A transfer never arrived', priority: 'urgent' })),
    );
    const comments = await data(await call(`/api/support/tickets/${ticket.id}/comments`, json(accessToken)));
    expect(ticket.comment_count).toBe(comments.length);
    expect(comments.length).toBeGreaterThan(0);
  });

  it('reaches the client from a remote upstream (the contract declares it)', async () => {
    const { accessToken } = await signIn(uniquePhone());
    const id = crypto.randomUUID();
    const at = '2026-11-23T00:00:00.000Z';
    const upstreamTicket = {
      id,
      title: 'Card blocked',
      description: 'My card was blocked today',
      category: 'general',
      priority: 'low',
      status: 'open',
      assigned_agent: null,
      comment_count: 3,
      created_at: at,
      updated_at: at,
    };
    planFetch(() => Response.json({ data: upstreamTicket }));
    const remoteEnv = { ...env, UPSTREAM_API_URL: 'http://upstream.test/v1' };
    const res = await app.fetch(new Request(`http://app.test/api/support/tickets/${id}`, json(accessToken)), remoteEnv);
    expect(res.status).toBe(200);
    expect((await data(res)).comment_count).toBe(3);
  });
});
