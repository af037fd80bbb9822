// Notifications of money events in the embedded core: each event writes exactly one notification
// per user of the side that did not act, in the movement's own batch (a refused movement writes
// none); an identity decision (at once, or by the review job) writes exactly one to its person, with
// no transaction and the rejection's reason; the list is the caller's own, newest first, with the
// unread count; marking read is scoped, idempotent and safe to race; a user keeps their newest 100.
import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { IDV_REVIEW_DELAY_MS } from '../../../src/core/identity/rules';
import { expireLapsedOffers } from '../../../src/core/ledger/expiry';
import { nowIso } from '../../../src/platform/primitives';
import { NOTIFICATION_KINDS } from '../../../src/shared/schemas/notification';
import { decideIdentityReviews } from '../../../src/worker/clock/jobs';
import { coreJson, createUser, createUserWithParty, db, scalar, testEnv } from '../fixtures';

type Party = Awaited<ReturnType<typeof createUserWithParty>>;

async function funded(amount: string, name?: string): Promise<Party> {
  const p = await createUserWithParty(name);
  await coreJson(p.userId, '/wallets/transfer', { body: { account_id: p.accountId, amount } });
  await coreJson(p.userId, '/wallets/auto-accept', { body: { account_id: p.accountId } });
  return p;
}
const send = (from: Party, to: Party, amount: string) =>
  coreJson(from.userId, '/wallets/canton/send', { body: { account_id: from.accountId, receiver_party: to.partyId, amount } });
const act = (p: Party, offerId: string, action: 'accept' | 'reject' | 'withdraw') =>
  coreJson(p.userId, `/wallets/canton/offers/${offerId}/${action}`, { body: { account_id: p.accountId } });
const list = (p: Party, query = '') => coreJson(p.userId, `/notifications${query}`);
/** The user's notifications as [kind, transaction_id], newest first. */
const events = async (p: Party) =>
  ((await list(p)).body.data.notifications as { kind: string; transaction_id: string }[]).map((n) => [n.kind, n.transaction_id]);
/** The user's own transactions row of an offer (or of a hash). */
const rowOf = (p: Party, offerOrHash: string) =>
  scalar<string>('SELECT id FROM transactions WHERE account_id = ?1 AND (offer_id = ?2 OR tx_hash = ?2)', p.accountId, offerOrHash);

describe('notifications written with each money movement', () => {
  it('tells the receiver of an offer (not the sender), and the sender when it is accepted', async () => {
    const [ana, bo] = [await funded('10'), await createUserWithParty()];
    const anaBefore = await events(ana);
    const sent = (await send(ana, bo, '2')).body.data;
    expect(await events(bo)).toEqual([['offer_received', await rowOf(bo, sent.offerId)]]);
    expect(await events(ana)).toEqual(anaBefore);

    await act(bo, sent.offerId, 'accept');
    expect(await events(ana)).toEqual([['offer_accepted', sent.transactionId], ...anaBefore]);
    expect(await events(bo)).toHaveLength(1);
  });

  it('tells the sender of a rejection and the receiver of a withdrawal', async () => {
    const [ana, bo] = [await funded('10'), await createUserWithParty()];
    const before = await events(ana);
    const rejected = (await send(ana, bo, '1')).body.data;
    await act(bo, rejected.offerId, 'reject');
    expect((await events(ana))[0]).toEqual(['offer_rejected', rejected.transactionId]);

    const withdrawn = (await send(ana, bo, '1')).body.data;
    await act(ana, withdrawn.offerId, 'withdraw');
    expect((await events(bo))[0]).toEqual(['offer_withdrawn', await rowOf(bo, withdrawn.offerId)]);
    expect(await events(ana)).toHaveLength(before.length + 1);
  });

  it('tells the receiver of a transfer that settled at once under their preapproval', async () => {
    const [ana, bo] = [await funded('10'), await createUserWithParty()];
    await coreJson(bo.userId, `/wallets/canton/preapproval/${bo.accountId}`, { method: 'PUT', body: { enabled: true } });
    const sent = (await send(ana, bo, '3')).body.data;
    expect(sent.status).toBe('COMPLETED');
    const row = await scalar<string>("SELECT id FROM transactions WHERE account_id = ? AND direction = 'received'", bo.accountId);
    expect(await events(bo)).toEqual([['transfer_received', row]]);
  });

  it('tells both sides when the expiry job expires an offer, once', async () => {
    const [ana, bo] = [await funded('10'), await createUserWithParty()];
    const sent = (await send(ana, bo, '1')).body.data;
    await db()
      .prepare('UPDATE ledger_transfer_offers SET expires_at = ? WHERE id = ?')
      .bind(nowIso(Date.now() - 1000), sent.offerId)
      .run();
    await expireLapsedOffers(db(), nowIso());
    await expireLapsedOffers(db(), nowIso());
    expect((await events(ana))[0]).toEqual(['offer_expired', sent.transactionId]);
    expect(await events(bo)).toEqual([
      ['offer_expired', await rowOf(bo, sent.offerId)],
      ['offer_received', await rowOf(bo, sent.offerId)],
    ]);
    expect(await scalar('SELECT COUNT(*) FROM notifications WHERE transaction_id = ?', sent.transactionId)).toBe(1);
  });

  it("tells a person of the treasury's test funds offered to them", async () => {
    const p = await createUserWithParty();
    const offered = (await coreJson(p.userId, '/wallets/transfer', { body: { account_id: p.accountId, amount: '5' } })).body.data;
    expect(await events(p)).toEqual([['offer_received', offered.transactionId]]);
  });

  it('writes none when the movement is refused (its batch rolls back)', async () => {
    const [ana, bo] = [await funded('1'), await createUserWithParty()];
    expect((await send(ana, bo, '5')).status).toBe(409);
    expect(await events(bo)).toEqual([]);
  });

  it('an accept racing a withdraw settles once and notifies once', async () => {
    const [ana, bo] = [await funded('10'), await createUserWithParty()];
    const sent = (await send(ana, bo, '1')).body.data;
    const [accepted, withdrawn] = await Promise.all([act(bo, sent.offerId, 'accept'), act(ana, sent.offerId, 'withdraw')]);
    expect([accepted.status, withdrawn.status].sort()).toEqual([200, 409]);
    const rows = await db()
      .prepare('SELECT kind FROM notifications n JOIN transactions t ON t.id = n.transaction_id WHERE t.offer_id = ?')
      .bind(sent.offerId)
      .all();
    expect(rows.results).toHaveLength(2); // offer_received, then offer_accepted or offer_withdrawn
  });
});

describe('notifications of an identity decision', () => {
  const submit = (userId: string, document_number: string) =>
    coreJson(userId, '/identity-verification', {
      body: {
        first_name: 'María José',
        last_name: 'Gómez Ruiz',
        date_of_birth: '1990-04-12',
        country: 'AR',
        document_type: 'passport',
        document_number,
        consent: true,
      },
    });
  /** The person's notifications as listed (GET /notifications). */
  const told = async (userId: string) => (await coreJson(userId, '/notifications')).body.data as { notifications: Record<string, unknown>[]; unread: number };
  const decided = (kind: string, reason: string | null) => ({
    id: expect.any(String),
    kind,
    transaction_id: null,
    created_at: expect.any(String),
    read: false,
    asset: null,
    asset_amount: null,
    amount_usd: null,
    counterparty_name: null,
    reason,
  });

  it('tells a person approved at once, exactly once, with no transaction', async () => {
    const { userId } = await createUser();
    const { status, body } = await submit(userId, 'P12345678');
    expect([status, body.data.status]).toEqual([201, 'approved']);
    expect(await told(userId)).toEqual({ notifications: [{ ...decided('identity_approved', null), created_at: body.data.decided_at }], unread: 1 });
    expect(await scalar('SELECT verification_id FROM notifications WHERE user_id = ?', userId)).toBe(body.data.id);
  });

  it('tells a person rejected at once, exactly once, with the reason', async () => {
    const { userId } = await createUser();
    expect((await submit(userId, 'P99990001')).body.data).toMatchObject({ status: 'rejected', reason: 'name_mismatch' });
    expect(await told(userId)).toEqual({ notifications: [decided('identity_rejected', 'name_mismatch')], unread: 1 });
  });

  it('tells a pending person nothing until the review job decides, then exactly once (a second run adds none)', async () => {
    const [approved, rejected] = [await createUser(), await createUser()];
    const a = (await submit(approved.userId, 'P11111111')).body.data;
    const r = (await submit(rejected.userId, 'P22222222')).body.data;
    expect([a.status, r.status]).toEqual(['pending', 'pending']);
    expect(await told(approved.userId)).toEqual({ notifications: [], unread: 0 });

    const due = Math.max(Date.parse(a.created_at), Date.parse(r.created_at)) + IDV_REVIEW_DELAY_MS;
    await decideIdentityReviews(testEnv, Date.parse(a.created_at) + IDV_REVIEW_DELAY_MS - 1000);
    expect((await told(approved.userId)).notifications).toEqual([]);
    const run = await decideIdentityReviews(testEnv, due);
    expect(run.users).toEqual(expect.arrayContaining([approved.userId, rejected.userId]));
    await decideIdentityReviews(testEnv, due);
    expect(await told(approved.userId)).toEqual({
      notifications: [{ ...decided('identity_approved', null), created_at: new Date(due).toISOString() }],
      unread: 1,
    });
    expect(await told(rejected.userId)).toEqual({ notifications: [decided('identity_rejected', 'document_expired')], unread: 1 });
  });

  it('tells nobody of a submission refused while one is pending or approved (409)', async () => {
    const { userId } = await createUser();
    await submit(userId, 'P12345678');
    expect((await submit(userId, 'P87654321')).status).toBe(409);
    expect((await told(userId)).notifications).toHaveLength(1);
    const pending = await createUser();
    await submit(pending.userId, 'P11111111');
    expect((await submit(pending.userId, 'P12345678')).status).toBe(409);
    expect((await told(pending.userId)).notifications).toEqual([]);
  });

  it("answers the decision to its person only: another user's list has none", async () => {
    const [ana, bo] = [await createUser(), await createUser()];
    await submit(ana.userId, 'P12345678');
    expect(await told(bo.userId)).toEqual({ notifications: [], unread: 0 });
  });
});

describe('GET /notifications and marking read', () => {
  it('lists newest first with words-free facts: amount, USD, the other side, read state and the unread count', async () => {
    const [ana, bo] = [await funded('10', 'Ana Savings'), await createUserWithParty()];
    const sent = (await send(ana, bo, '2.5')).body.data;
    const { status, body } = await list(bo);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      unread: 1,
      notifications: [
        {
          id: expect.any(String),
          kind: 'offer_received',
          transaction_id: await rowOf(bo, sent.offerId),
          created_at: expect.any(String),
          read: false,
          asset: 'CC',
          asset_amount: '2.5000000000',
          amount_usd: sent.amount_usd_cents,
          counterparty_name: 'Ana P.',
          reason: null,
        },
      ],
    });
    // The sender's side reads positive amounts too.
    await act(bo, sent.offerId, 'accept');
    expect((await list(ana)).body.data.notifications[0]).toMatchObject({ kind: 'offer_accepted', asset_amount: '2.5000000000' });
  });

  it('pages with limit and offset', async () => {
    const p = await createUserWithParty();
    for (const amount of ['1', '2', '3']) await coreJson(p.userId, '/wallets/transfer', { body: { account_id: p.accountId, amount } });
    const page = (await list(p, '?limit=2&offset=1')).body.data;
    expect(page.notifications.map((n: { asset_amount: string }) => n.asset_amount)).toEqual(['2.0000000000', '1.0000000000']);
    expect(page.unread).toBe(3);
  });

  it('marks one read (again is fine) and answers the unread count', async () => {
    const p = await createUserWithParty();
    for (const amount of ['1', '2']) await coreJson(p.userId, '/wallets/transfer', { body: { account_id: p.accountId, amount } });
    const [newest] = (await list(p)).body.data.notifications;
    const first = await coreJson(p.userId, `/notifications/${newest.id}/read`, { method: 'POST' });
    expect(first).toEqual({ status: 200, body: { data: { unread: 1 } } });
    const readAt = await scalar('SELECT read_at FROM notifications WHERE id = ?', newest.id);
    expect(await coreJson(p.userId, `/notifications/${newest.id}/read`, { method: 'POST' })).toEqual(first);
    expect(await scalar('SELECT read_at FROM notifications WHERE id = ?', newest.id)).toBe(readAt);
    expect((await list(p)).body.data.notifications.map((n: { read: boolean }) => n.read)).toEqual([true, false]);
  });

  it('marks read through one: it and the earlier ones, never a later one', async () => {
    const p = await createUserWithParty();
    for (const amount of ['1', '2', '3']) await coreJson(p.userId, '/wallets/transfer', { body: { account_id: p.accountId, amount } });
    const [, middle] = (await list(p)).body.data.notifications;
    expect((await coreJson(p.userId, '/notifications/read', { body: { through: middle.id } })).body.data).toEqual({ unread: 1 });
    expect((await list(p)).body.data.notifications.map((n: { read: boolean }) => n.read)).toEqual([false, true, true]);
  });

  it('racing mark-read calls all succeed and leave nothing unread', async () => {
    const p = await createUserWithParty();
    for (const amount of ['1', '2', '3']) await coreJson(p.userId, '/wallets/transfer', { body: { account_id: p.accountId, amount } });
    const ids = (await list(p)).body.data.notifications.map((n: { id: string }) => n.id);
    const calls = await Promise.all([
      ...ids.map((id: string) => coreJson(p.userId, `/notifications/${id}/read`, { method: 'POST' })),
      ...ids.map((id: string) => coreJson(p.userId, '/notifications/read', { body: { through: id } })),
    ]);
    expect(calls.map((c) => c.status)).toEqual(Array(6).fill(200));
    expect((await list(p)).body.data.unread).toBe(0);
  });

  it("answers 404 for another user's notification and for a crafted id, and changes nothing", async () => {
    const [mine, other] = [await createUserWithParty(), await createUserWithParty()];
    await coreJson(other.userId, '/wallets/transfer', { body: { account_id: other.accountId, amount: '1' } });
    const [theirs] = (await list(other)).body.data.notifications;
    expect((await list(mine)).body.data).toEqual({ notifications: [], unread: 0 });
    const crafted = crypto.randomUUID();
    for (const id of [theirs.id, crafted]) {
      expect((await coreJson(mine.userId, `/notifications/${id}/read`, { method: 'POST' })).status).toBe(404);
      expect((await coreJson(mine.userId, '/notifications/read', { body: { through: id } })).status).toBe(404);
    }
    expect((await list(other)).body.data.unread).toBe(1);
    expect((await coreJson(mine.userId, '/notifications/not-a-uuid/read', { method: 'POST' })).status).toBe(400);
  });

  it("keeps a user's newest 100, pruned in the same write", async () => {
    const p = await createUserWithParty();
    const offered = (await coreJson(p.userId, '/wallets/transfer', { body: { account_id: p.accountId, amount: '1' } })).body.data;
    await db()
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 104)
         INSERT INTO notifications (id, user_id, kind, transaction_id, created_at) SELECT 'fill-' || i || '-' || ?1, ?1, 'offer_received', ?2, ?3 FROM n`,
      )
      .bind(p.userId, offered.transactionId, nowIso())
      .run();
    expect(await scalar('SELECT COUNT(*) FROM notifications WHERE user_id = ?', p.userId)).toBe(100);
    expect(await scalar("SELECT COUNT(*) FROM notifications WHERE user_id = ? AND id LIKE 'fill-104-%'", p.userId)).toBe(1);
    expect(await scalar("SELECT COUNT(*) FROM notifications WHERE user_id = ? AND id LIKE 'fill-4-%'", p.userId)).toBe(0);
  });
});

describe('the notifications table', () => {
  it('stores every kind the contract names (a migration that rebuilds it keeps them all)', async () => {
    const p = await createUserWithParty();
    for (const kind of NOTIFICATION_KINDS) {
      await db()
        .prepare('INSERT INTO notifications (id, user_id, kind, transaction_id, created_at) VALUES (?1, ?2, ?3, ?4, ?5)')
        .bind(crypto.randomUUID(), p.userId, kind, crypto.randomUUID(), nowIso(Date.now()))
        .run();
    }
    expect(await scalar<number>('SELECT COUNT(DISTINCT kind) FROM notifications WHERE user_id = ?1', p.userId)).toBe(NOTIFICATION_KINDS.length);
  });

  it('keeps its rows, their order, indexes and trigger through the rebuild that drops the kind list (0031), and takes an identity row without a transaction', async () => {
    // A database of its own (vitest.config.ts), migrated up to the last schema with the kind CHECK.
    const { MIGRATIONS_DB: fresh, TEST_MIGRATIONS: all } = env as unknown as {
      MIGRATIONS_DB: D1Database;
      TEST_MIGRATIONS: Parameters<typeof applyD1Migrations>[1];
    };
    const at = all.findIndex((m) => m.name.startsWith('0031_'));
    expect(at).toBeGreaterThan(0);
    await applyD1Migrations(fresh, all.slice(0, at));
    const old = [crypto.randomUUID(), crypto.randomUUID()];
    await fresh.batch([
      fresh
        .prepare(
          "INSERT INTO notifications (id, user_id, kind, transaction_id, created_at, read_at) VALUES (?1, 'u1', 'usd_deposited', ?2, '2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z')",
        )
        .bind(old[0], crypto.randomUUID()),
      fresh
        .prepare(
          "INSERT INTO notifications (id, user_id, kind, transaction_id, created_at) VALUES (?1, 'u1', 'offer_received', ?2, '2026-11-03T00:00:00.000Z')",
        )
        .bind(old[1], crypto.randomUUID()),
    ]);
    const before = (await fresh.prepare('SELECT * FROM notifications ORDER BY seq').all()).results;
    // The old table refuses a kind off its list and a row without a transaction.
    await expect(
      fresh.prepare("INSERT INTO notifications (id, user_id, kind, transaction_id, created_at) VALUES ('x', 'u1', 'identity_approved', NULL, 'now')").run(),
    ).rejects.toThrow();

    // 0031 itself (later migrations add columns of their own).
    await applyD1Migrations(fresh, all.slice(0, at + 1));
    const after = (await fresh.prepare('SELECT * FROM notifications ORDER BY seq').all()).results;
    expect(after).toEqual(before.map((r) => ({ ...r, verification_id: null })));
    await fresh
      .prepare("INSERT INTO notifications (id, user_id, kind, verification_id, created_at) VALUES ('new', 'u1', 'identity_approved', 'v1', 'now')")
      .run();
    expect(
      await fresh
        .prepare("SELECT seq > (SELECT MAX(seq) FROM notifications WHERE id != 'new') AS later, transaction_id FROM notifications WHERE id = 'new'")
        .first(),
    ).toEqual({
      later: 1,
      transaction_id: null,
    });
    const schema = (
      await fresh
        .prepare(
          "SELECT type, name FROM sqlite_master WHERE tbl_name = 'notifications' AND type IN ('index', 'trigger') AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )
        .all()
    ).results;
    expect(schema).toEqual([
      { type: 'index', name: 'notifications_by_user' },
      { type: 'trigger', name: 'notifications_keep_newest' },
      { type: 'index', name: 'notifications_unread' },
    ]);
  });
});
