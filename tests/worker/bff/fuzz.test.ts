// Fuzzing with fast-check, route by route (every route the contract declares, and the local sign-in
// service's routes from the Hono app): generated path params, queries, headers and bodies — wrong types, huge
// strings, unicode, nested junk, negative and enormous numbers, missing fields, valid ids mixed in so
// that the handlers behind validation run too. The app never answers 5xx, never hangs, answers
// {message} on failure, and a rejected request (4xx) writes no row (every table has a change-counting
// trigger, cross-checked with a full digest of the database now and then).
//
// Beside the random cases, every route gets the edges of its published constraints, read from
// /api/openapi.json: each body field and query param at its maxLength in ASCII, in two-byte `é` and in
// four-byte emoji, one past it, around D1's 50-byte LIKE bound, made of LIKE and regex metacharacters
// (% _ \ [ *), with a control character (NUL first, so that a stored text would measure short), every
// enum value, and null where the document allows it. Every 2xx answer of a declared route must match
// its declared schema.
//
// FUZZ_RUNS random cases per route (vitest.config passes it in): 100 in `npm test`, 10,000 in `npm
// run fuzz`; the edge cases (about 2,600) run once either way. With FUZZ_RUNS unset the file took
// 70-80 s on a shared 2-core machine, about 15 s of it the edges. A failure prints fast-check's shrunk counterexample and its seed.
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { declaredRoutes } from '../../../src/shared/contract';
import { app, openApiDocument } from '../../../src/worker/index';
import { bearer, signIn, uniquePhone } from '../auth';
import { declaredApiRoutes } from '../bff-route-table';
import { changes, dbDigest, installChangeCounter } from '../db-snapshot';
import { ownObjects, type Own } from '../own-objects';

const testEnv = env as unknown as Cloudflare.Env & { DB: D1Database; FUZZ_RUNS?: string };
const RUNS = Math.max(1, Number(testEnv.FUZZ_RUNS) || 100);
const CASE_TIME_LIMIT_MS = 10_000;

// No limiter here (without its binding every request passes): the fuzzer sends thousands of writes as one user.
const fuzzEnv = { ...testEnv, RATE_LIMITER: undefined } as unknown as Cloudflare.Env;

/** Rejected requests that change rows by design. */
const WRITES_WHEN_REJECTED: Record<string, string> = {
  'POST /auth/v1/verify': 'a wrong code counts a try against the phone (5 at most)',
  'POST /auth/v1/token': 'a reused refresh token ends its session (reuse detection)',
};

let own: Own;
/** The API user's access token: it must stay valid the whole run (checked before every route). */
let token: string;
/**
 * The sign-in service is fuzzed as another user (the README's test number), whose session the
 * fuzzer itself ends (logout, reused refresh tokens): it signs in again every 20 cases.
 */
let authSession: { accessToken: string; refreshToken: string };

// --- the generators ------------------------------------------------------------------------------

const ascii = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 300 });
const nastyStrings = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'undefined',
  'true',
  '__proto__',
  'constructor',
  '../../../etc/passwd',
  '..%2F..%2F',
  '%00',
  '\u0000',
  '\uFEFF',
  '\uD800',
  "'; DROP TABLE accounts;--",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  '${7*7}',
  'ﷺ'.repeat(50),
  '𝕏'.repeat(200),
  'x'.repeat(5_000),
  'y'.repeat(70_000),
  '9'.repeat(400),
  '-0',
  '0x10',
  ' 12 ',
  '1.00000000001',
  'ana-perez::1220' + 'f'.repeat(64),
  'upvote',
  'closed',
  'canton',
  'ethereum',
  'es',
);
const strings = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary', maxLength: 50 }), nastyStrings, fc.uuid(), ascii);
const numbers = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, -0, 1, 100, 10_000, 10_000.0000000001, 1e21, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 64, 5e-324, 0.1 + 0.2),
);
const ownId = fc
  .constantFrom<keyof Own>('userId', 'accountId', 'walletId', 'partyId', 'ticketId', 'featureRequestId', 'transactionId', 'offerId', 'notificationId')
  .map((k) => own[k]);
const scalar = fc.oneof(strings, numbers, fc.boolean(), fc.constant(null), ownId);
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
);

/** Every field name any route reads, so generated objects reach past the validators. */
const FIELDS = [
  'accountId',
  'accountName',
  'accountDescription',
  'accountType',
  'accountCategory',
  'metadata',
  'language',
  'account_id',
  'label',
  'address',
  'chain',
  'network',
  'publicKey',
  'signedHash',
  'walletId',
  'partyHint',
  'partyId',
  'amount',
  'title',
  'description',
  'category',
  'priority',
  'status',
  'content',
  'is_internal',
  'is_anonymous',
  'vote_type',
  'receiver',
  'receiver_party',
  'enabled',
  'phone',
  'token',
  'type',
  'channel',
  'create_user',
  'refresh_token',
  'email',
  'password',
] as const;
const fieldObject = fc.record(Object.fromEntries(FIELDS.map((f) => [f, value])), { requiredKeys: [] });
const junkKeys = fc.dictionary(fc.oneof(strings, fc.constantFrom('__proto__', 'constructor', 'prototype')), value, { maxKeys: 4 });

/** A valid body per write route: the fuzzer breaks one or two of its fields, so handlers run deep. */
const VALID: Record<string, () => Record<string, unknown>> = {
  'POST /api/accounts/user/switch-account': () => ({ accountId: own.accountId }),
  'POST /api/accounts/user/create-account': () => ({ accountName: 'Fuzz', accountDescription: 'd', accountCategory: 'savings' }),
  'PUT /api/accounts/user/accounts/:id/metadata': () => ({ accountName: 'Fuzz', accountCategory: 'business', metadata: { a: 1 } }),
  'PATCH /api/accounts/:userId': () => ({ language: 'es' }),
  'POST /api/wallets/canton/prepare': () => ({ publicKey: 'c'.repeat(64) }),
  'POST /api/wallets/canton/complete': () => ({ publicKey: 'c'.repeat(64), signedHash: 'd'.repeat(128), walletId: own.walletId, partyHint: 'fuzz' }),
  'POST /api/wallets/canton/holding-transactions': () => ({ partyId: own.partyId }),
  'POST /api/wallets/digital-asset': () => ({ account_id: own.accountId }),
  'POST /api/wallets/auto-accept': () => ({ account_id: own.accountId }),
  'POST /api/wallets/transfer': () => ({ account_id: own.accountId, amount: '1.5' }),
  'POST /api/wallets/canton/receivers/resolve': () => ({ account_id: own.accountId, receiver: '+15555550100' }),
  'POST /api/wallets/canton/send': () => ({ account_id: own.accountId, receiver_party: own.partyId, amount: '0.5' }),
  'POST /api/wallets/canton/offers/:offerId/accept': () => ({ account_id: own.accountId }),
  'POST /api/wallets/canton/offers/:offerId/reject': () => ({ account_id: own.accountId }),
  'POST /api/wallets/canton/offers/:offerId/withdraw': () => ({ account_id: own.accountId }),
  'PUT /api/wallets/canton/preapproval/:accountId': () => ({ enabled: true }),
  'POST /api/notifications/read': () => ({ through: own.notificationId }),
  'POST /api/wallets/external': () => ({ account_id: own.accountId, address: '0xabc', chain: 'ethereum', label: 'x' }),
  'POST /api/wallets/internal': () => ({ account_id: own.accountId, label: 'x', network: 'canton' }),
  'POST /api/wallets': () => ({ account_id: own.accountId, label: 'x' }),
  'POST /api/support/tickets': () => ({ title: 'Fuzz', description: 'Fuzz ticket', category: 'billing', priority: 'low' }),
  'PUT /api/support/tickets/:id': () => ({ title: 'Fuzz', status: 'closed', priority: 'high' }),
  'POST /api/support/tickets/:id/comments': () => ({ content: 'Fuzz', is_internal: false }),
  'POST /api/feature-requests': () => ({ title: 'Fuzz idea', description: 'A fuzzing feature request', category: 'Market', is_anonymous: true }),
  'PATCH /api/feature-requests/:id': () => ({ title: 'Fuzz idea 2', category: null }),
  'POST /api/feature-requests/:id/vote': () => ({ vote_type: 'upvote' }),
  'POST /auth/v1/otp': () => ({ phone: '+15555550100', channel: 'sms' }),
  'POST /auth/v1/verify': () => ({ phone: '+15555550100', token: '123456', type: 'sms' }),
  'POST /auth/v1/token': () => ({ refresh_token: authSession.refreshToken }),
};

/** A valid body with some fields replaced by junk, some removed. */
const brokenValid = (key: string) =>
  fc.tuple(fc.array(fc.tuple(fc.nat(), fc.option(value, { nil: undefined })), { minLength: 1, maxLength: 2 }), junkKeys).map(([breaks, extra]) => {
    const b: Record<string, unknown> = { ...VALID[key]!() };
    const keys = Object.keys(b);
    for (const [i, v] of breaks) {
      const k = keys[i % keys.length]!;
      if (v === undefined) delete b[k];
      else b[k] = v;
    }
    return JSON.stringify({ ...extra, ...b });
  });

const DEEP = '['.repeat(20_000) + ']'.repeat(20_000);
const anyBody = fc.oneof(
  { weight: 2, arbitrary: fc.constant<string | undefined>(undefined) },
  { weight: 6, arbitrary: fc.tuple(fieldObject, junkKeys).map(([a, b]) => JSON.stringify({ ...b, ...a })) },
  { weight: 2, arbitrary: value.map((v) => JSON.stringify(v) ?? 'undefined') },
  { weight: 1, arbitrary: fc.oneof(strings, fc.constantFrom('{', '{"a":', 'null', '[]', '{"amount": 1e999}', DEEP, '{"a":"\\ud800"}')) },
);
const bodyFor = (key: string) => (VALID[key] ? fc.oneof({ weight: 1, arbitrary: anyBody }, { weight: 1, arbitrary: brokenValid(key) }) : anyBody);

const QUERY_KEYS = ['limit', 'offset', 'sortBy', 'sortOrder', 'status', 'category', 'search', 'grant_type', 'scope', 'x'];
const query = fc.option(fc.dictionary(fc.constantFrom(...QUERY_KEYS), fc.oneof(strings, numbers.map(String)), { maxKeys: 5 }), { nil: undefined });

const headers = fc.record(
  {
    'content-type': fc.oneof(
      fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ),
      ascii,
    ),
    authorization: fc.oneof(
      { weight: 8, arbitrary: fc.constant('valid') },
      { weight: 1, arbitrary: ascii.map((s) => `Bearer ${s}`) },
      { weight: 1, arbitrary: ascii },
    ),
    'x-user-id': fc.oneof(fc.constant('own'), ascii),
    'idempotency-key': ascii,
    'x-supabase-api-version': fc.oneof(fc.constant('2024-01-01'), ascii),
    'accept-language': ascii,
  },
  { requiredKeys: ['authorization'] },
);

const paramValue = fc.oneof(
  { weight: 3, arbitrary: ownId },
  { weight: 1, arbitrary: fc.constantFrom('AAPL', 'cc', 'CC', 'raw:%', 'raw:%E0%A4%A', 'raw:%FF%FE', 'raw:%2e%2e', 'raw:..', 'raw:%00') },
  { weight: 6, arbitrary: strings },
);

// --- the edges of the published document ------------------------------------------------------------

interface JsonSchema {
  type?: string | string[];
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  minimum?: number;
  maximum?: number;
  $ref?: string;
}
interface Operation {
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const doc = () => openApiDocument() as unknown as { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, JsonSchema> } };
const deref = (s: JsonSchema | undefined): JsonSchema => {
  if (!s?.$ref) return s ?? {};
  return deref(doc().components?.schemas?.[s.$ref.replace('#/components/schemas/', '')]);
};
/** A schema and the alternatives it allows (anyOf, oneOf, allOf), dereferenced. */
const variants = (s: JsonSchema | undefined): JsonSchema[] => {
  const d = deref(s);
  return [d, ...[...(d.anyOf ?? []), ...(d.oneOf ?? []), ...(d.allOf ?? [])].flatMap(variants)];
};
const typesOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

const CONTROLS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u2028', '\uD800'];
const METACHARACTERS = ['%', '_', '\\', '[', '*'];

/** Values at the edges of one schema's constraints (strings, numbers, enums, null). */
function edgesOf(schema: JsonSchema | undefined): unknown[] {
  const out: unknown[] = [];
  for (const v of variants(schema)) {
    if (v.enum) out.push(...v.enum);
    if (v.const !== undefined) out.push(v.const);
    const types = typesOf(v);
    if (types.includes('null')) out.push(null);
    if (types.includes('string')) {
      const max = Math.min(v.maxLength ?? 300, 5_000);
      const min = v.minLength ?? 0;
      const pad = (n: number) => 'a'.repeat(Math.max(0, n));
      out.push(pad(max), pad(max + 1), 'é'.repeat(max), '😀'.repeat(max), '😀'.repeat(Math.floor(max / 2)));
      // D1 refuses a LIKE pattern over 50 bytes: 49 ASCII bytes, 25 two-byte characters (within max).
      for (const text of [pad(49), 'é'.repeat(25), '😀'.repeat(13)]) if (text.length <= max) out.push(text);
      for (const m of METACHARACTERS) out.push(m.repeat(Math.min(max, 25)), `${pad(min)}${m}`);
      // A control character first, then enough to pass minLength: a NUL-cut length() measures 0.
      for (const c of CONTROLS) out.push(`${c}${pad(Math.max(min, 1))}`, `${pad(min)}${c}`);
    }
    if (types.includes('integer') || types.includes('number')) {
      for (const n of [v.minimum, v.maximum]) if (typeof n === 'number') out.push(n, n - 1, n + 1);
    }
  }
  return out;
}

/** The document's operation of a route (`GET /api/x/:id` -> paths['/api/x/{id}'].get). */
const operationOf = (method: string, path: string): Operation | undefined => doc().paths[path.replace(/:([A-Za-z]+)/g, '{$1}')]?.[method.toLowerCase()];

/** One case per edge value: a body field or a query param set to it, the rest of a valid request kept. */
function edgeCases(route: { method: string; path: string; key: string }): { field: string; c: Case }[] {
  const op = operationOf(route.method, route.path);
  if (!op) return [];
  const cases: { field: string; c: Case }[] = [];
  const base = (): Case => ({
    params: Object.fromEntries(paramsOf(route.path).map((p) => [p, defaultParam(p, route.path)])),
    headers: { authorization: 'valid', 'content-type': 'application/json' },
  });
  const properties = Object.assign({}, ...variants(op.requestBody?.content?.['application/json']?.schema).map((v) => v.properties ?? {})) as Record<
    string,
    JsonSchema
  >;
  for (const [name, schema] of Object.entries(properties)) {
    for (const value of edgesOf(schema)) {
      cases.push({ field: `body.${name}`, c: { ...base(), body: JSON.stringify({ ...(VALID[route.key]?.() ?? {}), [name]: value }) } });
    }
  }
  for (const param of op.parameters ?? []) {
    if (param.in !== 'query') continue;
    for (const value of edgesOf(param.schema)) {
      if (value === null) continue;
      cases.push({ field: `query.${param.name}`, c: { ...base(), query: { [param.name]: String(value) } } });
    }
  }
  return cases;
}

/** The first `n` code points: a message cut inside a surrogate pair cannot cross the test pool's socket. */
const clip = (text: string, n: number) => Array.from(text).slice(0, n).join('');

const paramsOf = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
/** The declared id param of each route, to pick the right own id for `:id`. */
const ID_PARAM: [RegExp, keyof Own][] = [
  [/^\/api\/wallets\//, 'walletId'],
  [/^\/api\/transactions\/wallet\//, 'walletId'],
  [/^\/api\/transactions\/:id/, 'transactionId'],
  [/^\/api\/support\/tickets\//, 'ticketId'],
  [/^\/api\/feature-requests\//, 'featureRequestId'],
  [/^\/api\/notifications\//, 'notificationId'],
];
/** A path param's own value (the user's ids), so that the edge cases reach past the path's checks. */
function defaultParam(name: string, path: string): string {
  if (name === 'symbol') return 'AAPL';
  if (name === 'id') return own[ID_PARAM.find(([re]) => re.test(path))?.[1] ?? 'accountId'];
  return name in own ? own[name as keyof Own] : own.accountId;
}

/** A new feature request and ticket of the user for the routes that take one, so their handlers run. */
async function freshObjects(path: string) {
  const post = async (to: string, body: unknown) => {
    const res = await app.fetch(
      new Request(`http://app.test${to}`, { method: 'POST', headers: { ...bearer(token), 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      fuzzEnv,
    );
    return (await res.json<{ data: { id: string } }>()).data.id;
  };
  if (path.startsWith('/api/feature-requests/:id'))
    own.featureRequestId = await post('/api/feature-requests', { title: 'Fuzz edge', description: 'A fuzzing feature request' });
  if (path.startsWith('/api/support/tickets/:id')) own.ticketId = await post('/api/support/tickets', { title: 'Fuzz', description: 'Fuzz ticket' });
  lastChanges = await changes();
}

/** Each declared route's answer schemas by status (200), for checking 2xx answers. */
const DECLARED = new Map(
  declaredRoutes().map((r) => [
    r.key,
    r.route as {
      responses: Record<string, { content?: Record<string, { schema?: { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } } }> }>;
    },
  ]),
);
function checkDeclaredAnswer(key: string, status: number, contentType: string | null, text: string) {
  const route = DECLARED.get(key);
  if (!route || status < 200 || status >= 300 || !contentType?.includes('application/json')) return;
  const schema = route.responses[String(status)]?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`a ${status} that ${key} does not declare: ${clip(text, 200)}`);
  const parsed = schema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`a ${status} outside the declared schema: ${clip(JSON.stringify(parsed.error?.issues), 400)}`);
}

// --- the harness ---------------------------------------------------------------------------------

interface Case {
  params: Record<string, string>;
  query?: Record<string, string>;
  headers: Record<string, string>;
  body?: string;
}

/**
 * A param as a client could put it in a URL: percent-encoded, except that a lone surrogate (which
 * encodeURIComponent refuses) goes out as the malformed UTF-8 bytes %ED%A0%80, and `raw:` values go
 * out as they are (malformed percent-escapes such as `%E0%A4%A`).
 */
function encodeParam(value: string): string {
  if (value.startsWith('raw:')) return value.slice(4);
  return value
    .replace(/[\uD800-\uDFFF]/g, '\uFFFF')
    .split('\uFFFF')
    .map(encodeURIComponent)
    .join('%ED%A0%80');
}

function buildRequest(method: string, path: string, c: Case): Request {
  const valid = path.startsWith('/auth/v1/') ? authSession.accessToken : token;
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeParam(c.params[name] ?? ''));
  const url = new URL(`http://app.test${filled}`);
  for (const [k, v] of Object.entries(c.query ?? {})) url.searchParams.set(k, v);
  const h = new Headers();
  for (const [k, v] of Object.entries(c.headers)) {
    if (k === 'authorization') h.set(k, v === 'valid' ? bearer(valid).authorization : v);
    else if (k === 'x-user-id') h.set(k, v === 'own' ? own.userId : v);
    else h.set(k, v);
  }
  h.set('cf-connecting-ip', '198.18.0.1');
  const hasBody = method !== 'GET' && method !== 'HEAD' && c.body !== undefined;
  return new Request(url, { method, headers: h, body: hasBody ? c.body : undefined });
}

let digestChecks = 0;

/** The change count after the last case: nothing else writes between cases, so it is the next one's "before". */
let lastChanges = 0;

/** One generated request; answers its status. Every 100th case also digests the whole database. */
async function runCase(route: { method: string; path: string; key: string }, c: Case, n: number): Promise<number> {
  const before = lastChanges;
  const digestBefore = n % 100 === 0 ? await dbDigest() : null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const res = await Promise.race([
    app.fetch(buildRequest(route.method, route.path, c), fuzzEnv),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${CASE_TIME_LIMIT_MS} ms`)), CASE_TIME_LIMIT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  const text = await res.text();
  if (res.status >= 500) throw new Error(`answered ${res.status}: ${clip(text, 300)}`);
  checkDeclaredAnswer(route.key, res.status, res.headers.get('content-type'), text);
  if (res.status >= 400 && route.path.startsWith('/api/')) {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message !== 'string' || !parsed.message) throw new Error(`a ${res.status} without {message}: ${clip(text, 300)}`);
  }
  const after = (lastChanges = await changes());
  if (res.status >= 400 && !(route.key in WRITES_WHEN_REJECTED)) {
    if (after !== before) throw new Error(`a rejected request (${res.status} ${clip(text, 200)}) wrote ${after - before} row(s)`);
    if (digestBefore) {
      digestChecks++;
      expect(await dbDigest()).toEqual(digestBefore);
    }
  }
  return res.status;
}

// --- the routes ----------------------------------------------------------------------------------

// The BFF's routes from the contract (a route declared later is fuzzed by itself); the sign-in
// service's from the Hono app (it is not part of the contract).
const routes = (() => {
  const seen = new Map<string, { method: string; path: string; key: string; params: string[] }>(declaredApiRoutes().map((r) => [r.key, r]));
  for (const r of app.routes) {
    if (r.method === 'ALL' || !r.path.startsWith('/auth/v1/')) continue;
    const key = `${r.method} ${r.path}`;
    if (!seen.has(key)) seen.set(key, { method: r.method, path: r.path, key, params: [...r.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!) });
  }
  return [...seen.values()];
})();

const tally = { cases: 0, rejected: 0, accepted: 0 };

beforeAll(async () => {
  const s = await signIn(uniquePhone());
  token = s.accessToken;
  own = await ownObjects(s);
  authSession = await signIn();
  await installChangeCounter();
  lastChanges = await changes();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

afterAll(() => {
  vi.restoreAllMocks();
  console.info(
    `[fuzz] ${routes.length} routes x ${RUNS} runs: ${tally.cases} cases, ${tally.accepted} accepted, ${tally.rejected} rejected, ${digestChecks} rejected with a full database digest compared`,
  );
});

describe(`fuzzing every route (${RUNS} cases each)`, () => {
  it('covers the BFF and the sign-in service', () => {
    expect(routes.filter((r) => r.path.startsWith('/api/')).length).toBeGreaterThan(40);
    expect(routes.filter((r) => r.path.startsWith('/auth/v1/')).length).toBeGreaterThanOrEqual(5);
  });

  it.each(routes.map((r) => [r.key, r] as const))(
    '%s: no 5xx, no hang, {message} on failure, rejected requests write nothing',
    async (_key, route) => {
      const errors: string[] = [];
      const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
        errors.push(args.map(String).join(' '));
      });
      const isAuth = route.path.startsWith('/auth/v1/');
      if (!isAuth) {
        const alive = await app.fetch(new Request('http://app.test/api/accounts/user/accounts', { headers: bearer(token) }), fuzzEnv);
        expect(alive.status, 'the fuzz user session must outlive every case').toBe(200);
      }
      try {
        const params = fc.record(Object.fromEntries(route.params.map((p) => [p, paramValue])));
        await fc.assert(
          fc.asyncProperty(fc.record({ params, query, headers, body: bodyFor(route.key) }), async (c) => {
            if (isAuth && tally.cases % 20 === 0) {
              authSession = await signIn();
              lastChanges = await changes();
            }
            const status = await runCase(route, c, tally.cases++);
            if (status >= 400) tally.rejected++;
            else tally.accepted++;
          }),
          { numRuns: RUNS },
        );
      } finally {
        spy.mockRestore();
      }
      // app.onError logs every unexpected error: there must be none.
      expect(errors.filter((e) => e.startsWith('unhandled error') || e.startsWith('core error') || e.startsWith('auth error'))).toEqual([]);
    },
    Math.max(60_000, RUNS * 200),
  );

  it.each(routes.filter((r) => r.path.startsWith('/api/')).map((r) => [r.key, r] as const))(
    '%s: the edges of its published constraints answer no 5xx, and 2xx as declared',
    async (_key, route) => {
      const errors: string[] = [];
      const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
        errors.push(args.map(String).join(' '));
      });
      const failures: string[] = [];
      // The random cases may have deleted or closed the user's feature request and ticket: fresh ones.
      await freshObjects(route.path);
      try {
        for (const { field, c } of edgeCases(route)) {
          try {
            const status = await runCase(route, c, tally.cases++);
            if (status >= 400) tally.rejected++;
            else tally.accepted++;
          } catch (err) {
            failures.push(`${field} = ${clip(JSON.stringify(c.body ?? c.query), 120)}: ${clip(err instanceof Error ? err.message : String(err), 300)}`);
          }
        }
      } finally {
        spy.mockRestore();
      }
      expect(failures).toEqual([]);
      expect(errors.filter((e) => e.startsWith('unhandled error') || e.startsWith('core error'))).toEqual([]);
    },
    120_000,
  );
});
