// Exactly-once money movement from the user's side, end to end: the client's intent runner
// (src/lib/idempotency.ts) against the real Worker, BFF and embedded core on D1. The first try
// reaches the server and commits, then its answer is lost (a network error, or a gateway timeout);
// the retry with the same Idempotency-Key must be answered from the stored first answer.
import { describe, expect, it } from 'vitest';
import { sendIntent } from '../../../src/lib/idempotency';
import { bearer, signIn, uniquePhone } from '../auth';
import { createUserWithParty } from '../fixtures';
import { call } from '../helpers';

const noWait = { sleep: async () => {} };

async function signedInWithParty() {
  const session = await signIn(uniquePhone());
  const fixture = await createUserWithParty(undefined, session.userId);
  const get = async (path: string) => {
    const res = await call(`/api${path}`, { headers: bearer(session.accessToken) });
    expect(res.status).toBe(200);
    return (await res.json<{ data: any }>()).data;
  };
  const post = (path: string, body: unknown, key: string) =>
    call(`/api${path}`, {
      method: 'POST',
      headers: bearer(session.accessToken, { 'content-type': 'application/json', 'idempotency-key': key }),
      body: JSON.stringify(body),
    });
  return { ...fixture, get, post };
}

describe('a retried money movement after a lost answer', () => {
  it('a retried transfer after a lost answer moves money once', async () => {
    const u = await signedInWithParty();
    const sent: { key: string; body: string }[] = [];
    const res = await sendIntent(async (key) => {
      const answer = await u.post('/wallets/transfer', { account_id: u.accountId, amount: '100' }, key);
      const body = await answer.text();
      sent.push({ key, body });
      // The server committed; the reply never reaches the page.
      if (sent.length === 1) throw new TypeError('Network connection lost');
      return new Response(body, answer);
    }, noWait);

    expect(res.status).toBe(200);
    expect(sent).toHaveLength(2);
    const party = encodeURIComponent(u.partyId);
    expect((await u.get(`/wallets/canton/balance/${party}`)).pendingIncoming).toBe('100.0000000000');
    // The same body: the stored first answer (same offer id), not a second offer.
    expect(sent[1]!.body).toBe(sent[0]!.body);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    const offer = JSON.parse(sent[0]!.body).data;
    expect(offer).toMatchObject({ amount: '100.0000000000', toPartyId: u.partyId, status: 'PENDING' });
    const txs = await u.get(`/transactions/account/${u.accountId}`);
    expect(txs.filter((t: { type: string }) => t.type === 'transfer')).toHaveLength(1);

    const accepted = await u.post('/wallets/auto-accept', { account_id: u.accountId }, crypto.randomUUID());
    expect((await accepted.json<{ data: { contractsAccepted: number } }>()).data.contractsAccepted).toBe(1);
    expect((await u.get(`/wallets/canton/balance/${party}`)).balance).toBe('100.0000000000');
    const holdings = await u.get(`/wallets/canton/parties/${party}/assets`);
    expect(holdings).toEqual([expect.objectContaining({ symbol: 'CC', balance: '100.0000000000' })]);

    // A new intent (a new key) is a new transfer.
    const again = await sendIntent((key) => u.post('/wallets/transfer', { account_id: u.accountId, amount: '100' }, key), noWait);
    expect(again.status).toBe(200);
    expect((await u.get(`/wallets/canton/balance/${party}`)).pendingIncoming).toBe('100.0000000000');
    expect((await u.get(`/transactions/account/${u.accountId}`)).filter((t: { type: string }) => t.type === 'transfer')).toHaveLength(2);
  });

  it('a transfer answered 504 after the server committed is retried with its key and moves money once', async () => {
    const u = await signedInWithParty();
    const keys: string[] = [];
    const res = await sendIntent(async (key) => {
      keys.push(key);
      const answer = await u.post('/wallets/transfer', { account_id: u.accountId, amount: '100' }, key);
      // A gateway between the page and the Worker timed out after the Worker had answered.
      if (keys.length === 1) return Response.json({ message: 'Gateway timeout' }, { status: 504 });
      return answer;
    }, noWait);

    expect(res.status).toBe(200);
    const party = encodeURIComponent(u.partyId);
    expect((await u.get(`/wallets/canton/balance/${party}`)).pendingIncoming).toBe('100.0000000000');
    expect(keys).toEqual([keys[0], keys[0]]);
  });
});
