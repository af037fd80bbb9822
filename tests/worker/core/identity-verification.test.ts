// Identity verification in the embedded core: the documented test rules decide every outcome from the
// document number; under 18 is a validation failure; a pending or approved person cannot submit again
// but a rejected one can; two racing submissions, exactly one wins; an approval makes the legal name
// the profile's; the clock's job decides a pending review when it is due (a fake clock); a person
// only ever reads their own submission.
import { describe, expect, it } from 'vitest';
import { IDV_REVIEW_DELAY_MS } from '../../../src/core/identity/rules';
import { decideIdentityReviews } from '../../../src/worker/clock/jobs';
import { coreJson, createUser, db, scalar, testEnv } from '../fixtures';

const BODY = {
  first_name: 'María José',
  last_name: 'Gómez Ruiz',
  date_of_birth: '1990-04-12',
  country: 'AR',
  document_type: 'national_id',
  consent: true,
};
const submit = (userId: string, document_number: string, extra: Record<string, unknown> = {}) =>
  coreJson(userId, '/identity-verification', { body: { ...BODY, document_number, ...extra } });
const latest = (userId: string) => coreJson(userId, '/identity-verification');
const profile = (userId: string) =>
  db().prepare('SELECT first_name, last_name, idv_id, idv_status FROM profiles WHERE id = ?').bind(userId).first<Record<string, string | null>>();

/** A date of birth `years` years before today (UTC), shifted by `days`. */
function bornYearsAgo(years: number, days = 0): string {
  const d = new Date();
  const born = new Date(Date.UTC(d.getUTCFullYear() - years, d.getUTCMonth(), d.getUTCDate() + days));
  return born.toISOString().slice(0, 10);
}

describe('identity verification decision rules', () => {
  it('approves at once a number with any other ending, and makes the legal name the profile name', async () => {
    const { userId } = await createUser();
    const { status, body } = await submit(userId, 'AB-1234 5678');
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      status: 'approved',
      reason: null,
      first_name: 'María José',
      last_name: 'Gómez Ruiz',
      country: 'AR',
      document_type: 'national_id',
      document_last4: '5678',
    });
    expect(body.data.decided_at).toBe(body.data.created_at);
    expect(await profile(userId)).toEqual({ first_name: 'María José', last_name: 'Gómez Ruiz', idv_id: body.data.id, idv_status: 'approved' });
  });

  it.each([
    ['X99990000', 'document_unreadable'],
    ['X99990001', 'name_mismatch'],
  ])('rejects %s at once with the reason %s, and keeps the profile name', async (number, reason) => {
    const { userId } = await createUser();
    const { status, body } = await submit(userId, number);
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ status: 'rejected', reason });
    expect(await profile(userId)).toEqual({ first_name: 'Ana', last_name: 'Pérez', idv_id: body.data.id, idv_status: 'rejected' });
  });

  it('keeps only the last 4 characters and a SHA-256 hash of the number', async () => {
    const { userId } = await createUser();
    const { body } = await submit(userId, 'pp 7654321');
    const row = await db().prepare('SELECT * FROM identity_verifications WHERE id = ?').bind(body.data.id).first<Record<string, unknown>>();
    expect(row).toMatchObject({ document_last4: '4321', document_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(row)).not.toContain('7654321');
  });
});

describe('identity verification pending review (the clock decides it)', () => {
  it('holds 1111 pending review, then the job approves it when due (and not before)', async () => {
    const { userId } = await createUser();
    const { body } = await submit(userId, 'A1111');
    expect(body.data).toMatchObject({ status: 'pending', reason: null, decided_at: null });
    expect((await profile(userId))?.idv_status).toBe('pending');
    const createdMs = Date.parse(body.data.created_at);

    expect((await decideIdentityReviews(testEnv, createdMs + IDV_REVIEW_DELAY_MS - 1000)).users).not.toContain(userId);
    expect((await latest(userId)).body.data.status).toBe('pending');

    const run = await decideIdentityReviews(testEnv, createdMs + IDV_REVIEW_DELAY_MS);
    expect(run.users).toContain(userId);
    expect((await latest(userId)).body.data).toMatchObject({
      status: 'approved',
      reason: null,
      decided_at: new Date(createdMs + IDV_REVIEW_DELAY_MS).toISOString(),
    });
    expect(await profile(userId)).toMatchObject({ first_name: 'María José', last_name: 'Gómez Ruiz', idv_status: 'approved' });
    // Again: nothing left to decide for this person.
    expect((await decideIdentityReviews(testEnv, createdMs + IDV_REVIEW_DELAY_MS)).users).not.toContain(userId);
  });

  it('holds 2222 pending review, then the job rejects it as document_expired and the person may try again', async () => {
    const { userId } = await createUser();
    const { body } = await submit(userId, 'A2222');
    expect(body.data.status).toBe('pending');
    await decideIdentityReviews(testEnv, Date.parse(body.data.created_at) + IDV_REVIEW_DELAY_MS);
    expect((await latest(userId)).body.data).toMatchObject({ status: 'rejected', reason: 'document_expired' });
    expect(await profile(userId)).toMatchObject({ first_name: 'Ana', idv_status: 'rejected' });
    expect((await submit(userId, 'A5555')).body.data.status).toBe('approved');
  });

  it('decides each due review once when two runs race', async () => {
    const { userId } = await createUser();
    const { body } = await submit(userId, 'B1111');
    const at = Date.parse(body.data.created_at) + IDV_REVIEW_DELAY_MS;
    const [a, b] = await Promise.all([decideIdentityReviews(testEnv, at), decideIdentityReviews(testEnv, at)]);
    expect([...a.users, ...b.users].filter((u) => u === userId)).toHaveLength(1);
  });
});

describe('identity verification refusals', () => {
  it('refuses a person under 18 with a 400 (not a rejection) and stores nothing', async () => {
    const { userId } = await createUser();
    const { status, body } = await submit(userId, 'A5678', { date_of_birth: bornYearsAgo(18, 1) });
    expect(status).toBe(400);
    expect(body).toEqual({ message: 'date_of_birth: You must be 18 or older to verify your identity', code: 'validation_failed' });
    expect(await scalar('SELECT COUNT(*) FROM identity_verifications WHERE user_id = ?', userId)).toBe(0);
    expect((await profile(userId))?.idv_status).toBeNull();
    // 18 today is old enough.
    expect((await submit(userId, 'A5678', { date_of_birth: bornYearsAgo(18) })).status).toBe(201);
  });

  it('refuses a submission while one is pending or approved (409), and allows one after a rejection', async () => {
    const pending = await createUser();
    await submit(pending.userId, 'A1111');
    expect(await submit(pending.userId, 'A5678')).toEqual({
      status: 409,
      body: { message: 'Your identity is already verified or in review', code: 'identity_already_submitted' },
    });
    const approved = await createUser();
    await submit(approved.userId, 'A5678');
    expect((await submit(approved.userId, 'A0000')).status).toBe(409);
    expect((await profile(approved.userId))?.idv_status).toBe('approved');

    const rejected = await createUser();
    await submit(rejected.userId, 'A0001');
    const again = await submit(rejected.userId, 'A5678');
    expect(again.status).toBe(201);
    expect((await latest(rejected.userId)).body.data.id).toBe(again.body.data.id);
  });

  it('lets exactly one of many racing submissions win', async () => {
    const { userId } = await createUser();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => submit(userId, `RACE${i}1111`)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(7);
    expect(await scalar('SELECT COUNT(*) FROM identity_verifications WHERE user_id = ?', userId)).toBe(1);
    const winner = answers.find((a) => a.status === 201)!.body.data.id;
    expect((await profile(userId))?.idv_id).toBe(winner);
  });

  it('answers 404 before the first submission, and never shows one person another person’s', async () => {
    const [ana, bo] = [await createUser(), await createUser()];
    await submit(ana.userId, 'A5678');
    expect(await latest(bo.userId)).toEqual({ status: 404, body: { message: 'No identity verification yet', code: 'not_found' } });
    expect((await latest(ana.userId)).status).toBe(200);
  });
});
