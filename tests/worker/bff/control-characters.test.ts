// Control characters in free text: every free-text field of a request refuses C0 controls (a
// multi-line field keeps tab, LF and CR), DEL, C1, lone surrogates and, on one line, U+2028/2029,
// with a 400 naming the field, and nothing is written. A NUL once reached D1, where SQLite's length()
// stops at it and a table's length check failed: a 500.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { app } from '../../../src/worker/index';
import { bearer, signIn, uniquePhone } from '../auth';
import { dbDigest } from '../db-snapshot';

// Every limiter lets everything through: this file sends many writes as one user.
const testEnv = env as unknown as Record<string, unknown>;
// No limiter (without its binding every request passes): the file sends hundreds of writes as one user.
const openEnv = { ...testEnv, RATE_LIMITER: undefined } as unknown as Cloudflare.Env;

async function apiAs(who: { accessToken: string }, method: string, path: string, body?: unknown) {
  const res = await app.fetch(
    new Request(`http://app.test${path}`, {
      method,
      headers: { ...bearer(who.accessToken), 'content-type': 'application/json', 'cf-connecting-ip': '198.18.0.2' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    openEnv,
  );
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : undefined };
}

let who: { accessToken: string; userId: string };
let accountId: string;
let ticketId: string;

beforeAll(async () => {
  who = await signIn(uniquePhone());
  accountId = (await apiAs(who, 'GET', '/api/accounts/user/accounts')).body.data.accounts[0].account_id;
  ticketId = (await apiAs(who, 'POST', '/api/support/tickets', { title: 'Help', description: 'Please help' })).body.data.id;
});

const CONTROLS: [string, string][] = [
  ['NUL', '\u0000'],
  ['BEL', '\u0007'],
  ['ESC', '\u001b'],
  ['DEL', '\u007f'],
  ['C1 NEL', '\u0085'],
  ['C1 CSI', '\u009b'],
  ['a lone high surrogate', '\uD800'],
  ['a lone low surrogate', '\uDC00'],
];
const LINE_ONLY: [string, string][] = [
  ['LF', '\n'],
  ['CR', '\r'],
  ['TAB', '\t'],
  ['U+2028', '\u2028'],
];

/** [request, field, body with the field set to `text`]. */
const SINGLE_LINE_FIELDS: [string, string, string, (text: string) => unknown][] = [
  ['POST /api/feature-requests', 'title', '/api/feature-requests', (t) => ({ title: `Idea ${t} here`, description: 'A description long enough' })],
  [
    'POST /api/feature-requests',
    'category',
    '/api/feature-requests',
    (t) => ({ title: 'Idea here', description: 'A description long enough', category: `Mar${t}ket` }),
  ],
  ['POST /api/support/tickets', 'title', '/api/support/tickets', (t) => ({ title: `Help ${t} me`, description: 'Please' })],
  ['POST /api/accounts/user/create-account', 'accountName', '/api/accounts/user/create-account', (t) => ({ accountName: `Sav${t}ings` })],
  [
    'POST /api/accounts/user/create-account',
    'accountDescription',
    '/api/accounts/user/create-account',
    (t) => ({ accountName: 'Savings', accountDescription: `For ${t} later` }),
  ],
  ['POST /api/wallets', 'label', '/api/wallets', (t) => ({ account_id: accountId, label: `My ${t} wallet` })],
];
const MULTI_LINE_FIELDS: [string, string, string, (text: string) => unknown][] = [
  ['POST /api/feature-requests', 'description', '/api/feature-requests', (t) => ({ title: 'Idea here', description: `A description ${t} long enough` })],
  ['POST /api/support/tickets', 'description', '/api/support/tickets', (t) => ({ title: 'Help', description: `Please ${t} help` })],
  ['POST /api/support/tickets/{id}/comments', 'content', '', (t) => ({ content: `Thanks ${t} a lot` })],
];
const pathOf = (path: string) => path || `/api/support/tickets/${ticketId}/comments`;

async function expectRefused(method: string, path: string, body: unknown, field: string) {
  const before = await dbDigest();
  const r = await apiAs(who, method, path, body);
  expect(r.status, r.text).toBe(400);
  expect(r.body.code).toBe('validation_failed');
  expect(r.body.message).toMatch(new RegExp(`^${field}: `));
  expect(await dbDigest()).toEqual(before);
}

describe('free text refuses control characters with a 400 naming the field', () => {
  for (const [route, field, path, body] of [...SINGLE_LINE_FIELDS, ...MULTI_LINE_FIELDS]) {
    it.each(CONTROLS)(`${route} ${field} with %s: 400, nothing written`, async (_name, ch) => {
      await expectRefused('POST', pathOf(path), body(ch), field);
    });
  }
  for (const [route, field, path, body] of SINGLE_LINE_FIELDS) {
    it.each(LINE_ONLY)(`${route} ${field} (one line) with %s: 400`, async (_name, ch) => {
      await expectRefused('POST', pathOf(path), body(ch), field);
    });
  }

  it('PATCH /api/feature-requests/{id} and PUT /api/support/tickets/{id} refuse a NUL in the title', async () => {
    const fr = await apiAs(who, 'POST', '/api/feature-requests', { title: 'Idea here', description: 'A description long enough' });
    await expectRefused('PATCH', `/api/feature-requests/${fr.body.data.id}`, { title: 'Idea\u0000 there' }, 'title');
    await expectRefused('PUT', `/api/support/tickets/${ticketId}`, { title: 'Help\u0000' }, 'title');
    await expectRefused('PUT', `/api/accounts/user/accounts/${accountId}/metadata`, { accountName: 'A\u0000' }, 'accountName');
  });

  it('the search queries refuse a NUL too (feature-request search, transactions q)', async () => {
    for (const path of [`/api/feature-requests?search=a%00b`, `/api/transactions/account/${accountId}?q=a%00b`]) {
      const r = await apiAs(who, 'GET', path);
      expect(r.status, r.text).toBe(400);
      expect(r.body.message).toMatch(/^(search|q): /);
    }
  });
});

describe('what free text keeps', () => {
  it('multi-line fields keep LF, CR and tab; every field keeps accents, emoji and paired surrogates', async () => {
    const fr = await apiAs(who, 'POST', '/api/feature-requests', { title: 'Idée 😀 ñ', description: 'Line one\r\nLine\ttwo\nthree 😀' });
    expect(fr.status, fr.text).toBe(200);
    expect(fr.body.data.description).toBe('Line one\r\nLine\ttwo\nthree 😀');
    const comment = await apiAs(who, 'POST', `/api/support/tickets/${ticketId}/comments`, { content: 'a\nb\tc' });
    expect(comment.status, comment.text).toBeLessThan(300);
  });

  it('a title with a trailing newline is still trimmed, not refused', async () => {
    const fr = await apiAs(who, 'POST', '/api/feature-requests', { title: 'Trimmed idea\n', description: 'A description long enough' });
    expect(fr.status, fr.text).toBe(200);
    expect(fr.body.data.title).toBe('Trimmed idea');
  });
});
