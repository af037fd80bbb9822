// Every refusal carries its stable `code` (src/shared/error-codes.ts), so that clients tell
// errors apart without reading English: representative refusals of the BFF, the platform and the
// embedded core, end to end through the Worker, and an upstream's code in remote mode.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../src/shared/error-codes';
import { app } from '../../../src/worker/index';
import { apiAs, bearer, signIn, uniquePhone } from '../auth';
import { call } from '../helpers';
import { installFetchGuard, planFetch } from '../network';

installFetchGuard();

// An upstream answering codes the route does not declare is what these cases play: the contract's
// check of the BFF's own answers (src/worker/middleware/declared-errors.ts) is off for them.
const remoteEnv = { ...env, UPSTREAM_API_URL: 'http://upstream.test/v1', CONTRACT_CHECK: '' };
const viaRemote = (path: string, init: RequestInit = {}) => app.fetch(new Request(`http://app.test${path}`, init), remoteEnv);

describe('error codes of the BFF and the platform', () => {
  it("answers 401 'unauthorized' without a token and 404 'not_found' for an unknown route", async () => {
    expect(await (await call('/api/accounts/user/accounts')).json()).toMatchObject({ code: 'unauthorized' });
    const who = await signIn(uniquePhone());
    expect((await apiAs(who, 'GET', '/api/no-such-route')).body).toMatchObject({ code: 'not_found' });
  });

  it("answers 400 'validation_failed' for a body that fails the contract", async () => {
    const who = await signIn(uniquePhone());
    const res = await apiAs(who, 'POST', '/api/support/tickets', { title: '', description: 'x' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.any(String), code: 'validation_failed' });
  });

  it("answers 413 'payload_too_large' for a body over the limit", async () => {
    const who = await signIn(uniquePhone());
    const res = await apiAs(who, 'POST', '/api/support/tickets', { title: 't', description: 'x'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body too large', code: 'payload_too_large' });
  });
});

describe('error codes of the embedded core, through the BFF', () => {
  it("answers 409 'only_account' when the user deletes their last account", async () => {
    const who = await signIn(uniquePhone());
    const { body } = await apiAs(who, 'GET', '/api/accounts/user/accounts');
    const accountId = body.data.accounts[0].account_id as string;
    const res = await apiAs(who, 'DELETE', `/api/accounts/user/accounts/${accountId}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'You cannot delete your only account', code: 'only_account' });
  });

  it("answers 409 'ticket_closed' for a comment on a closed ticket, and 'not_found' for another user's ticket", async () => {
    const who = await signIn(uniquePhone());
    const made = await apiAs(who, 'POST', '/api/support/tickets', { title: 'Card', description: 'It broke' });
    const id = made.body.data.id as string;
    expect((await apiAs(who, 'PUT', `/api/support/tickets/${id}`, { status: 'closed' })).status).toBe(200);
    const res = await apiAs(who, 'POST', `/api/support/tickets/${id}/comments`, { content: 'Still broken' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ticket_closed');
    const other = await signIn(uniquePhone());
    expect((await apiAs(other, 'GET', `/api/support/tickets/${id}`)).body).toMatchObject({ code: 'not_found' });
  });

  it("answers 422 'idempotency_conflict' when an Idempotency-Key is reused with another request", async () => {
    const who = await signIn(uniquePhone());
    const { body } = await apiAs(who, 'GET', '/api/accounts/user/accounts');
    const accountId = body.data.accounts[0].account_id as string;
    const send = (amount: string) =>
      call('/api/wallets/transfer', {
        method: 'POST',
        headers: { ...bearer(who.accessToken), 'content-type': 'application/json', 'idempotency-key': 'same-key' },
        body: JSON.stringify({ account_id: accountId, amount }),
      });
    expect((await apiAs(who, 'POST', '/api/wallets/digital-asset', { account_id: accountId })).status).toBe(200);
    expect((await send('1')).status).toBe(200);
    const again = await send('2');
    expect(again.status).toBe(422);
    expect(await again.json()).toEqual({ message: 'Idempotency-Key was already used with a different request', code: 'idempotency_conflict' });
  });
});

describe('error codes from a remote upstream', () => {
  it('forwards a known upstream code and only its message', async () => {
    const who = await signIn(uniquePhone());
    planFetch(() => Response.json({ message: 'Not enough CC', code: 'insufficient_funds', stack: 'x' }, { status: 400 }));
    const res = await viaRemote('/api/accounts/user/accounts', { headers: bearer(who.accessToken) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Not enough CC', code: 'insufficient_funds' });
  });

  it("replaces an unknown upstream code with its status's code", async () => {
    const who = await signIn(uniquePhone());
    planFetch(() => Response.json({ message: 'Nope', code: 'E_SQL_42' }, { status: 409 }));
    const res = await viaRemote('/api/accounts/user/accounts', { headers: bearer(who.accessToken) });
    expect(await res.json()).toEqual({ message: 'Nope', code: 'conflict' });
    expect(ERROR_CODES).not.toContain('E_SQL_42');
  });
});
