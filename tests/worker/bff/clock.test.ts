// The app's clock (src/worker/clock/): one Durable Object whose alarm runs the embedded core's timed
// work at its next due time, by itself, as under `npm start`: an offer whose time is up expires and its
// holdings unlock without anyone acting; the alarm is armed for the earliest due time and re-armed when
// a money call changes it; a failing run is tried again rather than forgotten; two runs at
// once expire each offer once; an identity verification pending review is decided when it is due.
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOCK_RETRY_MS, type AppClock } from '../../../src/worker/clock/app-clock';
import { clockOf } from '../../../src/worker/clock/wake';
import { JOBS, expireOffers } from '../../../src/worker/clock/jobs';
import type { Bindings } from '../../../src/worker/env';
import { okAs as ok, personWithWallet as person } from '../auth';

const testEnv = env as unknown as Bindings & { CLOCK: DurableObjectNamespace<AppClock> };
const DB = testEnv.DB;
const clock = () => clockOf(testEnv)!;
const alarmAt = () => runInDurableObject(clock(), (_: AppClock, state: DurableObjectState) => state.storage.getAlarm());

type Person = Awaited<ReturnType<typeof person>>;

const send = (from: Person, to: Person, amount: string) =>
  ok(from.s, 'POST', '/api/wallets/canton/send', { account_id: from.accountId, receiver_party: to.partyId, amount }) as Promise<{
    offerId: string;
    expiresAt: string;
  }>;
const balance = (p: Person) => ok(p.s, 'GET', `/api/wallets/canton/balance/${p.partyId}`);
const offerStatus = async (id: string) => (await DB.prepare('SELECT status FROM ledger_transfer_offers WHERE id = ?').bind(id).first<string>('status'))!;
const expireAt = (id: string, atMs: number) =>
  DB.prepare('UPDATE ledger_transfer_offers SET expires_at = ? WHERE id = ?').bind(new Date(atMs).toISOString(), id).run();
const earliestPending = async () =>
  Date.parse((await DB.prepare("SELECT MIN(expires_at) AS at FROM ledger_transfer_offers WHERE status = 'pending'").first<string>('at'))!);

afterEach(() => {
  vi.restoreAllMocks();
});

// Each test signs people in and moves money through the BFF: more than the default 5 s on a busy host.
describe('the app clock (one Durable Object alarm)', { timeout: 30_000 }, () => {
  it('expires an offer by itself when its time is up: the sender gets the amount back, both rows CANCELLED expired', async () => {
    const [ana, bo] = [await person('10'), await person()];
    const { offerId } = await send(ana, bo, '4');
    expect(await balance(ana)).toMatchObject({ balance: '6.0000000000', locked: '4.0000000000' });
    // A short expiry: a second from now.
    const due = Date.now() + 1000;
    await expireAt(offerId, due);
    expect(await clock().wake()).toBe(due);
    expect(await alarmAt()).toBe(due);
    // Nobody acts: the alarm fires on its own.
    await vi.waitFor(async () => expect(await offerStatus(offerId)).toBe('expired'), { timeout: 8000, interval: 100 });
    expect(await balance(ana)).toMatchObject({ balance: '10.0000000000', locked: '0.0000000000' });
    expect(await balance(bo)).toMatchObject({ pendingIncoming: '0.0000000000' });
    const rows = await DB.prepare('SELECT status, status_reason FROM transactions WHERE offer_id = ?').bind(offerId).all();
    expect(rows.results).toEqual([
      { status: 'CANCELLED', status_reason: 'expired' },
      { status: 'CANCELLED', status_reason: 'expired' },
    ]);
    // Re-armed after the run for what is still pending (or disarmed when nothing is).
    await vi.waitFor(async () => expect(await alarmAt()).toBe(await earliestPending().then((at) => (Number.isNaN(at) ? null : at))));
  });

  it('is armed for the earliest due time, and a money call that changes it re-arms it', async () => {
    const [ana, bo] = [await person('10'), await person()];
    const first = await send(ana, bo, '1');
    // The send's answer woke the clock: it is armed for the earliest pending expiry.
    await vi.waitFor(async () => expect(await alarmAt()).toBe(await earliestPending()), { timeout: 3000, interval: 20 });
    await runInDurableObject(clock(), (_: AppClock, state: DurableObjectState) => state.storage.deleteAlarm());
    // Every pending offer later than the one to come: the clock is armed two days out.
    const later = Date.now() + 48 * 3600_000;
    await DB.prepare("UPDATE ledger_transfer_offers SET expires_at = ? WHERE status = 'pending'").bind(new Date(later).toISOString()).run();
    expect(await clock().wake()).toBe(later);
    expect(await alarmAt()).toBe(later);
    expect(await offerStatus(first.offerId)).toBe('pending');
    // A new offer expires in 24 h, before the others: the send's answer re-arms the clock for it.
    const second = await send(ana, bo, '1');
    await vi.waitFor(async () => expect(await alarmAt()).toBe(Date.parse(second.expiresAt)), { timeout: 3000, interval: 20 });
    expect(await earliestPending()).toBe(Date.parse(second.expiresAt));
    // Withdrawn before it lapses: the withdrawal's answer re-arms the clock for the next one.
    await ok(ana.s, 'POST', `/api/wallets/canton/offers/${second.offerId}/withdraw`, { account_id: ana.accountId });
    await vi.waitFor(async () => expect(await alarmAt()).toBe(later), { timeout: 3000, interval: 20 });
  });

  it('tries a failing run again a minute later instead of losing the schedule', async () => {
    const [ana, bo] = [await person('5'), await person()];
    const { offerId } = await send(ana, bo, '2');
    const expiry = JOBS.find((job) => job.name === 'offer expiry')!;
    const failing = vi.spyOn(expiry, 'run').mockRejectedValueOnce(new Error('D1 is unavailable'));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expireAt(offerId, Date.now() - 1000);
    await clock().wake();
    const before = Date.now();
    expect(await runDurableObjectAlarm(clock())).toBe(true);
    expect(failing).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalledWith('[clock] offer expiry failed:', 'D1 is unavailable');
    expect(await offerStatus(offerId)).toBe('pending');
    const retry = await alarmAt();
    expect(retry).toBeGreaterThanOrEqual(before + CLOCK_RETRY_MS);
    expect(retry).toBeLessThanOrEqual(Date.now() + CLOCK_RETRY_MS);
    // The next run (here at once) does the work.
    expect(await runDurableObjectAlarm(clock())).toBe(true);
    expect(await offerStatus(offerId)).toBe('expired');
    expect(await balance(ana)).toMatchObject({ balance: '5.0000000000', locked: '0.0000000000' });
  });

  it('expires each offer once when two runs race', async () => {
    const [ana, bo] = [await person('20'), await person()];
    const offers: string[] = [];
    for (let i = 0; i < 10; i++) offers.push((await send(ana, bo, '1')).offerId);
    const now = Date.now();
    for (const id of offers) await expireAt(id, now - 1000);
    const [a, b] = await Promise.all([expireOffers(testEnv, now), expireOffers(testEnv, now)]);
    expect(a.expired + b.expired).toBe(offers.length);
    for (const id of offers) expect(await offerStatus(id)).toBe('expired');
    expect(await balance(ana)).toMatchObject({ balance: '20.0000000000', locked: '0.0000000000' });
    const released = await DB.prepare(
      `SELECT COUNT(*) AS n FROM transactions WHERE offer_id IN (SELECT value FROM json_each(?)) AND status = 'CANCELLED' AND status_reason = 'expired'`,
    )
      .bind(JSON.stringify(offers))
      .first<number>('n');
    expect(released).toBe(offers.length * 2);
  });

  it('is woken by an identity submission pending review, and decides it by itself when it is due', async () => {
    const ana = await person();
    const body = {
      first_name: 'Ana',
      last_name: 'Reyes',
      date_of_birth: '1990-01-02',
      country: 'PE',
      document_type: 'passport',
      document_number: 'P1111',
      consent: true,
    };
    const sent = (await ok(ana.s, 'POST', '/api/identity-verification', body)) as { id: string; status: string };
    expect(sent.status).toBe('pending');
    const decideAt = async () =>
      Date.parse((await DB.prepare('SELECT decide_at FROM identity_verifications WHERE id = ?').bind(sent.id).first<string>('decide_at'))!);
    // The submission's answer woke the clock: armed for its review (the earliest thing due).
    await vi.waitFor(async () => expect(await alarmAt()).toBe(await decideAt()), { timeout: 3000, interval: 20 });
    // Due in half a second: nobody acts, the alarm decides it.
    await DB.prepare('UPDATE identity_verifications SET decide_at = ? WHERE id = ?')
      .bind(new Date(Date.now() + 500).toISOString(), sent.id)
      .run();
    await clock().wake();
    await vi.waitFor(async () => expect(await ok(ana.s, 'GET', '/api/identity-verification')).toMatchObject({ id: sent.id, status: 'approved' }), {
      timeout: 8000,
      interval: 100,
    });
    expect(await ok(ana.s, 'GET', `/api/accounts/${ana.s.userId}`)).toMatchObject({ first_name: 'Ana', last_name: 'Reyes', idv_status: 'approved' });
  });

  it('stays idle where the ledger is not the embedded one (production, or an upstream)', async () => {
    expect(clockOf({ ...testEnv, APP_MODE: 'production' })).toBeNull();
    expect(clockOf({ ...testEnv, UPSTREAM_API_URL: 'https://upstream.test' })).toBeNull();
  });
});
