import { beforeEach, describe, expect, it } from 'vitest';
import { bearer, signIn, uniquePhone } from '../auth';
import { call } from '../helpers';

type Link = {
  id: string;
  account_id: string;
  account_name: string;
  is_primary: boolean;
  is_active: boolean;
  account: { id: string; name: string; description?: string; account_type: string; account_category: string; metadata: Record<string, unknown> };
};

let me: { accessToken: string; userId: string };
let other: { accessToken: string; userId: string };

beforeEach(async () => {
  me = await signIn(uniquePhone());
  other = await signIn(uniquePhone());
});

const api = (who: { accessToken: string }, path: string, init: { method?: string; body?: unknown; raw?: string } = {}) =>
  call(`/api/accounts${path}`, {
    method: init.method ?? 'GET',
    headers: { ...bearer(who.accessToken), 'content-type': 'application/json' },
    body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });

async function data<T>(res: Response, status = 200): Promise<T> {
  expect(res.status).toBe(status);
  return (await res.json<{ data: T }>()).data;
}

async function list(who: { accessToken: string }) {
  return (await data<{ success: true; accounts: Link[] }>(await api(who, '/user/accounts'))).accounts;
}

async function create(who: { accessToken: string }, body: Record<string, unknown>) {
  return (await data<{ success: true; accountId: string }>(await api(who, '/user/create-account', { method: 'POST', body }))).accountId;
}

async function expectError(res: Response, status: number, message?: RegExp) {
  expect(res.status).toBe(status);
  const body = await res.json<{ message: string }>();
  expect(typeof body.message).toBe('string');
  if (message) expect(body.message).toMatch(message);
}

describe('provisioning', () => {
  it("creates the profile and one personal account, primary and active, on the user's first call", async () => {
    const accounts = await list(me);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      account_name: 'Personal',
      is_primary: true,
      is_active: true,
      account: { account_category: 'personal', account_type: 'individual' },
    });
    // Idempotent: concurrent first calls of a new user still give exactly one account.
    const fresh = await signIn(uniquePhone());
    const lists = await Promise.all([list(fresh), list(fresh), list(fresh)]);
    for (const l of lists) expect(l).toHaveLength(1);
  });
});

describe('GET /api/accounts/{userId} and PATCH (language)', () => {
  it('answers the own profile, from which the KYC summary derives', async () => {
    const profile = await data<Record<string, unknown>>(await api(me, `/${me.userId}`));
    expect(profile).toMatchObject({ id: me.userId, language: null, idv: null, idv_status: null, first_name: null, last_name: null, address: null });
    expect(typeof profile.created_at).toBe('string');
  });

  it("answers 404 for another user's id and 400 for an id that is not a uuid", async () => {
    await expectError(await api(me, `/${other.userId}`), 404);
    await expectError(await api(me, '/not-a-uuid'), 400, /^userId: /);
  });

  it('saves the language (en, es, fs) and refuses anything else with 400 naming the field, changing nothing', async () => {
    for (const language of ['es', 'fs', 'en', 'es']) {
      expect(await data<{ language: string }>(await api(me, `/${me.userId}`, { method: 'PATCH', body: { language } }))).toMatchObject({ language });
    }
    await expectError(await api(me, `/${me.userId}`, { method: 'PATCH', body: { language: 'fr' } }), 400, /^language: /);
    await expectError(await api(me, `/${me.userId}`, { method: 'PATCH', body: { language: 'en', name: 'x' } }), 400);
    await expectError(await api(me, `/${other.userId}`, { method: 'PATCH', body: { language: 'en' } }), 404);
    expect(await data<{ language: string }>(await api(me, `/${me.userId}`))).toMatchObject({ language: 'es' });
    expect(await data<{ language: string }>(await api(other, `/${other.userId}`))).toMatchObject({ language: null });
  });
});

describe('list, active, create', () => {
  it('creates an account with a trimmed name, no empty description, individual type and personal category by default', async () => {
    const accountId = await create(me, { accountName: '  Savings jar  ', accountDescription: '   ' });
    const created = (await list(me)).find((l) => l.account_id === accountId)!;
    expect(created).toMatchObject({
      account_name: 'Savings jar',
      is_primary: false,
      is_active: false,
      account: { account_type: 'individual', account_category: 'personal' },
    });
    expect(created.account).not.toHaveProperty('description');
    const second = await create(me, { accountName: 'Shop', accountDescription: 'Store income', accountType: 'individual', accountCategory: 'business' });
    expect((await list(me)).find((l) => l.account_id === second)!.account).toMatchObject({ description: 'Store income', account_category: 'business' });
    // The active account is still the first one.
    const active = await data<{ success: true; account: Link }>(await api(me, '/user/active-account'));
    expect(active).toMatchObject({ success: true, account: { account_name: 'Personal', is_active: true } });
    // Nobody else sees them.
    expect(await list(other)).toHaveLength(1);
  });

  it('refuses bad create payloads with 400 naming the field, creating nothing', async () => {
    const bad: [unknown, RegExp][] = [
      [{ accountName: '   ' }, /^accountName: /],
      [{}, /^accountName: /],
      [{ accountName: 'x'.repeat(101) }, /^accountName: /],
      [{ accountName: 'A', accountCategory: 'crypto' }, /^accountCategory: /],
      [{ accountName: 'A', accountType: 'business' }, /^accountType: /],
      [{ accountName: 42 }, /^accountName: /],
    ];
    for (const [body, message] of bad) await expectError(await api(me, '/user/create-account', { method: 'POST', body }), 400, message);
    await expectError(await api(me, '/user/create-account', { method: 'POST', raw: '{"accountName": "A",' }), 400, /JSON/i);
    await expectError(await api(me, '/user/create-account', { method: 'POST', raw: JSON.stringify({ accountName: 'A', pad: 'x'.repeat(70_000) }) }), 413);
    expect(await list(me)).toHaveLength(1);
  });
});

describe('switch, set primary, metadata, delete', () => {
  it('switches the active account to one of the own accounts only', async () => {
    const mine = await create(me, { accountName: 'Trading', accountCategory: 'trading' });
    const theirs = (await list(other))[0]!.account_id;
    expect(await data(await api(me, '/user/switch-account', { method: 'POST', body: { accountId: mine } }))).toEqual({ success: true });
    const active = await data<{ account: Link }>(await api(me, '/user/active-account'));
    expect(active.account.account_id).toBe(mine);
    expect((await list(me)).filter((l) => l.is_active)).toHaveLength(1);

    await expectError(await api(me, '/user/switch-account', { method: 'POST', body: { accountId: theirs } }), 404);
    await expectError(await api(me, '/user/switch-account', { method: 'POST', body: { accountId: 'nope' } }), 400, /^accountId: /);
    expect((await data<{ account: Link }>(await api(me, '/user/active-account'))).account.account_id).toBe(mine);
    expect((await data<{ account: Link }>(await api(other, '/user/active-account'))).account.account_id).toBe(theirs);
  });

  it('moves the primary mark to one of the own accounts only', async () => {
    const mine = await create(me, { accountName: 'Second' });
    const theirs = (await list(other))[0]!.account_id;
    expect(await data(await api(me, `/user/accounts/${mine}/set-primary`, { method: 'POST' }))).toEqual({ success: true });
    const primaries = (await list(me)).filter((l) => l.is_primary);
    expect(primaries.map((l) => l.account_id)).toEqual([mine]);
    await expectError(await api(me, `/user/accounts/${theirs}/set-primary`, { method: 'POST' }), 404);
    await expectError(await api(me, '/user/accounts/123/set-primary', { method: 'POST' }), 400, /^id: /);
    expect((await list(other))[0]!.is_primary).toBe(true);
  });

  it('updates name, description, category and merges metadata of an own account', async () => {
    const id = await create(me, { accountName: 'Old', accountDescription: 'first' });
    const res = await api(me, `/user/accounts/${id}/metadata`, {
      method: 'PUT',
      body: { accountName: ' New ', accountCategory: 'savings', metadata: { color: 'green', goal: 500 } },
    });
    const updated = await data<{ success: true; account: Link }>(res);
    expect(updated.account).toMatchObject({
      account_name: 'New',
      account: { description: 'first', account_category: 'savings', metadata: { color: 'green', goal: 500 } },
    });
    const again = await data<{ account: Link }>(
      await api(me, `/user/accounts/${id}/metadata`, { method: 'PUT', body: { accountDescription: '', metadata: { goal: null, icon: 'jar' } } }),
    );
    expect(again.account.account).not.toHaveProperty('description');
    expect(again.account.account.metadata).toEqual({ color: 'green', icon: 'jar' });

    const theirs = (await list(other))[0]!.account_id;
    await expectError(await api(me, `/user/accounts/${theirs}/metadata`, { method: 'PUT', body: { accountName: 'Mine now' } }), 404);
    await expectError(await api(me, `/user/accounts/${id}/metadata`, { method: 'PUT', body: {} }), 400, /Nothing to update/);
    await expectError(await api(me, `/user/accounts/${id}/metadata`, { method: 'PUT', body: { accountCategory: 'gold' } }), 400, /^accountCategory: /);
    expect((await list(other))[0]!.account_name).toBe('Personal');
    expect((await list(me)).find((l) => l.account_id === id)!.account_name).toBe('New');
  });

  it('never deletes the last account', async () => {
    const only = (await list(me))[0]!.account_id;
    await expectError(await api(me, `/user/accounts/${only}`, { method: 'DELETE' }), 409);
    expect(await list(me)).toHaveLength(1);
  });

  it('deletes an own account; when it was primary and active, both marks move to the remaining account', async () => {
    const first = (await list(me))[0]!.account_id;
    const second = await create(me, { accountName: 'Second' });
    const theirs = (await list(other))[0]!.account_id;
    await expectError(await api(me, `/user/accounts/${theirs}`, { method: 'DELETE' }), 404);
    expect(await list(other)).toHaveLength(1);

    expect(await data(await api(me, `/user/accounts/${first}`, { method: 'DELETE' }))).toEqual({ success: true });
    const left = await list(me);
    expect(left.map((l) => [l.account_id, l.is_primary, l.is_active])).toEqual([[second, true, true]]);
  });

  it('keeps the primary and the active account when another account is deleted', async () => {
    const first = (await list(me))[0]!.account_id;
    const second = await create(me, { accountName: 'Second' });
    const third = await create(me, { accountName: 'Third' });
    await api(me, '/user/switch-account', { method: 'POST', body: { accountId: third } });
    await data(await api(me, `/user/accounts/${second}`, { method: 'DELETE' }));
    const left = await list(me);
    expect(left.map((l) => [l.account_id, l.is_primary, l.is_active])).toEqual([
      [first, true, false],
      [third, false, true],
    ]);
  });
});

describe('metadata bounds (depth 5, 50 keys per object, keys of 100 characters, 16 KB)', () => {
  const put = (who: { accessToken: string }, id: string, init: { body?: unknown; raw?: string }) =>
    api(who, `/user/accounts/${id}/metadata`, { method: 'PUT', ...init });
  const metadataOf = async (id: string) => (await list(me)).find((l) => l.account_id === id)!.account;
  /** `{"deep": [[[...1...]]]}` with `levels` arrays, written as text (building it as a value would recurse). */
  const nested = (levels: number) => `{"metadata":{"deep":${'['.repeat(levels)}1${']'.repeat(levels)}}}`;

  it('answers 400 {message} for metadata nested 1,000 and 30,000 levels deep, and changes nothing', async () => {
    const id = await create(me, { accountName: 'Deep' });
    await data(await put(me, id, { body: { metadata: { kept: true } } }));
    for (const levels of [5, 1_000, 30_000]) {
      await expectError(await put(me, id, { raw: nested(levels) }), 400, /^metadata: must not nest deeper than 5 levels/);
    }
    // Four arrays inside the metadata object make five levels: still accepted.
    await data(await put(me, id, { raw: nested(4) }));
    expect((await metadataOf(id)).metadata).toEqual({ kept: true, deep: [[[[1]]]] });
  });

  it('answers 400 for an object of more than 50 keys, a key over 100 characters and a patch over 16 KB', async () => {
    const id = await create(me, { accountName: 'Wide' });
    const wide = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    await expectError(await put(me, id, { body: { metadata: wide } }), 400, /^metadata: must not have more than 50 keys/);
    await expectError(await put(me, id, { body: { metadata: { inner: wide } } }), 400, /^metadata: must not have more than 50 keys/);
    await expectError(await put(me, id, { body: { metadata: { ['k'.repeat(101)]: 1 } } }), 400, /^metadata: keys must be at most 100/);
    await expectError(await put(me, id, { body: { metadata: { big: 'x'.repeat(16 * 1024) } } }), 400, /^metadata: must be at most 16384 bytes/);
    await expectError(await put(me, id, { body: { metadata: [1, 2] } }), 400, /^metadata: must be a JSON object/);
    expect((await metadataOf(id)).metadata).toEqual({});
  });

  it('answers 413 and changes nothing when the merged metadata would pass 16 KB', async () => {
    const id = await create(me, { accountName: 'Grows' });
    await data(await put(me, id, { body: { metadata: { a: 'x'.repeat(9_000) } } }));
    await expectError(await put(me, id, { body: { accountName: 'Renamed', metadata: { b: 'y'.repeat(9_000) } } }), 413, /^metadata: .*16384 bytes/);
    const account = await metadataOf(id);
    expect(account.name).toBe('Grows');
    expect(Object.keys(account.metadata)).toEqual(['a']);
    // Replacing or removing a key keeps it within the bound, so it is accepted.
    await data(await put(me, id, { body: { metadata: { a: null, b: 'y'.repeat(9_000) } } }));
    expect(Object.keys((await metadataOf(id)).metadata)).toEqual(['b']);
  });

  it('keeps the cap when PUTs race: concurrent merges never store more than 16 KB together', async () => {
    const id = await create(me, { accountName: 'Raced' });
    // Each patch fits alone; any four together do not (4 x 5,000 bytes > 16,384).
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => put(me, id, { body: { metadata: { [`k${i}`]: String(i).repeat(5_000) } } })));
    const statuses = results.map((r) => r.status);
    for (const s of statuses) expect([200, 409, 413]).toContain(s);
    const stored = (await metadataOf(id)).metadata;
    expect(new TextEncoder().encode(JSON.stringify(stored)).length).toBeLessThanOrEqual(16 * 1024);
    expect(Object.keys(stored)).toHaveLength(statuses.filter((s) => s === 200).length);
    expect(Object.keys(stored).length).toBeLessThanOrEqual(3);
  });
});
