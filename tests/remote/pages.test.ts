// Remote mode, the signed-in pages rendered on the Worker against an upstream that stalls
// or lies: every page still answers 200 in time (each read gives up at UPSTREAM_TIMEOUT_MS, and a
// read that failed starts none of the reads that need it), private, under the strict page CSP, with
// its heading and without the parts it could not read (the islands load those), never a 5xx and
// never the upstream's error text. And what a lying upstream writes inside a valid answer (a name
// with markup) reaches the HTML as text only.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAIN_NAV, SETTINGS_NAV } from '../../src/islands/shell/nav';
import { appRequest, oneAccountAnswer, remote, sessionCookie, signToken, useStandIns, type Answer, type Received } from './stand-ins';

const s = useStandIns((ins) => {
  ins.upstream.answer(() => ({ status: 404, body: { message: 'Not found' } }));
});

/**
 * Every signed-in page the Worker renders with the user's data: each the navigation links to, the
 * wallet and an asset page, and onboarding.
 */
const PAGES = [
  ...new Set([...MAIN_NAV, ...SETTINGS_NAV].map((item) => item.href)),
  '/accounts/digital-assets',
  '/accounts/digital-assets/CC',
  '/accounts/usd',
  '/accounts/brokerage',
  '/onboarding',
];

async function pagesFor(token: string, sub: string) {
  return Promise.all(
    PAGES.map(async (path) => ({ path, ...(await appRequest('GET', path, { headers: { cookie: sessionCookie(token, sub), 'accept-language': 'en' } })) })),
  );
}

/**
 * The wallet pages' screen is the wallet: when its reads failed the island shows its own loading
 * state in the HTML and reads the wallet itself (the spec's loading spinner, for what is really
 * still loading); every other page has its heading whatever the upstream did.
 */
const LOADS_ITS_SCREEN = new Set(['/accounts/digital-assets', '/accounts/digital-assets/CC']);

function expectServedPage(page: Awaited<ReturnType<typeof pagesFor>>[number]) {
  expect(page.status, `${page.path}: ${page.text.slice(0, 300)}`).toBe(200);
  expect(page.headers['cache-control'], page.path).toBe('private, no-store');
  const csp = String(page.headers['content-security-policy']);
  expect(csp, page.path).toContain("script-src 'self' 'sha256-");
  expect(csp, page.path).not.toContain('unsafe-inline');
  // The shell (the app's or the settings' navigation, the main landmark) always; the screen's
  // heading, or its island's loading state.
  expect(page.text, page.path).toMatch(/aria-label="(Main|Settings) navigation"/);
  expect(page.text, page.path).toContain('<main id="main"');
  if (LOADS_ITS_SCREEN.has(page.path)) expect(page.text, page.path).toMatch(/<h1|role="status"/);
  else expect(page.text, page.path).toContain('<h1');
  // Never a full-screen spinner (the static build's or the gate's): a part that failed shows its own.
  expect(page.text, page.path).not.toMatch(/class="fixed inset-0 [^"]*"[^>]* role="status"/);
}

describe('remote mode: a signed-in page rendered on the Worker when its upstream reads fail', () => {
  it.each([
    ['sends no headers', { stall: 'headers' }],
    ['sends its headers and then stalls the body', { stall: 'body' }],
    ["answers 200 with what is not the route's answer", { status: 200, body: { data: { accounts: 'x', name: 42 } } }],
    ['answers 500 with a stack', { status: 500, body: { message: 'upstream exploded', stack: 'Error: upstream exploded\n    at db.ts:42' } }],
  ] as [string, Answer][])("answers every page 200 in time with its shell and none of the upstream's text when the upstream %s", async (_, answer) => {
    s.upstream.answer(() => answer);
    const me = await signToken();
    const pages = await pagesFor(me.token, me.sub);
    for (const page of pages) {
      expectServedPage(page);
      expect(page.text, page.path).not.toContain('upstream exploded');
      expect(page.text, page.path).not.toContain('db.ts');
      // In time: the upstream's timeout (plus the asset chart's 100 ms grace), with a margin for sixteen
      // pages rendered at once on a busy 2-core machine.
      expect(page.ms, page.path).toBeLessThan(remote().upstreamTimeoutMs + 4000);
    }
    // The pages did ask the upstream, as the user; and a failed read started none that need it (no
    // account list, so no read of an account's wallet or history; the market's Canton asset list
    // is everyone's and needs none).
    const sent = s.upstream.take().filter((r) => r.path.startsWith(`${remote().upstreamBasePath}/`));
    const paths = sent.map((r) => r.path.slice(remote().upstreamBasePath.length));
    expect(paths).toContain('/accounts/user/accounts');
    expect(paths.filter((p) => /^\/(transactions|wallets)\//.test(p) && p !== '/wallets/canton/assets')).toEqual([]);
    for (const r of sent) expect(r.headers['x-user-id']).toBe(me.sub);
  });
});

describe('remote mode: what the upstream writes inside a valid answer reaches a page as text', () => {
  const MARKUP = '<img src=x onerror=alert(1)></script><script>alert(2)</script>';

  it('escapes a profile and an account name with markup in the HTML and in the island props', async () => {
    const me = await signToken();
    const now = new Date().toISOString();
    const accountId = randomUUID();
    const base = remote().upstreamBasePath;
    s.upstream.answer((req: Received) => {
      if (req.path === `${base}/accounts/${me.sub}`) {
        const profile = {
          id: me.sub,
          name: `Ana ${MARKUP}`,
          language: 'en',
          first_name: null,
          last_name: null,
          address: null,
          idv: null,
          idv_status: null,
          created_at: now,
          updated_at: now,
        };
        return { status: 200, body: { data: profile } };
      }
      if (req.path === `${base}/accounts/user/accounts`) return oneAccountAnswer(me.sub, accountId, `Cuenta ${MARKUP}`);
      return { status: 404, body: { message: 'Not found' } };
    });
    const pages = await pagesFor(me.token, me.sub);
    for (const page of pages) {
      expectServedPage(page);
      // The names did reach the page (escaped), and never as markup.
      expect(page.text, page.path).toContain('Cuenta &lt;img src=x');
      expect(page.text, page.path).not.toContain('<img src=x');
      expect(page.text, page.path).not.toContain('<script>alert(2)');
      expect(page.text, page.path).not.toMatch(/<\/script><script>alert/);
    }
  });
});
