// The live channel in remote mode (UPSTREAM_API_URL set): whether the party is the caller's is asked
// of the upstream through the port's declared GET /wallets/canton/parties, with the caller's own
// token and id, exactly as in the embedded default; a party the upstream does not list is 404, and
// an upstream failure refuses the upgrade (502) rather than letting it through.
import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { app } from '../../../src/worker/index';
import { LIVE_SUBPROTOCOL } from '../../../src/shared/realtime';
import { signIn, uniquePhone } from '../auth';
import { installFetchGuard, outbound, planFetch } from '../network';

installFetchGuard();

const remoteEnv = { ...env, UPSTREAM_API_URL: 'http://upstream.test/v1' };
const MINE = `mine::1220${'c'.repeat(64)}`;
const THEIRS = `theirs::1220${'d'.repeat(64)}`;

const party = (partyId: string) => ({
  partyId,
  hint: 'mine',
  keyKind: 'hosted',
  accountId: crypto.randomUUID(),
  accountName: 'Savings',
  walletId: crypto.randomUUID(),
  createdAt: '2026-11-20T10:00:00.000Z',
});

const upgrade = (partyId: string, token: string) =>
  app.fetch(
    new Request(`http://app.test/api/live?party=${encodeURIComponent(partyId)}`, {
      headers: { upgrade: 'websocket', origin: 'http://app.test', 'sec-websocket-protocol': `${LIVE_SUBPROTOCOL}, bearer.${token}` },
    }),
    remoteEnv,
  );

describe('GET /api/live in remote mode', () => {
  it("asks the upstream for the caller's parties and upgrades only for one of them", async () => {
    const { accessToken, userId } = await signIn(uniquePhone());
    planFetch(() => Response.json({ data: [party(MINE)] }));
    const res = await upgrade(MINE, accessToken);
    expect(res.status).toBe(101);
    res.webSocket!.accept();
    res.webSocket!.close(1000, 'done');
    expect(outbound).toHaveLength(1);
    expect(outbound[0]!.url).toBe('http://upstream.test/v1/wallets/canton/parties');
    expect(outbound[0]!.headers.get('authorization')).toBe(`Bearer ${accessToken}`);
    expect(outbound[0]!.headers.get('x-user-id')).toBe(userId);

    expect((await upgrade(THEIRS, accessToken)).status).toBe(404);
  });

  it('refuses the upgrade when the upstream fails (502), never letting it through', async () => {
    const { accessToken } = await signIn(uniquePhone());
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    planFetch(() => Response.json({ message: 'down' }, { status: 503 }));
    const res = await upgrade(MINE, accessToken);
    expect(res.status).toBe(502);
    expect(res.webSocket).toBeNull();
    errors.mockRestore();
  });
});
