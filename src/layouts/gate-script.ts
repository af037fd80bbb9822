// The signed-in pages' early script (src/layouts/AppLayout.astro): it reads the cookie session at
// once, empties a page the back/forward cache restores after sign-out, and starts the page's first
// API reads while the JavaScript downloads. One text for both kinds of page: a prerendered page's
// build hashes it into its CSP <meta> (src/integrations/security-headers.ts); a page rendered on the
// Worker adds its hash to its own policy (gateScriptHash), since Astro hashes no is:inline script.
// The text holds only the app's constants and the page's own API paths, never request data.

import { SESSION_MARGIN_MS } from '../lib/auth-storage';
import { AUTH_COOKIE_NAME } from '../shared/session-cookie';
import { ACTIVE_ACCOUNT_HINT_KEY } from '../lib/prefetch-hints';

export interface GateScriptVars {
  /** GETs the page's island makes as it starts (`{account}`: the active account this device remembers). */
  prefetch: string[];
  /** Rendered on the Worker: the account reads came with the page and are not made again. */
  served: boolean;
  authKey: string;
  marginMs: number;
  hintKey: string;
}

const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function gateScript(vars: GateScriptVars): string {
  const decls = Object.entries(vars)
    .map(([name, value]) => `const ${name} = ${json(value)};`)
    .join(' ');
  return `(function(){${decls}\n${SCRIPT}})();`;
}

/** The texts already built, by their first reads (a page's constants: a handful of keys per isolate). */
const pageScripts = new Map<string, string>();

/** The script of a signed-in page with these first reads (served: rendered on the Worker). */
export function pageGateScript(prefetch: string[], served: boolean): string {
  // The same reads give the same text for every user: an isolate builds each text once.
  const key = `${served}|${JSON.stringify(prefetch)}`;
  let text = pageScripts.get(key);
  if (text === undefined) {
    text = gateScript({ prefetch, served, authKey: AUTH_COOKIE_NAME, marginMs: SESSION_MARGIN_MS, hintKey: ACTIVE_ACCOUNT_HINT_KEY });
    pageScripts.set(key, text);
  }
  return text;
}

/** The hashes of the served script by its first reads (a page's constants: a handful of keys). */
const servedHashes = new Map<string, Promise<`sha256-${string}`>>();

/**
 * The CSP source (`sha256-…`) of the script a page rendered on the Worker sends. The page's own
 * frontmatter adds it (Astro.csp.insertScriptHash): Astro fixes the policy header before the layout
 * renders, so the layout cannot add it itself.
 */
export function servedGateScriptHash(prefetch: string[]): Promise<`sha256-${string}`> {
  // The same first reads give the same text for every user: an isolate hashes each text once.
  const key = JSON.stringify(prefetch);
  let hash = servedHashes.get(key);
  if (!hash) {
    hash = crypto.subtle
      .digest('SHA-256', new TextEncoder().encode(pageGateScript(prefetch, true)))
      .then((digest) => `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}` as const);
    servedHashes.set(key, hash);
  }
  return hash;
}

// The time zone: Temporal's reading costs nothing (no ICU), so it is done at once where the browser
// has it. Intl's is the renderer's first Intl call, which starts ICU (~45 ms on the bench's 4x slower
// phone): inline it made the parser's task around the first paint a long one, so where it is the
// only way it runs in a task of its own (setTimeout; Total Blocking Time, 5 Lighthouse runs each:
// inline 12/0/78/0/0 and 76/9/29/0/31 ms, in a task of its own 53/0/6/0/2 ms). The tz cookie is
// written only when it is new or has changed. (Comments here stay out of the script: it is in every
// signed-in page; those in it are taken out with its indentation: SCRIPT, below.)
const BODY = String.raw`// The page's cookies by name (the first of a name wins).
function cookieJar() {
  var jar = {};
  document.cookie.split(';').forEach(function (p) {
    var i = p.indexOf('=');
    if (i > 0 && !(p.slice(0, i).trim() in jar)) jar[p.slice(0, i).trim()] = p.slice(i + 1).trim();
  });
  return jar;
}
// The session is in cookies (@supabase/ssr's format: 'base64-' + base64url JSON, maybe split
// into 'name.0', 'name.1'...); the Worker let this page through with it.
function readSession(jar) {
  var v = jar[authKey];
  if (v == null) {
    var parts = [];
    for (var n = 0; authKey + '.' + n in jar; n++) parts.push(jar[authKey + '.' + n]);
    if (!parts.length) return null;
    v = parts.join('');
  }
  v = decodeURIComponent(v);
  if (v.indexOf('base64-') === 0) {
    var bin = atob(v.slice(7).replace(/-/g, '+').replace(/_/g, '/'));
    v = new TextDecoder().decode(Uint8Array.from(bin, function (c) { return c.charCodeAt(0); }));
  }
  return JSON.parse(v);
}
// A page rendered on the Worker names on this script the user it was rendered for and the zone
// of the tz cookie it was sent (AppLayout): its cookies, whose reading makes the page wait on the
// browser (1-11 ms measured on the main thread), are then read only for the page's first reads.
var known = served && document.currentScript ? document.currentScript.dataset : null;
var jar = null;
function cookies() {
  if (!jar) {
    jar = {};
    try { jar = cookieJar(); } catch (e) {}
  }
  return jar;
}
// The time zone for the Worker's dates (src/shared/page-seed.ts), written when it changes: from
// Temporal at once, else from Intl in a task of its own (why: src/layouts/gate-script.ts).
function writeZone(zone) {
  var had = known ? encodeURIComponent(known.tz || '') : cookies().tz;
  if (zone && had !== encodeURIComponent(zone)) document.cookie = 'tz=' + encodeURIComponent(zone) + '; Path=/; Max-Age=31536000; SameSite=Lax' + (location.protocol === 'https:' ? '; Secure' : '');
}
try {
  if (typeof Temporal === 'object') writeZone(Temporal.Now.timeZoneId());
  else setTimeout(function () {
    try { writeZone(Intl.DateTimeFormat().resolvedOptions().timeZone); } catch (e) {}
  });
} catch (e) {}
var s = null;
if (!known || prefetch.length) {
  try { s = readSession(cookies()); } catch (e) {}
}
var shownFor = known ? known.user || null : s && s.user ? s.user.id : null;
// Back/forward cache: a page restored after sign-out (or another user's sign-in) must not show
// what it showed; its content goes at once and the Worker decides again (page or /login).
addEventListener('pageshow', function (e) {
  if (!e.persisted) return;
  var now = null;
  try { now = readSession(cookieJar()); } catch (err) {}
  if (!now || !now.user || now.user.id !== shownFor) {
    document.body.replaceChildren();
    location.reload();
  }
});
// The gate's account reads (and the page's first reads) start now, with the cookie session,
// while the JavaScript downloads: src/stores/api.ts hands these responses to the same calls.
// Skipped without a session or when it expires within two minutes (the client refreshes first).
try {
  if (s && s.access_token && s.user && s.user.id && s.expires_at * 1000 > Date.now() + marginMs) {
    var headers = { authorization: 'Bearer ' + s.access_token, 'x-user-id': s.user.id };
    var responses = {};
    var hint = null;
    // The device's active account, read only for a path that names it.
    if (prefetch.join().indexOf('{account}') >= 0) {
      try {
        var h = JSON.parse(localStorage.getItem(hintKey) || 'null');
        if (h && h.user === s.user.id && typeof h.account === 'string') hint = encodeURIComponent(h.account);
      } catch (e) {}
    }
    (served ? [] : ['/api/accounts/' + s.user.id, '/api/accounts/user/accounts', '/api/accounts/user/active-account'])
      .concat(prefetch.map(function (p) { return p.indexOf('{account}') < 0 ? p : hint && p.replace('{account}', hint); }))
      .forEach(function (path) {
        if (!path) return;
        var res = fetch(path, { headers: headers });
        res.catch(function () {});
        responses[path] = res;
      });
    window.__apiPrefetch = { token: s.access_token, responses: responses };
  }
} catch (e) {}
`;

/** The script as pages carry it: without its comment lines and indentation. */
const SCRIPT = BODY.replace(/^[ \t]*\/\/.*\n/gm, '').replace(/^[ \t]+/gm, '');
