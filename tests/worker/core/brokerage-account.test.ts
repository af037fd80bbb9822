// The brokerage account in the embedded core: opening needs a verified identity and both documents
// (the suitability answers and a W-8BEN whose legal name and country are the verified ones and whose
// signature is the legal name); a refusal writes nothing; the opened account is active, keeps and
// shows the answers, and reads cash and buying power from the USD account; racing opens create one
// account; a foreign account answers 404; an Idempotency-Key replays; the BFF limits opens (RL_WALLETS).
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../src/shared/limiters';
import { apiAs, signIn, uniquePhone } from '../auth';
import { core, coreJson, createUser, db, scalar, verifyIdentity, type Fixture } from '../fixtures';

const SUITABILITY = { experience: 'some', risk_tolerance: 'medium', horizon: 'long' } as const;
const W8BEN = { legal_name: 'Ana Pérez', country: 'AR', signature: 'ana perez', certified: true } as const;
const BODY = { suitability: SUITABILITY, w8ben: W8BEN };

const open = (f: Fixture, body: unknown = BODY, headers?: Record<string, string>) =>
  coreJson(f.userId, `/brokerage/accounts/${f.accountId}`, { body, headers });
const read = async (f: Fixture) => (await coreJson(f.userId, `/brokerage/accounts/${f.accountId}`)).body.data;

/** What opening may write for an account: its brokerage wallets, accounts and documents. */
async function written(f: Fixture) {
  return scalar<number>(
    `SELECT (SELECT COUNT(*) FROM wallets WHERE account_id = ?1 AND kind = 'brokerage')
          + (SELECT COUNT(*) FROM brokerage_accounts a JOIN wallets w ON w.id = a.wallet_id WHERE w.account_id = ?1)
          + (SELECT COUNT(*) FROM brokerage_suitability s JOIN wallets w ON w.id = s.wallet_id WHERE w.account_id = ?1)
          + (SELECT COUNT(*) FROM brokerage_w8ben d JOIN wallets w ON w.id = d.wallet_id WHERE w.account_id = ?1)`,
    f.accountId,
  );
}

/** A verified person (Ana Pérez), with the approved verification naming Argentina. */
async function verified(): Promise<Fixture> {
  const f = await createUser();
  await verifyIdentity(f.userId);
  const idvId = crypto.randomUUID();
  const now = new Date().toISOString();
  await db().batch([
    db()
      .prepare(
        `INSERT INTO identity_verifications (id, user_id, first_name, last_name, date_of_birth, country, document_type, document_last4, document_hash, consent_at, status, created_at, updated_at)
         VALUES (?, ?, 'Ana', 'Pérez', '1990-01-02', 'AR', 'passport', '5678', 'x', ?, 'approved', ?, ?)`,
      )
      .bind(idvId, f.userId, now, now, now),
    db().prepare('UPDATE profiles SET idv_id = ? WHERE id = ?').bind(idvId, f.userId),
  ]);
  return f;
}

describe('opening the brokerage account', () => {
  it('refuses an unverified person with 403 identity_not_verified and writes nothing', async () => {
    const f = await createUser();
    const account = await read(f);
    expect(account).toMatchObject({ status: 'unverified', wallet_id: null, trading_blocked: true });
    expect(account.trading_blocked_reasons).toEqual(['identity_not_verified', 'suitability_required', 'w8ben_required']);
    const refused = await open(f);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'identity_not_verified', message: expect.any(String) });
    expect(await written(f)).toBe(0);
  });

  it('refuses a body without both documents, or with answers outside the lists, with 400 {message} and writes nothing', async () => {
    const f = await verified();
    const bad = [
      { suitability: SUITABILITY },
      { w8ben: W8BEN },
      {},
      { suitability: { ...SUITABILITY, experience: 'expert' }, w8ben: W8BEN },
      { suitability: { ...SUITABILITY, risk_tolerance: 'extreme' }, w8ben: W8BEN },
      { suitability: { ...SUITABILITY, horizon: 'forever' }, w8ben: W8BEN },
      { suitability: SUITABILITY, w8ben: { ...W8BEN, certified: false } },
      { suitability: SUITABILITY, w8ben: { ...W8BEN, signature: '' } },
      { suitability: SUITABILITY, w8ben: { ...W8BEN, country: 'XX' } },
    ];
    for (const body of bad) {
      const res = await open(f, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
    }
    expect(await written(f)).toBe(0);
    expect((await read(f)).status).toBe('not_opened');
  });

  it('refuses a W-8BEN whose signature, legal name or country is not the verified one with 422, and writes nothing', async () => {
    const f = await verified();
    const cases = [
      [{ ...W8BEN, signature: 'Ana P.' }, 'signature_mismatch'],
      [{ ...W8BEN, legal_name: 'Ana Gómez', signature: 'Ana Gómez' }, 'legal_name_mismatch'],
      [{ ...W8BEN, country: 'MX' }, 'country_mismatch'],
    ] as const;
    for (const [w8ben, code] of cases) {
      const res = await open(f, { suitability: SUITABILITY, w8ben });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code, message: expect.any(String) });
    }
    expect(await written(f)).toBe(0);
  });

  it('opens an active account with both documents kept, and reads cash and buying power from the USD account', async () => {
    const f = await verified();
    const before = await read(f);
    expect(before).toMatchObject({
      status: 'not_opened',
      trading_blocked: true,
      trading_blocked_reasons: ['suitability_required', 'w8ben_required'],
      verified_identity: { legal_name: 'Ana Pérez', country: 'AR' },
    });
    // Accents and case do not matter in the name or the signature.
    const res = await open(f, { suitability: SUITABILITY, w8ben: { ...W8BEN, legal_name: 'ANA PEREZ' } });
    expect(res.status).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body.data).toMatchObject({
      status: 'active',
      currency: 'USD',
      cash_cents: 0,
      reserved_cents: 0,
      buying_power_cents: 0,
      trading_blocked: false,
      trading_blocked_reasons: [],
      suitability: SUITABILITY,
      w8ben: { legal_name: 'ANA PEREZ', country: 'AR', date_signed: today },
    });
    expect(res.body.data.account_number).toMatch(/^DB[0-9A-F]{10}$/);
    expect(await read(f)).toEqual(res.body.data);
    // The accounts grouping shows it as the brokerage_account.
    const cats = await coreJson(f.userId, `/wallets/${f.accountId}/categories`);
    expect(cats.body.data.brokerage_account).toMatchObject({ id: res.body.data.wallet_id, chain: 'brokerage', kind: 'brokerage' });
    expect(await scalar('SELECT signature FROM brokerage_w8ben WHERE wallet_id = ?', res.body.data.wallet_id)).toBe('ana perez');

    // Dollars in the USD account are its cash and buying power.
    expect((await coreJson(f.userId, '/usd/accounts', { body: { account_id: f.accountId } })).status).toBe(201);
    expect((await coreJson(f.userId, `/usd/accounts/${f.accountId}/deposits`, { body: { amount: '125.50', rail: 'card' } })).status).toBe(200);
    expect(await read(f)).toMatchObject({ cash_cents: 12550, reserved_cents: 0, buying_power_cents: 12550 });

    // Opening again answers the same account, documents unchanged.
    const again = await open(f, { suitability: { experience: 'none', risk_tolerance: 'low', horizon: 'short' }, w8ben: W8BEN });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ wallet_id: res.body.data.wallet_id, suitability: SUITABILITY });
    expect(await written(f)).toBe(4);
  });

  it('creates one account when opens race', async () => {
    const f = await verified();
    const all = await Promise.all(Array.from({ length: 8 }, () => open(f)));
    expect(all.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(all.map((r) => r.body.data.wallet_id)).size).toBe(1);
    expect(await written(f)).toBe(4);
  });

  it('answers 404 for another user’s account, as for an unknown one', async () => {
    const mine = await verified();
    const other = await verified();
    expect((await open(other)).status).toBe(201);
    const foreign = { userId: mine.userId, accountId: other.accountId };
    for (const res of [await open(foreign), await coreJson(mine.userId, `/brokerage/accounts/${other.accountId}`)]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    expect((await coreJson(mine.userId, `/brokerage/accounts/${crypto.randomUUID()}`)).status).toBe(404);
    expect(await written(mine)).toBe(0);
  });

  it('replays an Idempotency-Key with the first answer, and refuses the key with another body', async () => {
    const f = await verified();
    const key = crypto.randomUUID();
    const first = await open(f, BODY, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const res = await core(f.userId, `/brokerage/accounts/${f.accountId}`, { body: BODY, headers: { 'idempotency-key': key } });
    expect(res.status).toBe(201);
    expect(res.headers.get('idempotent-replayed')).toBe('true');
    expect(await res.json()).toEqual(first.body);
    const other = await open(f, { ...BODY, suitability: { ...SUITABILITY, horizon: 'short' } }, { 'idempotency-key': key });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency_conflict');
    expect(await written(f)).toBe(4);
  });
});

describe('the brokerage account through the BFF', () => {
  it('limits opens per user (RL_WALLETS) with 429 {message}', async () => {
    const who = await signIn(uniquePhone());
    const accounts = await apiAs(who, 'GET', '/api/accounts/user/accounts');
    const accountId = accounts.body.data.accounts[0].account_id as string;
    const { limit } = LIMITS.RL_WALLETS;
    for (let i = 0; i < limit; i++) {
      // Unverified: refused, and still counted.
      expect((await apiAs(who, 'POST', `/api/brokerage/accounts/${accountId}`, BODY)).status).toBe(403);
    }
    const limited = await apiAs(who, 'POST', `/api/brokerage/accounts/${accountId}`, BODY);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limited', message: expect.any(String) });
    // Reads are not limited.
    expect((await apiAs(who, 'GET', `/api/brokerage/accounts/${accountId}`)).status).toBe(200);
  });

  it('answers the market clock and a bounded calendar', async () => {
    const who = await signIn(uniquePhone());
    const clock = await apiAs(who, 'GET', '/api/brokerage/clock');
    expect(clock.status).toBe(200);
    expect(clock.body.data).toMatchObject({ is_open: expect.any(Boolean), next_open: expect.any(String), next_close: expect.any(String) });
    const week = await apiAs(who, 'GET', '/api/brokerage/calendar?start=2026-12-21&end=2026-12-28');
    expect(week.status).toBe(200);
    expect(week.body.data).toHaveLength(5);
    expect(week.body.data[3]).toEqual({ date: '2026-12-24', open: '09:30', close: '13:00' });
    for (const query of [
      'start=2026-01-01&end=2027-01-02',
      'start=2026-02-01&end=2026-01-01',
      'start=2029-01-01&end=2029-01-05',
      'start=2026-1-1&end=2026-01-05',
    ]) {
      const res = await apiAs(who, 'GET', `/api/brokerage/calendar?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
  });
});
