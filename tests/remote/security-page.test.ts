// Remote mode, /settings/security rendered on the Worker: with a Supabase session in the
// cookie, the page's HTML lists the sessions GET /api/sessions answers for that session (the ones the
// BFF has seen, this one first and marked), another user's never, and starts no read of them from
// the head; the shell's reads go to the stand-in upstream meanwhile.
import { describe, expect, it } from 'vitest';
import { appRequest, authHeaders, remote, sessionCookie, signToken, useStandIns } from './stand-ins';

const s = useStandIns((ins) => {
  ins.upstream.answer(() => ({ status: 404, body: { message: 'Not found' } }));
});

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const sessionIdOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).session_id as string;

type Listed = { id: string; current: boolean; browser: string | null };

async function listed(token: string, ua: string): Promise<Listed[]> {
  const res = await appRequest('GET', '/api/sessions', { headers: authHeaders(token, { 'user-agent': ua }) });
  expect(res.status).toBe(200);
  return res.json.data as Listed[];
}

describe("remote mode: /settings/security's sessions in the HTML", () => {
  it("lists the sessions GET /api/sessions answers for the cookie's session, this one marked, and no other user's", async () => {
    const me = await signToken();
    const laptop = await signToken({ sub: me.sub });
    const stranger = await signToken();
    // The BFF notes a session's activity after its answer: wait until the laptop is listed.
    await listed(laptop.token, WINDOWS);
    await listed(stranger.token, WINDOWS);
    await expect.poll(async () => (await listed(me.token, ANDROID)).map((r) => r.id)).toContain(sessionIdOf(laptop.token));

    const page = await appRequest('GET', '/settings/security', { headers: { cookie: sessionCookie(me.token, me.sub), 'user-agent': ANDROID } });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const api = await listed(me.token, ANDROID);
    expect(api.map((r) => [r.id, r.current])).toEqual([
      [sessionIdOf(me.token), true],
      [sessionIdOf(laptop.token), false],
    ]);
    // The HTML's rows, in order, are the API's: this one marked current.
    const rows = [...page.text.matchAll(/<li data-session-id="([^"]+)"( data-current="true")?/g)].map((m) => [m[1], Boolean(m[2])]);
    expect(rows).toEqual(api.map((r) => [r.id, r.current]));
    expect(page.text).not.toContain(sessionIdOf(stranger.token));
    expect(page.text).not.toContain('/api/sessions');
    // The shell's reads went to the upstream, as the user.
    const sent = s.upstream.take();
    expect(sent.map((r) => r.path)).toContain(`${remote().upstreamBasePath}/accounts/user/accounts`);
    for (const r of sent) expect(r.headers['x-user-id']).toBe(me.sub);
  });
});
