// Remote mode, upstream answers: an upstream that lies (a success that is not the route's answer)
// or stalls past UPSTREAM_TIMEOUT_MS gives the client 502 {message}, in time; an upstream error
// reaches the client as its {message} only (no stack, no other field); the CSV export fails its
// download against an upstream that repeats a page instead of paging it forever.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appRequest, authHeaders, remote, signToken, useStandIns, type Answer } from './stand-ins';
import { transactionRow } from '../transaction-rows';

const s = useStandIns();

/** A read and a write, each through the stand-in upstream once. */
const CALLS = [
  { method: 'GET', path: '/api/accounts/user/accounts', upstream: '/accounts/user/accounts' },
  { method: 'POST', path: '/api/support/tickets', upstream: '/support/tickets', body: { title: 'Card', description: 'Where is my card?' } },
] as const;

async function callWith(answer: Answer, call: (typeof CALLS)[number]) {
  s.upstream.answer(() => answer);
  const { token } = await signToken();
  const res = await appRequest(call.method, call.path, { headers: authHeaders(token), body: 'body' in call ? call.body : undefined });
  // The answer under test came from the stand-in: the call did reach it, once.
  expect(s.upstream.take().map((r) => `${r.method} ${r.path}`)).toEqual([`${call.method} ${remote().upstreamBasePath}${call.upstream}`]);
  return res;
}

describe('remote mode: what the upstream answers is checked before it reaches the client', () => {
  const lies: [string, Answer][] = [
    ['200 with [1,2,3]', { status: 200, body: [1, 2, 3] }],
    ['200 with an empty body', { status: 200, body: '' }],
    ['200 with {} (no data)', { status: 200, body: {} }],
    ['204 without a body', { status: 204 }],
  ];
  for (const call of CALLS) {
    it.each(lies)(`answers 502 {message} to ${call.method} ${call.path} when the upstream answers %s`, async (_, answer) => {
      const res = await callWith(answer, call);
      expect(res.status, res.text).toBe(502);
      expect(res.json).toEqual({ message: expect.any(String), code: 'upstream_unavailable' });
    });

    it(`forwards only the {message} of an upstream 400 to ${call.method} ${call.path} (no stack, no other field)`, async () => {
      const res = await callWith(
        { status: 400, body: { message: 'Account name is taken', stack: 'Error: Account name is taken\n    at db.ts:42', query: 'SELECT * FROM accounts' } },
        call,
      );
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: 'Account name is taken', code: 'validation_failed' });
    });

    it.each([
      ['sends no headers', { stall: 'headers' }],
      ['sends its headers and then stalls the body', { stall: 'body' }],
    ] as [string, Answer][])(
      `answers 502 {message} to ${call.method} ${call.path} in time when the upstream %s past UPSTREAM_TIMEOUT_MS`,
      async (_, answer) => {
        const res = await callWith(answer, call);
        expect(res.status, res.text).toBe(502);
        expect(res.json).toEqual({ message: expect.any(String), code: 'upstream_unavailable' });
        // The Worker gives up at UPSTREAM_TIMEOUT_MS (1.5 s here); the margin covers a busy 2-core machine.
        expect(res.ms).toBeGreaterThanOrEqual(remote().upstreamTimeoutMs - 100);
        expect(res.ms).toBeLessThan(remote().upstreamTimeoutMs + 3000);
      },
    );
  }
});

describe('remote mode: the CSV export against an upstream that repeats its pages', () => {
  it('fails the download after two upstream calls when every page is the same 100 rows (the keyset cursor must advance)', async () => {
    const accountId = randomUUID();
    const same = Array.from({ length: 100 }, (_, i) => transactionRow(accountId, i));
    // A guard for the test itself: after 300 calls the stand-in ends the history (an unbounded export).
    s.upstream.answer(() => ({ status: 200, body: { data: s.upstream.received.length > 300 ? [] : same } }));
    const { token } = await signToken();
    const res = await fetch(`${remote().baseURL}/api/transactions/account/${accountId}/export`, { headers: authHeaders(token) });
    expect(res.status).toBe(200);
    const ended = await res.text().then(
      () => 'complete',
      () => 'failed',
    );
    expect({ calls: s.upstream.take().length, ended }).toEqual({ calls: 2, ended: 'failed' });
  });
});
