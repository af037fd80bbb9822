// The live channel: GET /api/live upgrades to a WebSocket only for a signed-in caller, from
// this site, for one of the caller's own parties; a money call marked notifiesParties() tells the
// party's open sockets after its answer, also when the party's Durable Object has hibernated; an
// identity decision tells the person's sockets; the heartbeat is answered; a socket whose token has
// expired gets no event and is closed with 4001.
import { evictDurableObject, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_SOCKETS_PER_USER, type PartyLive } from '../../../src/worker/live/party-live';
import { notifyParties } from '../../../src/worker/live/notify';
import { decideIdentityReviews, expireOffers } from '../../../src/worker/clock/jobs';
import { IDV_REVIEW_DELAY_MS } from '../../../src/core/identity/rules';
import type { Bindings } from '../../../src/worker/env';
import { CLOSE_TOKEN_EXPIRED, LIVE_SUBPROTOCOL } from '../../../src/shared/realtime';
import { apiAs, bearer, signIn, uniquePhone } from '../auth';
import { call } from '../helpers';

const testEnv = env as unknown as Bindings & { LIVE: DurableObjectNamespace<PartyLive> };
const ORIGIN = 'http://app.test';

type User = Awaited<ReturnType<typeof signIn>> & { accountId: string; partyId: string };

async function userWithParty(): Promise<User> {
  const s = await signIn(uniquePhone());
  const accounts = await apiAs(s, 'GET', '/api/accounts/user/accounts');
  const accountId = accounts.body.data.accounts[0].account_id as string;
  const canton = await apiAs(s, 'POST', '/api/wallets/digital-asset', { account_id: accountId });
  expect(canton.status, canton.text).toBe(200);
  return { ...s, accountId, partyId: canton.body.data.cantonPartyId as string };
}

function upgrade(partyId: string, headers: Record<string, string>) {
  return call(`/api/live?party=${encodeURIComponent(partyId)}`, { headers: { upgrade: 'websocket', origin: ORIGIN, ...headers } });
}

const protocols = (token: string) => ({ 'sec-websocket-protocol': `${LIVE_SUBPROTOCOL}, bearer.${token}` });

/** An open client socket with the messages it received and its close event. */
async function connect(user: User) {
  const res = await upgrade(user.partyId, protocols(user.accessToken));
  expect(res.status, res.status === 101 ? '' : await res.text()).toBe(101);
  expect(res.headers.get('sec-websocket-protocol')).toBe(LIVE_SUBPROTOCOL);
  const ws = res.webSocket!;
  const messages: string[] = [];
  let closed: { code: number } | null = null;
  ws.addEventListener('message', (e) => {
    messages.push(String(e.data));
  });
  ws.addEventListener('close', (e) => {
    closed = { code: e.code };
  });
  ws.accept();
  return { ws, messages, closed: () => closed };
}

/** Two new users; the sender takes `funds` from the faucet and offers the receiver `amount` (pending). */
async function offerBetweenTwo({ funds, amount }: { funds: string; amount: string }) {
  const sender = await userWithParty();
  const receiver = await userWithParty();
  expect((await apiAs(sender, 'POST', '/api/wallets/transfer', { account_id: sender.accountId, amount: funds })).status).toBe(200);
  expect((await apiAs(sender, 'POST', '/api/wallets/auto-accept', { account_id: sender.accountId })).status).toBe(200);
  const sent = await apiAs(sender, 'POST', '/api/wallets/canton/send', { account_id: sender.accountId, receiver_party: receiver.partyId, amount });
  expect(sent.status, sent.text).toBe(200);
  return { sender, receiver };
}

const until = (check: () => boolean, what: string) => vi.waitFor(() => expect(check(), what).toBe(true), { timeout: 3000, interval: 20 });
const stubOf = (partyId: string) => testEnv.LIVE.get(testEnv.LIVE.idFromName(partyId));

let alice: User;
let mallory: User;

beforeAll(async () => {
  alice = await userWithParty();
  mallory = await userWithParty();
});

describe('GET /api/live refuses', () => {
  it('an upgrade without a token (401)', async () => {
    const res = await upgrade(alice.partyId, { 'sec-websocket-protocol': LIVE_SUBPROTOCOL });
    expect(res.status).toBe(401);
    expect((await res.json<{ code: string }>()).code).toBe('unauthorized');
  });

  it('an upgrade with a bad token (401), and a token offered without our subprotocol', async () => {
    const bad = await upgrade(alice.partyId, protocols(`${alice.accessToken.slice(0, -4)}AAAA`));
    expect(bad.status).toBe(401);
    const bare = await upgrade(alice.partyId, { 'sec-websocket-protocol': `bearer.${alice.accessToken}` });
    expect(bare.status).toBe(401);
  });

  it('an upgrade from another site (403: cross-site WebSocket hijacking)', async () => {
    const res = await upgrade(alice.partyId, { ...protocols(alice.accessToken), origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.webSocket).toBeNull();
  });

  it("another user's party (404, the same answer as an unknown one) and a malformed party id (400)", async () => {
    const foreign = await upgrade(alice.partyId, protocols(mallory.accessToken));
    expect(foreign.status).toBe(404);
    const unknown = await upgrade(`nobody::1220${'ab'.repeat(32)}`, protocols(mallory.accessToken));
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(await foreign.text());
    expect((await upgrade('not-a-party', protocols(alice.accessToken))).status).toBe(400);
  });

  it('a plain GET that is not an upgrade (426), after the party check', async () => {
    const res = await call(`/api/live?party=${encodeURIComponent(alice.partyId)}`, { headers: bearer(alice.accessToken) });
    expect(res.status).toBe(426);
  });

  it(`more than ${MAX_SOCKETS_PER_USER} open sockets of one user on one party (429)`, async () => {
    const user = await userWithParty();
    const open = [];
    for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) open.push(await connect(user));
    const res = await upgrade(user.partyId, protocols(user.accessToken));
    expect(res.status).toBe(429);
    for (const s of open) s.ws.close(1000, 'done');
  });

  it("more than 120 connection attempts of one user in a minute (429 rate_limited, RL_LIVE), and not another user's", async () => {
    const user = await userWithParty();
    const other = await userWithParty();
    // Plain GETs are attempts too (426 after the party check): each one counted a token check and a lookup.
    for (let i = 0; i < 120; i++) {
      const res = await call(`/api/live?party=${encodeURIComponent(user.partyId)}`, { headers: bearer(user.accessToken) });
      expect(res.status).toBe(426);
    }
    const over = await upgrade(user.partyId, protocols(user.accessToken));
    expect(over.status).toBe(429);
    expect((await over.json<{ code: string }>()).code).toBe('rate_limited');
    expect(over.headers.get('retry-after')).not.toBeNull();
    const theirs = await connect(other);
    theirs.ws.close(1000, 'done');
  });

  it("a refused token (401) counts on nobody's limit", async () => {
    const user = await userWithParty();
    for (let i = 0; i < 31; i++) expect((await upgrade(user.partyId, protocols('not-a-token'))).status).toBe(401);
    const mine = await connect(user);
    mine.ws.close(1000, 'done');
  });
});

describe('GET /api/live delivers', () => {
  it("an event to the party's socket after a faucet transfer, and only to that party", async () => {
    const mine = await connect(alice);
    const other = await connect(mallory);
    const res = await apiAs(alice, 'POST', '/api/wallets/transfer', { account_id: alice.accountId, amount: '5' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.affectedParties).toEqual([alice.partyId]);
    await until(() => mine.messages.length === 1, 'the event reached the socket');
    expect(JSON.parse(mine.messages[0]!)).toEqual({ type: 'wallet.changed' });
    expect(other.messages).toEqual([]);
    mine.ws.close(1000, 'done');
    other.ws.close(1000, 'done');
  });

  it("both sides' sockets on a person-to-person send, an accept and a reject; the treasury's offer accepted tells the receiver", async () => {
    const sender = await userWithParty();
    const receiver = await userWithParty();
    // The sender's funds: the faucet's offer, auto-accepted.
    expect((await apiAs(sender, 'POST', '/api/wallets/transfer', { account_id: sender.accountId, amount: '10' })).status).toBe(200);
    const s = await connect(sender);
    const auto = await apiAs(sender, 'POST', '/api/wallets/auto-accept', { account_id: sender.accountId });
    expect(auto.status, auto.text).toBe(200);
    expect(auto.body.data.affectedParties).toContain(sender.partyId);
    await until(() => s.messages.length === 1, "the sender's socket heard its auto-accept");

    const r = await connect(receiver);
    const send = async () => {
      const res = await apiAs(sender, 'POST', '/api/wallets/canton/send', { account_id: sender.accountId, receiver_party: receiver.partyId, amount: '2' });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.affectedParties).toEqual([sender.partyId, receiver.partyId]);
      return res.body.data.offerId as string;
    };
    const first = await send();
    await until(() => r.messages.length === 1 && s.messages.length === 2, 'both sides heard the send');
    const accepted = await apiAs(receiver, 'POST', `/api/wallets/canton/offers/${first}/accept`, { account_id: receiver.accountId });
    expect(accepted.status, accepted.text).toBe(200);
    await until(() => r.messages.length === 2 && s.messages.length === 3, 'both sides heard the accept');
    const second = await send();
    await until(() => r.messages.length === 3 && s.messages.length === 4, 'both sides heard the second send');
    const rejected = await apiAs(receiver, 'POST', `/api/wallets/canton/offers/${second}/reject`, { account_id: receiver.accountId });
    expect(rejected.status, rejected.text).toBe(200);
    await until(() => r.messages.length === 4 && s.messages.length === 5, 'both sides heard the reject');
    // A refused call (the offer is no longer pending) tells nobody.
    const again = await apiAs(receiver, 'POST', `/api/wallets/canton/offers/${second}/reject`, { account_id: receiver.accountId });
    expect(again.status).toBe(409);
    // A marker after it (a third send, heard by both): once it has arrived, anything the refused call
    // had sent would have arrived before it.
    await send();
    await until(() => r.messages.length >= 5 && s.messages.length >= 6, 'both sides heard the marker send');
    expect([r.messages.length, s.messages.length]).toEqual([5, 6]);
    for (const m of [...r.messages, ...s.messages]) expect(JSON.parse(m)).toEqual({ type: 'wallet.changed' });
    s.ws.close(1000, 'done');
    r.ws.close(1000, 'done');
  });

  it("marking notifications read tells the reader's other open pages (notifications.read), not the other side's", async () => {
    const { sender, receiver } = await offerBetweenTwo({ funds: '10', amount: '2' });
    const list = await apiAs(receiver, 'GET', '/api/notifications');
    expect(list.body.data.unread).toBe(1);
    // Two pages of the receiver's (two tabs, or a phone and a laptop), one of the sender's.
    const [tabA, tabB, theirs] = [await connect(receiver), await connect(receiver), await connect(sender)];

    const read = await apiAs(receiver, 'POST', '/api/notifications/read', { through: list.body.data.notifications[0].id });
    expect(read.body.data).toEqual({ unread: 0 });
    await until(() => tabA.messages.length === 1 && tabB.messages.length === 1, "both of the receiver's pages heard the read");
    expect(JSON.parse(tabA.messages[0]!)).toEqual({ type: 'notifications.read' });
    expect(JSON.parse(tabB.messages[0]!)).toEqual({ type: 'notifications.read' });

    // One read by id too; a refused one (another user's notification, 404) tells nobody.
    const one = await apiAs(receiver, 'POST', `/api/notifications/${list.body.data.notifications[0].id}/read`);
    expect(one.status).toBe(200);
    await until(() => tabA.messages.length === 2, 'the second read reached the page');
    expect((await apiAs(sender, 'POST', '/api/notifications/read', { through: list.body.data.notifications[0].id })).status).toBe(404);
    // A marker after the refused read, a send both sides hear: once it has arrived, an event of the
    // refused read would have too.
    const marker = await apiAs(sender, 'POST', '/api/wallets/canton/send', { account_id: sender.accountId, receiver_party: receiver.partyId, amount: '1' });
    expect(marker.status).toBe(200);
    await until(() => theirs.messages.length >= 1 && tabA.messages.length >= 3, 'both heard the marker send');
    expect(theirs.messages.map((m) => JSON.parse(m))).toEqual([{ type: 'wallet.changed' }]);
    for (const s of [tabA, tabB, theirs]) s.ws.close(1000, 'done');
  });

  it("the person's sockets when their identity is decided (notifications.new): at once on submitting, or by the review job", async () => {
    const identity = (document_number: string) => ({
      first_name: 'Ana',
      last_name: 'Pérez',
      date_of_birth: '1990-04-12',
      country: 'AR',
      document_type: 'passport',
      document_number,
      consent: true,
    });
    const [now, later] = [await userWithParty(), await userWithParty()];
    const [a, b] = [await connect(now), await connect(later)];
    const approved = await apiAs(now, 'POST', '/api/identity-verification', identity('P12345678'));
    expect(approved.body.data?.status, approved.text).toBe('approved');
    await until(() => a.messages.length === 1, 'the approved person heard it');
    expect(JSON.parse(a.messages[0]!)).toEqual({ type: 'notifications.new' });

    const pending = await apiAs(later, 'POST', '/api/identity-verification', identity('P11111111'));
    expect(pending.body.data?.status, pending.text).toBe('pending');
    await until(() => b.messages.length === 1, 'the submission itself is heard');
    const job = await decideIdentityReviews(testEnv, Date.parse(pending.body.data.created_at) + IDV_REVIEW_DELAY_MS);
    expect(job.parties).toContain(later.partyId);
    await until(() => b.messages.length === 2, 'the decision by the job is heard');
    expect(b.messages.map((m) => JSON.parse(m))).toEqual([{ type: 'notifications.new' }, { type: 'notifications.new' }]);
    expect(a.messages).toHaveLength(1);
    a.ws.close(1000, 'done');
    b.ws.close(1000, 'done');
  });

  it("both sides' sockets when the expiry job expires their offer (nobody called)", async () => {
    const { sender, receiver } = await offerBetweenTwo({ funds: '3', amount: '1' });
    const s = await connect(sender);
    const r = await connect(receiver);
    const job = await expireOffers(testEnv, Date.now() + 25 * 3600_000);
    expect(job.parties).toEqual(expect.arrayContaining([sender.partyId, receiver.partyId]));
    await until(() => s.messages.length === 1 && r.messages.length === 1, 'both sides heard the expiry');
    s.ws.close(1000, 'done');
    r.ws.close(1000, 'done');
  });

  it('an event after the Durable Object hibernated (evicted with its sockets kept), and answers the heartbeat', async () => {
    const user = await userWithParty();
    const s = await connect(user);
    await evictDurableObject(stubOf(user.partyId), { webSockets: 'hibernate' });
    s.ws.send('ping');
    await until(() => s.messages.includes('pong'), 'the heartbeat was answered');
    await evictDurableObject(stubOf(user.partyId), { webSockets: 'hibernate' }).catch(() => undefined);
    const res = await apiAs(user, 'POST', '/api/wallets/transfer', { account_id: user.accountId, amount: '1' });
    expect(res.status, res.text).toBe(200);
    await until(() => s.messages.some((m) => m.includes('wallet.changed')), 'the event reached the hibernated socket');
    expect(s.closed()).toBeNull();
    s.ws.close(1000, 'done');
  });

  it('no event to a socket whose token has expired: it is closed with 4001', async () => {
    const user = await userWithParty();
    const s = await connect(user);
    await runInDurableObject(stubOf(user.partyId), (_instance, state) => {
      for (const ws of state.getWebSockets()) ws.serializeAttachment({ userId: user.userId, expiresMs: Date.now() - 1 });
    });
    expect(await stubOf(user.partyId).notify({ type: 'wallet.changed' })).toBe(0);
    await until(() => s.closed()?.code === CLOSE_TOKEN_EXPIRED, 'closed with 4001');
    expect(s.messages).toEqual([]);
  });
});

describe('notifyParties', () => {
  it('calls each distinct valid party once, logs failures and never rejects', async () => {
    const told: string[] = [];
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fake = {
      idFromName: (name: string) => name,
      get: (id: string) => ({
        notify: async () => {
          if (id.startsWith('broken')) throw new Error('object unavailable');
          told.push(id);
          return 1;
        },
      }),
    };
    const a = `a::1220${'1'.repeat(64)}`;
    const broken = `broken::1220${'2'.repeat(64)}`;
    await expect(
      notifyParties({ ...testEnv, LIVE: fake } as unknown as Bindings, [a, a, broken, 'junk', 42], { type: 'wallet.changed' }),
    ).resolves.toBeUndefined();
    expect(told).toEqual([a]);
    expect(errors).toHaveBeenCalledWith('[live] notify failed', 'object unavailable');
    errors.mockRestore();
  });
});
