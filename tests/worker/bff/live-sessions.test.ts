// A session that ends closes its live sockets: a socket opened by session 2 is closed with 4003
// (CLOSE_SESSION_ENDED) when session 1 signs the others out, when session 1 ends it from the session
// list, and (embedded default) when session 2 logs out at the sign-in service; it receives no event
// afterwards, while the sockets of the sessions that go on keep receiving theirs. Production mode (a
// Supabase project and a remote upstream, both stand-ins here) closes them the same way.
import { env } from 'cloudflare:workers';
import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { app } from '../../../src/worker/index';
import type { PartyLive } from '../../../src/worker/live/party-live';
import type { Bindings } from '../../../src/worker/env';
import { CLOSE_SESSION_ENDED, LIVE_SUBPROTOCOL } from '../../../src/shared/realtime';
import { endSessions } from '../../../src/local-auth';
import { apiAs, bearer, projectToken, sessionIdOf, signIn, uniquePhone } from '../auth';
import { call } from '../helpers';
import { installFetchGuard, planFetch } from '../network';

installFetchGuard();

const testEnv = env as unknown as Bindings & { LIVE: DurableObjectNamespace<PartyLive> };
const ORIGIN = 'http://app.test';

type Session = Awaited<ReturnType<typeof signIn>>;

/** One user signed in twice (two sessions) with a digital-assets party. */
async function twoSessions() {
  const phone = uniquePhone();
  const one = await signIn(phone);
  const accountId = (await apiAs(one, 'GET', '/api/accounts/user/accounts')).body.data.accounts[0].account_id as string;
  const made = await apiAs(one, 'POST', '/api/wallets/digital-asset', { account_id: accountId });
  expect(made.status, made.text).toBe(200);
  const two = await signIn(phone);
  return { one, two, accountId, partyId: made.body.data.cantonPartyId as string };
}

async function connect(who: { accessToken: string }, partyId: string, fetchApp: (path: string, init: RequestInit) => Promise<Response> = call) {
  const res = await fetchApp(`/api/live?party=${encodeURIComponent(partyId)}`, {
    headers: { upgrade: 'websocket', origin: ORIGIN, 'sec-websocket-protocol': `${LIVE_SUBPROTOCOL}, bearer.${who.accessToken}` },
  });
  expect(res.status, res.status === 101 ? '' : await res.text()).toBe(101);
  const ws = res.webSocket!;
  const messages: string[] = [];
  let closed: { code: number } | null = null;
  ws.addEventListener('message', (e) => messages.push(String(e.data)));
  ws.addEventListener('close', (e) => {
    closed = { code: e.code };
  });
  ws.accept();
  return { ws, messages, closed: () => closed };
}

/** Within a few seconds (the socket closes as the ending answers; this leaves room for a loaded machine). */
const within = (check: () => void) => vi.waitFor(check, { timeout: 3000, interval: 20 });
const openSockets = (partyId: string) => testEnv.LIVE.get(testEnv.LIVE.idFromName(partyId)).openSockets();

/** A faucet transfer on the party: its sockets are told. */
async function moveMoney(who: Session, accountId: string) {
  const res = await apiAs(who, 'POST', '/api/wallets/transfer', { account_id: accountId, amount: '1' });
  expect(res.status, res.text).toBe(200);
}

async function expectEndedSocketClosed(
  ended: Awaited<ReturnType<typeof connect>>,
  kept: Awaited<ReturnType<typeof connect>>,
  one: Session,
  accountId: string,
  partyId: string,
) {
  await within(() => expect(ended.closed()).toEqual({ code: CLOSE_SESSION_ENDED }));
  expect(await openSockets(partyId)).toBe(1);
  // No event reaches the ended session; the one that goes on still gets its own.
  await moveMoney(one, accountId);
  await within(() => expect(kept.messages).toHaveLength(1));
  expect(ended.messages).toEqual([]);
  expect(kept.closed()).toBeNull();
  kept.ws.close(1000, 'done');
}

describe('a session that ends closes its live sockets', () => {
  it('POST /api/sessions/sign-out-others closes the other sessions’ sockets with 4003, not the caller’s', async () => {
    const { one, two, accountId, partyId } = await twoSessions();
    const kept = await connect(one, partyId);
    const ended = await connect(two, partyId);
    const res = await call('/api/sessions/sign-out-others', { method: 'POST', headers: bearer(one.accessToken) });
    expect(res.status).toBe(200);
    await expectEndedSocketClosed(ended, kept, one, accountId, partyId);
  });

  it('DELETE /api/sessions/{id} closes that session’s sockets with 4003', async () => {
    const { one, two, accountId, partyId } = await twoSessions();
    const kept = await connect(one, partyId);
    const ended = await connect(two, partyId);
    const res = await call(`/api/sessions/${sessionIdOf(two.accessToken)}`, { method: 'DELETE', headers: bearer(one.accessToken) });
    expect(res.status).toBe(200);
    await expectEndedSocketClosed(ended, kept, one, accountId, partyId);
  });

  it('a logout at the sign-in service (POST /auth/v1/logout) closes that session’s sockets with 4003', async () => {
    const { one, two, accountId, partyId } = await twoSessions();
    const kept = await connect(one, partyId);
    const ended = await connect(two, partyId);
    const res = await call('/auth/v1/logout?scope=local', { method: 'POST', headers: bearer(two.accessToken) });
    expect(res.status).toBe(204);
    await expectEndedSocketClosed(ended, kept, one, accountId, partyId);
  });

  it('a logout with scope=others closes the other sessions’ sockets with 4003', async () => {
    const { one, two, accountId, partyId } = await twoSessions();
    const kept = await connect(one, partyId);
    const ended = await connect(two, partyId);
    const res = await call('/auth/v1/logout?scope=others', { method: 'POST', headers: bearer(one.accessToken) });
    expect(res.status).toBe(204);
    await expectEndedSocketClosed(ended, kept, one, accountId, partyId);
  });
});

describe('a broadcast re-checks the sessions of its sockets', () => {
  it('a socket whose session ended without the Worker closing it (a failed push, a refresh token reused) gets no event: it is closed with 4003', async () => {
    const { one, two, accountId, partyId } = await twoSessions();
    const kept = await connect(one, partyId);
    const ended = await connect(two, partyId);
    // Ended in storage only, as the sign-in service does when a refresh token is reused.
    await endSessions(testEnv.DB, 'id = ?1', sessionIdOf(two.accessToken));
    await moveMoney(one, accountId);
    await within(() => expect(ended.closed()).toEqual({ code: CLOSE_SESSION_ENDED }));
    await within(() => expect(kept.messages).toHaveLength(1));
    expect(ended.messages).toEqual([]);
    kept.ws.close(1000, 'done');
  });
});

describe('a session that ends closes its live sockets (production mode)', () => {
  const PARTY = `prod::1220${'e'.repeat(64)}`;

  async function production() {
    // A project of its own per test: jose keeps each project's key set for the isolate's life.
    const project = `https://p${crypto.randomUUID().slice(0, 8)}.supabase.test`;
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'live-key', alg: 'ES256', use: 'sig' };
    const userId = crypto.randomUUID();
    planFetch((req) => {
      if (req.url === `${project}/auth/v1/.well-known/jwks.json`) return Response.json({ keys: [jwk] });
      if (req.url === `${project}/auth/v1/logout?scope=others` && req.method === 'POST') return new Response(null, { status: 204 });
      if (req.url === 'http://upstream.test/v1/wallets/canton/parties' && req.headers.get('x-user-id') === userId) {
        const party = {
          partyId: PARTY,
          hint: 'prod',
          keyKind: 'hosted',
          accountId: crypto.randomUUID(),
          accountName: 'Savings',
          walletId: crypto.randomUUID(),
          createdAt: '2026-11-20T10:00:00.000Z',
        };
        return Response.json({ data: [party] });
      }
      throw new Error(`unexpected ${req.method} ${req.url}`);
    });
    const prodEnv = {
      ...testEnv,
      PUBLIC_SUPABASE_URL: project,
      PUBLIC_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_test',
      UPSTREAM_API_URL: 'http://upstream.test/v1',
    };
    const fetchApp = async (path: string, init: RequestInit) => app.fetch(new Request(`${ORIGIN}${path}`, init), prodEnv);
    const session = async () => {
      const sessionId = crypto.randomUUID();
      const accessToken = await projectToken(privateKey, {
        project,
        header: { alg: 'ES256', kid: 'live-key', typ: 'JWT' },
        sub: userId,
        claims: { role: 'authenticated', session_id: sessionId },
      });
      // The BFF lists (and so can end) the sessions it has seen.
      expect((await fetchApp('/api/sessions', { headers: bearer(accessToken) })).status).toBe(200);
      return { sessionId, accessToken };
    };
    return { fetchApp, session };
  }

  for (const how of ['sign-out-others', 'DELETE /api/sessions/{id}'] as const) {
    it(`${how} closes the ended session’s socket with 4003 and keeps the caller’s`, async () => {
      const { fetchApp, session } = await production();
      const [one, two] = [await session(), await session()];
      const kept = await connect(one, PARTY, fetchApp);
      const ended = await connect(two, PARTY, fetchApp);
      const res =
        how === 'sign-out-others'
          ? await fetchApp('/api/sessions/sign-out-others', { method: 'POST', headers: bearer(one.accessToken) })
          : await fetchApp(`/api/sessions/${two.sessionId}`, { method: 'DELETE', headers: bearer(one.accessToken) });
      expect(res.status).toBe(200);
      await within(() => expect(ended.closed()).toEqual({ code: CLOSE_SESSION_ENDED }));
      // Closed on the object, so no event can reach it; the caller's socket stays. (A broadcast is
      // not sent here: the party object reads the mode from the Worker's own configuration, the
      // embedded default in this harness, and the embedded tests above check the broadcast.)
      expect(await openSockets(PARTY)).toBe(1);
      expect(ended.messages).toEqual([]);
      expect(kept.closed()).toBeNull();
      kept.ws.close(1000, 'done');
    });
  }
});
