// Search inputs at the edges of what the published document allows, with rows present so the query
// really runs: D1 refuses a LIKE pattern over 50 bytes, so a search must not depend on one. The
// feature-request board's `search` and the transaction lists' and export's `q` (account, wallet).
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs, bearer, signIn, uniquePhone } from '../auth';
import { db } from '../fixtures';
import { call } from '../helpers';

let who: { accessToken: string; userId: string };
let accountId: string;
let walletId: string;

const ids = (body: { data: { id: string }[] }) => body.data.map((r) => r.id);

/** Inputs around D1's 50-byte pattern bound: ASCII bytes, two-byte `é`, four-byte emoji, metacharacters. */
const EDGES: [string, string][] = [
  ['49 ASCII bytes', 'a'.repeat(49)],
  ['60 ASCII characters', 'b'.repeat(60)],
  ['25 é (50 bytes)', 'é'.repeat(25)],
  ['25 emoji (100 bytes)', '😀'.repeat(25)],
  ['25 %', '%'.repeat(25)],
  ['25 _', '_'.repeat(25)],
  ['25 \\', '\\'.repeat(25)],
];

beforeAll(async () => {
  const s = await signIn(uniquePhone());
  who = s;
  const accounts = await apiAs(s, 'GET', '/api/accounts/user/accounts');
  accountId = accounts.body.data.accounts[0].account_id;
  walletId = (await apiAs(s, 'POST', '/api/wallets/digital-asset', { account_id: accountId })).body.data.walletId;
  const at = '2026-03-01T00:00:00.000Z';
  const row = (id: string, hash: string, counterparty: string | null) =>
    db()
      .prepare(
        `INSERT INTO transactions (id, account_id, wallet_id, type, amount_usd, asset, network, status, tx_hash, counterparty_party, created_at, updated_at)
         VALUES (?, ?, ?, 'deposit', 100, 'USDC', 'ethereum', 'COMPLETED', ?, ?, ?, ?)`,
      )
      .bind(id, accountId, walletId, hash, counterparty, at, at);
  await db().batch([
    row('00000000-0000-4000-8000-000000000001', `0xAbC${'0'.repeat(61)}`, `ana::${'ñ'.repeat(30)}%_\\😀x`),
    row('00000000-0000-4000-8000-000000000002', `0xdef${'1'.repeat(61)}`, null),
  ]);
});

describe('GET /api/feature-requests?search= at the edges of its bounds', () => {
  it.each(EDGES)('answers 200 for %s (rows present)', async (_name, search) => {
    const r = await apiAs(who, 'GET', `/api/feature-requests?search=${encodeURIComponent(search)}`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.data).toEqual([]);
  });

  it('finds a title by a 60-character, multibyte part, case-insensitively (ASCII), metacharacters literally', async () => {
    const title = `Idea ${'é'.repeat(20)} 100%_off \\ 😀 ${'Long words '.repeat(5)}end`;
    const created = await apiAs(who, 'POST', '/api/feature-requests', { title, description: 'A description long enough' });
    expect(created.status, created.text).toBe(200);
    const part = title.slice(3, 63).toUpperCase().replace(/É/g, 'é');
    expect(new TextEncoder().encode(part).length).toBeGreaterThan(50);
    const found = await apiAs(who, 'GET', `/api/feature-requests?search=${encodeURIComponent(part)}&limit=100`);
    expect(found.status, found.text).toBe(200);
    expect(ids(found.body)).toEqual([created.body.data.id]);
    for (const literal of ['100%_off \\', '0%_o']) {
      const r = await apiAs(who, 'GET', `/api/feature-requests?search=${encodeURIComponent(literal)}&limit=100`);
      expect(ids(r.body)).toEqual([created.body.data.id]);
    }
    for (const wildcard of ['100%off', '1_0', 'Idea%end']) {
      const r = await apiAs(who, 'GET', `/api/feature-requests?search=${encodeURIComponent(wildcard)}&limit=100`);
      expect(ids(r.body), wildcard).toEqual([]);
    }
  });

  it('answers 400 naming search past its published bound', async () => {
    const r = await apiAs(who, 'GET', `/api/feature-requests?search=${'a'.repeat(201)}`);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/search/);
  });
});

describe('the transaction lists and export with q at the edges of its bounds', () => {
  const paths = () => [`/api/transactions/account/${accountId}`, `/api/transactions/wallet/${walletId}`];

  it.each(EDGES)('answers 200 for %s on the account list, the wallet list and the export (rows present)', async (_name, q) => {
    for (const path of paths()) {
      const r = await apiAs(who, 'GET', `${path}?q=${encodeURIComponent(q)}`);
      expect(r.status, `${path}: ${r.text}`).toBe(200);
      expect(r.body.data).toEqual([]);
    }
    const csv = await call(`/api/transactions/account/${accountId}/export?q=${encodeURIComponent(q)}`, { headers: bearer(who.accessToken) });
    const text = await csv.text();
    expect(csv.status, text).toBe(200);
    expect(text.trim().split('\n')).toHaveLength(1); // the header row only
  });

  it('finds a whole 66-character hash by prefix, case-insensitively, and a long multibyte part of the counterparty, literally', async () => {
    const withCp = '00000000-0000-4000-8000-000000000001';
    for (const path of paths()) {
      const hash = await apiAs(who, 'GET', `${path}?q=${encodeURIComponent(`0xabc${'0'.repeat(61)}`)}`);
      expect(ids(hash.body), path).toEqual([withCp]);
      expect(ids((await apiAs(who, 'GET', `${path}?q=0xA`)).body)).toEqual([withCp]);
      expect(ids((await apiAs(who, 'GET', `${path}?q=AbC`)).body)).toEqual([]); // a hash is searched by prefix
      const part = `ANA::${'ñ'.repeat(30)}%_\\😀`;
      expect(ids((await apiAs(who, 'GET', `${path}?q=${encodeURIComponent(part)}`)).body), path).toEqual([withCp]);
      expect(ids((await apiAs(who, 'GET', `${path}?q=${encodeURIComponent('ñ%_\\')}`)).body)).toEqual([withCp]);
      expect(ids((await apiAs(who, 'GET', `${path}?q=${encodeURIComponent('ññ_')}`)).body)).toEqual([]);
    }
    const csv = await call(`/api/transactions/account/${accountId}/export?q=${encodeURIComponent(`ana::${'ñ'.repeat(30)}`)}`, {
      headers: bearer(who.accessToken),
    });
    expect((await csv.text()).trim().split('\n')).toHaveLength(2);
  });

  it('answers 400 naming q past its published bound', async () => {
    const r = await apiAs(who, 'GET', `/api/transactions/account/${accountId}?q=${'a'.repeat(141)}`);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/q/);
  });
});
