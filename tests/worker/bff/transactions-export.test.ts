// The CSV export of /api/transactions/account/{id}/export, through the whole Worker: header, exact
// amounts, quoting and formula-injection defusing, the list's filters, streaming page by page
// (embedded and remote), a foreign account's 404, bad input 400 and the RL_EXPORTS limit.
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { app } from '../../../src/worker/index';
import { CSV_COLUMNS, csvCell, csvNumber } from '../../../src/worker/transactions-csv';
import { MAX_EXPORT_BYTES, MAX_EXPORT_PAGES, MAX_EXPORT_ROWS } from '../../../src/worker/routes/transactions';
import { apiAs, bearer, signIn, uniquePhone } from '../auth';
import { formatUnits, LEDGER_SCALE, parseUnits } from '../../../src/shared/decimal';
import { addAccount, db } from '../fixtures';
import { WITHDRAWAL_SETTLE_MS } from '../../../src/core/usd/settlement';
import { settleWithdrawals } from '../../../src/worker/clock/jobs';
import { call } from '../helpers';
import { installFetchGuard, outbound, planFetch } from '../network';
import { transactionRow } from '../../transaction-rows';

installFetchGuard();

const remoteEnv = { ...env, UPSTREAM_API_URL: 'http://upstream.test/v1' };

interface Row {
  type?: string;
  status?: string;
  at: string;
  cents?: number;
  units?: string | null;
  hash?: string | null;
  description?: string | null;
}

async function seed(accountId: string, rows: Row[]): Promise<string[]> {
  const ids = rows.map(() => crypto.randomUUID());
  await db().batch(
    rows.map((r, i) =>
      db()
        .prepare(
          `INSERT INTO transactions (id, account_id, wallet_id, type, amount_usd, asset, network, asset_amount, status, tx_hash, description, created_at, updated_at)
           VALUES (?, ?, NULL, ?, ?, ?, ?, CAST(? AS INTEGER), ?, ?, ?, ?, ?)`,
        )
        .bind(
          ids[i]!,
          accountId,
          r.type ?? 'deposit',
          r.cents ?? 100,
          r.units ? 'CC' : 'USDC',
          r.units ? 'canton' : 'ethereum',
          r.units ?? null,
          r.status ?? 'COMPLETED',
          r.hash ?? null,
          r.description ?? null,
          r.at,
          r.at,
        ),
    ),
  );
  return ids;
}

async function owner() {
  const who = await signIn(uniquePhone());
  const accountId = await addAccount(who.userId, 'Export');
  return { ...who, accountId };
}

const exportOf = (who: { accessToken: string }, accountId: string, query = '') =>
  call(`/api/transactions/account/${accountId}/export${query ? `?${query}` : ''}`, { headers: bearer(who.accessToken) });

/** Minimal RFC 4180 reader for the assertions (quoted cells with "" and CRLF inside). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

describe('GET /api/transactions/account/{id}/export', () => {
  it('answers text/csv as an attachment with one header row, ISO UTC dates and exact amounts with their currency', async () => {
    const me = await owner();
    const [id] = await seed(me.accountId, [{ at: '2026-03-05T08:09:10.123Z', cents: 123456789, units: '1000000000001', hash: '0xfeed' }]);
    const res = await exportOf(me, me.accountId, 'from=2026-03-01&to=2026-03-31');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="transactions-from-2026-03-01-to-2026-03-31.csv"');
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(2);
    expect(Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, rows[1]![i]]))).toEqual({
      date: '2026-03-05T08:09:10.123Z',
      id,
      type: 'deposit',
      status: 'COMPLETED',
      amount: '1234567.89',
      currency: 'USD',
      asset_amount: '100.0000000001',
      asset: 'CC',
      network: 'canton',
      tx_hash: '0xfeed',
      counterparty: '',
      description: '',
      direction: '',
      counterparty_name: '',
      status_reason: '',
      moved_money: 'yes',
    });
  });

  it('defuses formula injection and quotes commas, quotes and line breaks', async () => {
    const me = await owner();
    const evil = ['=HYPERLINK("http://x.test","click")', '+1+2', '-2+3', '@SUM(A1)', '\tTAB', '\rCR', 'a,b "c"\nd'];
    await seed(
      me.accountId,
      evil.map((description, i) => ({ at: `2026-03-0${i + 1}T00:00:00.000Z`, description })),
    );
    const text = await (await exportOf(me, me.accountId)).text();
    const descriptions = parseCsv(text)
      .slice(1)
      .map((r) => r[CSV_COLUMNS.indexOf('description')])
      .reverse();
    expect(descriptions).toEqual(evil.map((d, i) => (i < 6 ? `'${d}` : d)));
    expect(text).toContain('"\'=HYPERLINK(""http://x.test"",""click"")"');
    // An amount the server formats stays a number; text starting with '-' is neutralised.
    expect([csvNumber('-0.05'), csvCell('-1+1'), csvCell('-')]).toEqual(['-0.05', `"'-1+1"`, `"'-"`]);
  });

  it('applies the same filters as the list', async () => {
    const me = await owner();
    await seed(me.accountId, [
      { at: '2026-03-01T00:00:00.000Z', type: 'deposit' },
      { at: '2026-03-02T00:00:00.000Z', type: 'withdrawal', hash: '0xaa01' },
      { at: '2026-03-03T00:00:00.000Z', type: 'withdrawal', status: 'FAILED', hash: '0xaa02' },
      { at: '2026-04-01T00:00:00.000Z', type: 'withdrawal', hash: '0xaa03' },
    ]);
    const query = 'type=withdrawal&from=2026-03-01&to=2026-03-31&q=0xaa';
    const list = await (
      await call(`/api/transactions/account/${me.accountId}?${query}`, { headers: bearer(me.accessToken) })
    ).json<{ data: { id: string }[] }>();
    const csv = parseCsv(await (await exportOf(me, me.accountId, query)).text());
    expect(csv.slice(1).map((r) => r[1])).toEqual(list.data.map((t) => t.id));
    expect(list.data).toHaveLength(2);
  });

  it('streams a long history in chunks, one page of the list at a time', async () => {
    const me = await owner();
    const ids = await seed(
      me.accountId,
      Array.from({ length: 250 }, (_, i) => ({ at: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 1000).toISOString() })),
    );
    const res = await exportOf(me, me.accountId);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let chunks = 0;
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      text += decoder.decode(value, { stream: true });
    }
    expect(chunks).toBeGreaterThanOrEqual(3);
    const exported = parseCsv(text)
      .slice(1)
      .map((r) => r[1]);
    expect(exported).toEqual([...ids].reverse()); // every row once, ties in insertion order, newest first
  });

  it('in remote mode streams the upstream pages, forwarding the filters and the keyset cursor', async () => {
    const { accessToken } = await signIn(uniquePhone());
    const accountId = crypto.randomUUID();
    // One time for every row: a repeated page is refused for its ids, not for its times.
    const tx = (i: number) => transactionRow(accountId, i, { created_at: '2026-03-01T00:00:00.000Z' });
    planFetch((req) => {
      const before = new URL(req.url).searchParams.get('before');
      const start = before ? Number(before.slice(-12)) + 1 : 0;
      const size = start === 0 ? 100 : 30;
      return Response.json({ data: Array.from({ length: size }, (_, k) => tx(start + k)) });
    });
    const res = await app.fetch(
      new Request(`http://app.test/api/transactions/account/${accountId}/export?type=deposit&from=2026-03-01`, { headers: bearer(accessToken) }),
      remoteEnv,
    );
    expect(res.status).toBe(200);
    const rows = parseCsv(await res.text()).slice(1);
    expect(rows).toHaveLength(130);
    expect(rows[129]![4]).toBe('1.29');
    expect(outbound.map((r) => new URL(r.url).search)).toEqual([
      '?type=deposit&from=2026-03-01&limit=100&offset=0',
      `?type=deposit&from=2026-03-01&limit=100&offset=0&before=${tx(99).id}`,
    ]);
  });

  it('in remote mode ends the CSV with an error, in time, when the upstream stalls on a later page (never a download that looks complete)', async () => {
    const { accessToken } = await signIn(uniquePhone());
    const accountId = crypto.randomUUID();
    const tx = (i: number) => transactionRow(accountId, i, { created_at: '2026-03-01T00:00:00.000Z' });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    planFetch((req) =>
      new URL(req.url).searchParams.get('before')
        ? new Promise<Response>((_, reject) => req.signal.addEventListener('abort', () => reject(req.signal.reason)))
        : Response.json({ data: Array.from({ length: 100 }, (_, k) => tx(k)) }),
    );
    const started = Date.now();
    const res = await app.fetch(new Request(`http://app.test/api/transactions/account/${accountId}/export`, { headers: bearer(accessToken) }), {
      ...remoteEnv,
      UPSTREAM_TIMEOUT_MS: '300',
    });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(300 + 1500);
    errors.mockRestore();
  });

  it("answers 404 {message} for another user's account", async () => {
    const victim = await owner();
    await seed(victim.accountId, [{ at: '2026-03-01T00:00:00.000Z' }]);
    const thief = await signIn(uniquePhone());
    const res = await exportOf(thief, victim.accountId);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(await res.json()).toEqual({ message: expect.any(String), code: expect.any(String) });
  });

  it.each(['from=2026-03-02&to=2026-03-01', 'type=all', 'to=2026-02-31', `q=${'x'.repeat(141)}`, 'from='])('answers 400 {message} for %s', async (query) => {
    const me = await owner();
    const res = await exportOf(me, me.accountId, query);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: expect.any(String), code: expect.any(String) });
  });

  it.each([
    ['to', 'to=9999-12-31'],
    ['to', 'to=3000-01-01'],
    ['from', 'from=1999-12-31'],
    ['from', 'from=0000-00-00'],
  ])('answers 400 naming %s for a day outside 2000-01-01..2999-12-31 (%s), on the export and the list', async (field, query) => {
    const me = await owner();
    for (const path of [`/api/transactions/account/${me.accountId}/export?${query}`, `/api/transactions/account/${me.accountId}?${query}`]) {
      const res = await call(path, { headers: bearer(me.accessToken) });
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({ message: expect.stringMatching(new RegExp(`^${field}: `)), code: 'validation_failed' });
    }
  });

  it('takes the first and last allowed days (2000-01-01, 2999-12-31), both inclusive', async () => {
    const me = await owner();
    const [first, last] = await seed(me.accountId, [{ at: '2000-01-01T00:00:00.000Z' }, { at: '2999-12-31T23:59:59.999Z' }]);
    const csv = parseCsv(await (await exportOf(me, me.accountId, 'from=2000-01-01&to=2999-12-31')).text());
    expect(csv.slice(1).map((r) => r[1])).toEqual([last, first]);
    const list = await (
      await call(`/api/transactions/account/${me.accountId}?from=2999-12-31&to=2999-12-31`, { headers: bearer(me.accessToken) })
    ).json<{ data: { id: string }[] }>();
    expect(list.data.map((t) => t.id)).toEqual([last]);
  });

  it('refuses the 11th export of a user within a minute with 429 and Retry-After', async () => {
    const me = await owner();
    let passed = 0;
    let limited: Response | undefined;
    for (let i = 0; i < 25 && !limited; i++) {
      const res = await exportOf(me, me.accountId);
      if (res.status === 429) limited = res;
      else {
        expect(res.status).toBe(200);
        await res.text();
        passed++;
      }
    }
    expect(limited, 'no 429 within 25 exports').toBeDefined();
    expect(passed).toBe(10);
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited!.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await limited!.json()).toEqual({ message: expect.any(String), code: expect.any(String) });
  });
});

describe('the export against an upstream that lies about its pages (remote mode)', () => {
  const tx = transactionRow;
  const page = (accountId: string, start: number, size = 100, extra?: Record<string, unknown>) =>
    Array.from({ length: size }, (_, k) => tx(accountId, start + k, extra));

  /**
   * Reads the export's body to its end, its error, or (an unbounded export) 300 upstream calls, and
   * says which: an export must never need more than MAX_EXPORT_PAGES + 1 calls.
   */
  async function drain(res: Response): Promise<{ end: 'done' | 'error' | 'unbounded'; bytes: number }> {
    const reader = res.body!.getReader();
    let bytes = 0;
    for (;;) {
      if (outbound.length > 300) {
        await reader.cancel();
        return { end: 'unbounded', bytes };
      }
      try {
        const { done, value } = await reader.read();
        if (done) return { end: 'done', bytes };
        bytes += value.byteLength;
      } catch {
        return { end: 'error', bytes };
      }
    }
  }

  async function exportRemote(answer: (before: string | null, limit: number) => unknown[]) {
    const { accessToken } = await signIn(uniquePhone());
    const accountId = crypto.randomUUID();
    planFetch((req) => {
      const q = new URL(req.url).searchParams;
      return Response.json({ data: answer(q.get('before'), Number(q.get('limit'))).map((r) => ({ account_id: accountId, ...(r as object) })) });
    });
    return app.fetch(new Request(`http://app.test/api/transactions/account/${accountId}/export`, { headers: bearer(accessToken) }), remoteEnv);
  }

  it('fails the download after the second upstream call when the upstream answers the same page again (the cursor must advance)', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await exportRemote(() => page('x', 0));
    expect(res.status).toBe(200);
    expect(await drain(res)).toMatchObject({ end: 'error' });
    expect(outbound).toHaveLength(2);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('fails the download when a later page holds a row newer than the cursor, or rows out of order', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // The second page starts over from row 50 (newer than row 99, the cursor).
    let res = await exportRemote((before) => (before ? page('x', 50) : page('x', 0)));
    expect(await drain(res)).toMatchObject({ end: 'error' });
    expect(outbound).toHaveLength(2);
    // The second page moves on, but is not newest first.
    outbound.length = 0;
    res = await exportRemote((before) => (before ? page('x', 100).reverse() : page('x', 0)));
    expect(await drain(res)).toMatchObject({ end: 'error' });
    expect(outbound).toHaveLength(2);
    errors.mockRestore();
  });

  it('answers 502 {message, code} before any byte when the first page is out of order', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await exportRemote(() => page('x', 0).reverse());
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ message: expect.any(String), code: 'upstream_unavailable' });
    errors.mockRestore();
  });

  it.each(['garbage', '2026-11-27 10:00:00'])(
    'answers 502 {message, code} before any byte on the list, the detail and the export when a row has created_at %j',
    async (createdAt) => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { accessToken } = await signIn(uniquePhone());
      const accountId = crypto.randomUUID();
      const lying = { ...tx(accountId, 1), created_at: createdAt };
      planFetch((req) => Response.json({ data: new URL(req.url).pathname.includes('/account/') ? [tx(accountId, 0), lying] : { ...lying, offer: null } }));
      for (const path of [`/api/transactions/account/${accountId}`, `/api/transactions/account/${accountId}/export`, `/api/transactions/${lying.id}`]) {
        const res = await app.fetch(new Request(`http://app.test${path}`, { headers: bearer(accessToken) }), remoteEnv);
        expect(res.status, path).toBe(502);
        expect(await res.json()).toEqual({ message: expect.any(String), code: 'upstream_unavailable' });
      }
      errors.mockRestore();
    },
  );

  it('fails the download when a later page holds a row with created_at "garbage"', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await exportRemote((before) => (before ? [{ ...tx('x', 100), created_at: 'garbage' }] : page('x', 0)));
    expect(res.status).toBe(200);
    expect(await drain(res)).toMatchObject({ end: 'error' });
    errors.mockRestore();
  });

  it(`fails the download past ${MAX_EXPORT_ROWS} rows, after at most ${MAX_EXPORT_PAGES + 1} upstream calls, when the upstream never runs out of rows`, async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await exportRemote((before, limit) => page('x', before ? Number(before.slice(-12)) + 1 : 0, limit));
    const { end } = await drain(res);
    expect(end).toBe('error');
    expect(outbound.length).toBeLessThanOrEqual(MAX_EXPORT_PAGES + 1);
    expect(outbound.length).toBeGreaterThanOrEqual(MAX_EXPORT_PAGES);
    errors.mockRestore();
  });

  it(`exports exactly ${MAX_EXPORT_ROWS} rows, the most it takes, as a complete file`, async () => {
    const res = await exportRemote((before, limit) => {
      const start = before ? Number(before.slice(-12)) + 1 : 0;
      return page('x', start, Math.max(0, Math.min(limit, MAX_EXPORT_ROWS - start)));
    });
    const text = await res.text();
    expect(parseCsv(text)).toHaveLength(MAX_EXPORT_ROWS + 1);
    expect(outbound.length).toBeLessThanOrEqual(MAX_EXPORT_PAGES + 1);
  });

  it(`fails the download before it passes ${MAX_EXPORT_BYTES} bytes`, async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // 100 rows of 40 KB descriptions: 4 MB a page, under the upstream answer's 5 MB bound.
    const description = 'x'.repeat(40_000);
    const res = await exportRemote((before, limit) => page('x', before ? Number(before.slice(-12)) + 1 : 0, limit, { description }));
    const { end, bytes } = await drain(res);
    expect(end).toBe('error');
    expect(bytes).toBeLessThanOrEqual(MAX_EXPORT_BYTES);
    errors.mockRestore();
  });
});

describe('the export of a history with every outcome', () => {
  type Session = Awaited<ReturnType<typeof signIn>>;
  async function ok(who: Session, method: string, path: string, body?: unknown) {
    const res = await apiAs(who, method, path, body);
    if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${res.text}`);
    return res.body.data;
  }
  async function person() {
    const s = await signIn(uniquePhone());
    const accountId = (await ok(s, 'GET', '/api/accounts/user/accounts')).accounts[0].account_id as string;
    const partyId = (await ok(s, 'POST', '/api/wallets/digital-asset', { account_id: accountId })).cantonPartyId as string;
    return { s, accountId, partyId };
  }
  type Person = Awaited<ReturnType<typeof person>>;
  const send = async (from: Person, to: Person, amount: string) =>
    (await ok(from.s, 'POST', '/api/wallets/canton/send', { account_id: from.accountId, receiver_party: to.partyId, amount })).offerId as string;

  it('says which rows moved money, and those rows add up to the change of what each side owns', async () => {
    const [ana, bo] = [await person(), await person()];
    // Faucet: one offer accepted (completed), one left pending.
    for (const p of [ana, bo]) {
      await ok(p.s, 'POST', '/api/wallets/transfer', { account_id: p.accountId, amount: '50' });
      await ok(p.s, 'POST', '/api/wallets/auto-accept', { account_id: p.accountId });
    }
    await ok(ana.s, 'POST', '/api/wallets/transfer', { account_id: ana.accountId, amount: '100' });
    // Completed both ways.
    await ok(bo.s, 'POST', `/api/wallets/canton/offers/${await send(ana, bo, '5')}/accept`, { account_id: bo.accountId });
    await ok(ana.s, 'POST', `/api/wallets/canton/offers/${await send(bo, ana, '3')}/accept`, { account_id: ana.accountId });
    // Rejected by the receiver, withdrawn by the sender.
    await ok(bo.s, 'POST', `/api/wallets/canton/offers/${await send(ana, bo, '2')}/reject`, { account_id: bo.accountId });
    await ok(ana.s, 'POST', `/api/wallets/canton/offers/${await send(ana, bo, '1')}/withdraw`, { account_id: ana.accountId });
    // Expired: its deadline passed, and the sender's next send (left pending) expires it.
    const lapsed = await send(ana, bo, '4');
    await db()
      .prepare('UPDATE ledger_transfer_offers SET expires_at = ? WHERE id = ?')
      .bind(new Date(Date.now() - 1000).toISOString(), lapsed)
      .run();
    await send(ana, bo, '0.5');
    await send(bo, ana, '6');

    for (const [who, outcomes] of [
      [ana, 9],
      [bo, 8],
    ] as const) {
      const rows = parseCsv(await (await exportOf(who.s, who.accountId)).text());
      const records = rows.slice(1).map((r) => Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, r[i]!])));
      expect(records).toHaveLength(outcomes);
      // Every outcome is there.
      expect(new Set(records.map((r) => `${r.status} ${r.status_reason}`))).toEqual(
        new Set(['COMPLETED ', 'PENDING ', 'FAILED rejected', 'CANCELLED withdrawn', 'CANCELLED expired']),
      );
      for (const r of records) expect(r.moved_money, `${r.status} ${r.status_reason}`).toBe(r.status === 'COMPLETED' ? 'yes' : 'no');
      // Both started at zero: the rows that moved money add up to what the party owns now, its
      // available CC and its CC locked in its own pending offers (an incoming offer is not its yet).
      const signedUnits = (text: string) => (text.startsWith('-') ? -parseUnits(text.slice(1), LEDGER_SCALE) : parseUnits(text, LEDGER_SCALE));
      const moved = records.filter((r) => r.moved_money === 'yes').reduce((sum, r) => sum + signedUnits(r.asset_amount!), 0n);
      const now = await ok(who.s, 'GET', `/api/wallets/canton/balance/${who.partyId}`);
      expect(formatUnits(moved, LEDGER_SCALE)).toBe(formatUnits(parseUnits(now.balance, LEDGER_SCALE) + parseUnits(now.locked, LEDGER_SCALE), LEDGER_SCALE));
    }
  });

  it("says which of the USD account's and New Transaction's rows moved money, and they add up to the dollars held and the CC owned", async () => {
    const p = await person();
    await ok(p.s, 'POST', '/api/identity-verification', {
      first_name: 'Ana',
      last_name: 'Pérez',
      date_of_birth: '1990-04-12',
      country: 'AR',
      document_type: 'passport',
      document_number: 'P12345678',
      consent: true,
    });
    const usd = `/api/usd/accounts/${p.accountId}`;
    await ok(p.s, 'POST', '/api/usd/accounts', { account_id: p.accountId });
    const bank = (
      await ok(p.s, 'POST', `${usd}/bank-accounts`, {
        holder_name: 'Ana Pérez',
        bank_name: 'First Test Bank',
        account_number: '000123456789',
        routing_number: '021000021',
      })
    ).id as string;
    await ok(p.s, 'POST', `${usd}/deposits`, { amount: '100.00', rail: 'bank' });
    await ok(p.s, 'POST', `${usd}/deposits`, { amount: '25.50', rail: 'card' });
    await ok(p.s, 'POST', `${usd}/withdrawals`, { amount: '7.25', bank_account_id: bank });
    await settleWithdrawals(env, Date.now() + WITHDRAWAL_SETTLE_MS);
    const cancelled = await ok(p.s, 'POST', `${usd}/withdrawals`, { amount: '5.00', bank_account_id: bank });
    await ok(p.s, 'POST', `${usd}/withdrawals/${cancelled.id}/cancel`, {});
    await ok(p.s, 'POST', `${usd}/withdrawals`, { amount: '10.00', bank_account_id: bank });
    const wallet = (await ok(p.s, 'GET', `/api/wallets/canton/parties`)).find((x: { partyId: string }) => x.partyId === p.partyId).walletId as string;
    const quote = await ok(p.s, 'POST', '/api/quotes', { amount_usd: '20.00', onramp_provider: 'apple_pay', wallet_id: wallet, destination_asset: 'CC' });
    await ok(p.s, 'POST', `/api/quotes/${quote.id}/execute`);

    const rows = parseCsv(await (await exportOf(p.s, p.accountId)).text());
    const records = rows.slice(1).map((r) => Object.fromEntries(CSV_COLUMNS.map((c, i) => [c, r[i]!])));
    expect(records.map((r) => [r.type, r.status, r.amount, r.asset, r.network, r.moved_money])).toEqual([
      ['deposit', 'COMPLETED', '20.00', 'CC', 'canton', 'yes'],
      ['withdrawal', 'PENDING', '-10.00', 'USD', 'ach', 'no'],
      ['withdrawal', 'CANCELLED', '-5.00', 'USD', 'ach', 'no'],
      ['withdrawal', 'COMPLETED', '-7.25', 'USD', 'ach', 'yes'],
      ['deposit', 'COMPLETED', '25.50', 'USD', 'card', 'yes'],
      ['deposit', 'COMPLETED', '100.00', 'USD', 'ach', 'yes'],
    ]);
    const moved = records.filter((r) => r.moved_money === 'yes');
    // Dollars: the USD rows that moved money add up to what the USD account holds (available, and
    // reserved for the pending withdrawal).
    const dollars = moved
      .filter((r) => r.asset === 'USD')
      .reduce((sum, r) => sum + (r.amount!.startsWith('-') ? -1n : 1n) * parseUnits(r.amount!.replace('-', ''), 2), 0n);
    const held = await ok(p.s, 'GET', usd);
    expect(dollars).toBe(BigInt(held.available_cents + held.pending_cents));
    // CC: the purchase is all the party owns.
    const cc = moved.filter((r) => r.asset === 'CC').reduce((sum, r) => sum + parseUnits(r.asset_amount!, LEDGER_SCALE), 0n);
    const now = await ok(p.s, 'GET', `/api/wallets/canton/balance/${p.partyId}`);
    expect(formatUnits(cc, LEDGER_SCALE)).toBe(formatUnits(parseUnits(now.balance, LEDGER_SCALE) + parseUnits(now.locked, LEDGER_SCALE), LEDGER_SCALE));
  });
});
