// The published document says exactly what the server accepts and refuses. For every operation of
// /api/openapi.json (as served), the request schemas (path params, query, headers, JSON body) are read
// from the document itself and turned into values with fast-check: valid ones (every enum value, null
// where nullable, strings at their minLength and maxLength, numbers at their bounds, random ones) must
// not be refused as invalid (no 400 validation_failed, no 5xx: a 404 for an id that does not exist or a
// business refusal is fine), and invalid ones, each breaking one rule of a valid request (out of range,
// wrong type, too long or short, off the pattern, an unknown enum value, a required field missing, an
// extra field where additionalProperties is false, null where not nullable, an empty update), must be
// refused with a 4xx `{message, code}` that writes no row. One leniency is allowed: a text field that
// trims takes surrounding white space, which the document asks clients not to send (its pattern
// refuses white space first or last, so that minLength and maxLength count what the server counts).
//
// The generator knows the subset of JSON Schema the document uses; a schema with any other keyword
// fails the first test, so that a later declaration cannot escape these checks. FUZZ_RUNS (vitest
// config) scales the random valid requests per operation: FUZZ_RUNS / 25, 4 in `npm test`.
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '../../../src/shared/error-codes';
import { orderProblem, type OrderDraft, type OrderProblem } from '../../../src/shared/order-rules';
import { app } from '../../../src/worker/index';
import { bearer, signIn, uniquePhone } from '../auth';
import { changes, installChangeCounter } from '../db-snapshot';
import { ownObjects, type Own } from '../own-objects';

const testEnv = env as unknown as Cloudflare.Env & { FUZZ_RUNS?: string };
const RUNS = Math.max(4, Math.round((Number(testEnv.FUZZ_RUNS) || 100) / 25));
// No limiter (without its binding every request passes): hundreds of requests as one user.
const openEnv = { ...testEnv, RATE_LIMITER: undefined } as unknown as Cloudflare.Env;

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean;
  minProperties?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  $ref?: string;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> } };
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

/** The keywords the generator understands; `ANNOTATIONS` change nothing a server checks. */
const KEYWORDS = new Set(['type', 'enum', 'const', 'pattern', 'format', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum']);
const OBJECT_KEYWORDS = new Set(['properties', 'required', 'additionalProperties', 'minProperties', 'anyOf', 'oneOf', '$ref']);
const ANNOTATIONS = new Set(['description', 'default', 'example', 'examples', 'title', 'deprecated']);
const FORMATS = new Set(['uuid']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

let doc: Doc;
const deref = (s: Schema): Schema => (s.$ref ? deref(doc.components?.schemas?.[s.$ref.replace('#/components/schemas/', '')] ?? {}) : s);

/** Every keyword of `s` (and of the schemas inside it) the generator does not understand, with where. */
function unknownKeywords(s: Schema, at: string): string[] {
  const own = Object.entries(s).flatMap(([k, v]) =>
    KEYWORDS.has(k) || OBJECT_KEYWORDS.has(k) || ANNOTATIONS.has(k) || k.startsWith('x-')
      ? k === 'format' && !FORMATS.has(v as string)
        ? [`${at}: format ${String(v)}`]
        : []
      : [`${at}: ${k}`],
  );
  const inner = [
    ...Object.entries(s.properties ?? {}).map(([k, v]) => unknownKeywords(v, `${at}.${k}`)),
    ...[...(s.anyOf ?? []), ...(s.oneOf ?? [])].map((v, i) => unknownKeywords(v, `${at}|${i}`)),
    s.$ref ? unknownKeywords(deref(s), `${at}->${s.$ref}`) : [],
  ];
  return [...own, ...inner.flat()];
}

const typesOf = (s: Schema) => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);
const branches = (s: Schema) => [...(s.anyOf ?? []), ...(s.oneOf ?? [])].map(deref);
const regex = (s: Schema) => (s.pattern === undefined ? undefined : new RegExp(s.pattern, 'u'));
/** JSON Schema counts code points; zod counts UTF-16 units: a valid value must pass both counts. */
const lengthOk = (s: Schema, v: string) => [...v].length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity);

/**
 * Whether `v` satisfies `s` (the subset above). `text` values came through a URL or a header: an
 * integer or number there is its decimal digits, a boolean its word.
 */
function accepts(schema: Schema, v: unknown, text = false): boolean {
  const s = deref(schema);
  if (s.anyOf || s.oneOf) return branches(s).some((b) => accepts(b, v, text));
  if (s.enum && !s.enum.includes(v)) return false;
  if ('const' in s && s.const !== v) return false;
  const types = typesOf(s);
  if (types.length === 0) return true;
  return types.some((type) => {
    if (type === 'null') return v === null;
    if (type === 'boolean') return typeof v === 'boolean';
    if (type === 'integer' || type === 'number') {
      const n = text && typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
      if (typeof n !== 'number' || !Number.isFinite(n) || (type === 'integer' && !Number.isInteger(n))) return false;
      return n >= (s.minimum ?? -Infinity) && n <= (s.maximum ?? Infinity) && n > (s.exclusiveMinimum ?? -Infinity);
    }
    if (type === 'string') {
      if (typeof v !== 'string' || !lengthOk(s, v)) return false;
      return (!s.pattern || regex(s)!.test(v)) && (s.format !== 'uuid' || UUID.test(v));
    }
    if (type === 'object') {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
      const o = v as Record<string, unknown>;
      const props = s.properties ?? {};
      if ((s.required ?? []).some((k) => !(k in o))) return false;
      if (Object.keys(o).length < (s.minProperties ?? 0)) return false;
      if (s.additionalProperties === false && Object.keys(o).some((k) => !(k in props))) return false;
      return Object.entries(o).every(([k, x]) => !props[k] || accepts(props[k], x));
    }
    throw new Error(`no rule for type ${type}`);
  });
}

/** A character that repeated `n` times matches the string schema (for strings at their bounds). */
const filler = (s: Schema, n: number) => ['a', 'é', '0', 'A', 'x'].map((c) => c.repeat(n)).find((t) => accepts({ ...s, type: 'string' }, t));

/** The valid values at the edges of `s`: every enum value, null, the length and number bounds. */
function validEdges(schema: Schema): unknown[] {
  const s = deref(schema);
  if (s.anyOf || s.oneOf) return branches(s).flatMap(validEdges);
  if (s.enum) return s.enum;
  if ('const' in s) return [s.const];
  const out: unknown[] = [];
  for (const type of typesOf(s)) {
    if (type === 'null') out.push(null);
    if (type === 'boolean') out.push(true, false);
    if (type === 'string') for (const n of [s.minLength ?? 0, s.maxLength]) if (n !== undefined) out.push(filler(s, n));
    if (type === 'integer') out.push(s.minimum, s.maximum);
    if (type === 'number') out.push(s.minimum, s.maximum, s.exclusiveMinimum === undefined ? undefined : s.exclusiveMinimum + 0.01);
  }
  return out.filter((v) => v !== undefined && accepts(s, v));
}

/** An arbitrary of valid values of `s`. */
function valid(schema: Schema): fc.Arbitrary<unknown> {
  const s = deref(schema);
  if (s.anyOf || s.oneOf) return fc.oneof(...branches(s).map(valid));
  if (s.enum) return fc.constantFrom(...s.enum);
  if ('const' in s) return fc.constant(s.const);
  const arbs = typesOf(s).map((type): fc.Arbitrary<unknown> => {
    if (type === 'null') return fc.constant(null);
    if (type === 'boolean') return fc.boolean();
    if (type === 'integer') return fc.integer({ min: s.minimum ?? -1_000_000, max: s.maximum ?? 1_000_000 });
    if (type === 'number') {
      const lo = Math.ceil(Math.max(s.minimum ?? -1e6, s.exclusiveMinimum ?? -1e6) * 100);
      return fc
        .integer({ min: lo, max: Math.floor((s.maximum ?? 1e6) * 100) })
        .map((n) => n / 100)
        .filter((n) => accepts(s, n));
    }
    if (type === 'string') {
      if (s.format === 'uuid') return fc.uuid();
      const min = s.minLength ?? 0;
      const max = Math.min(s.maxLength ?? 200, min + 40);
      const candidates = [fc.string({ minLength: min, maxLength: max }), fc.string({ unit: 'grapheme', minLength: min, maxLength: max })];
      if (s.pattern) candidates.push(fc.stringMatching(new RegExp(s.pattern)));
      const edge = filler(s, min);
      return fc.oneof(...candidates).map((t) => (accepts(s, t) ? t : (edge ?? t)));
    }
    if (type === 'object') {
      const props = s.properties;
      if (!props) return fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean()), { maxKeys: 4 });
      return fc
        .record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, valid(v)])), { requiredKeys: s.required ?? [] })
        .filter((o) => Object.keys(o).length >= (s.minProperties ?? 0));
    }
    throw new Error(`no generator for type ${type}`);
  });
  return fc.oneof(...arbs).filter((v) => accepts(s, v));
}

/** Values that break `s`, one rule each (the candidates `s` refuses). `text`: a URL or header value. */
function invalid(schema: Schema, where: 'body' | 'path' | 'query' | 'header'): unknown[] {
  const s = deref(schema);
  const all = [...branches(s), s];
  const text = where !== 'body';
  const near = all.flatMap((b) => [
    ...(b.maxLength === undefined ? [] : [(filler(b, b.maxLength) ?? 'a'.repeat(b.maxLength)) + 'a']),
    ...(b.minLength ? [(filler(b, b.minLength) ?? 'a'.repeat(b.minLength)).slice(1)] : []),
    ...[b.minimum, b.maximum, b.exclusiveMinimum].flatMap((n) => (n === undefined ? [] : [n - 1, n + 1, n, n - 0.001, n + 0.001])),
  ]);
  const offPattern = ['not valid!', 'a b', '-1', '1.5', '00000000-0000-0000-0000-00000000000g', 'zz-not-listed'];
  const wrongTypes = text ? ['', 'true', 'null'] : [12345, true, null, {}, ''];
  const controls = where === 'header' ? [] : ['\u0000', ' a ', '\u2028'];
  const candidates = [...near, ...offPattern, ...wrongTypes, ...controls].map((v) => (text && typeof v === 'number' ? String(v) : v));
  const unique = [...new Map(candidates.map((v) => [JSON.stringify(v), v])).values()];
  return unique.filter(
    (v) =>
      !accepts(s, v, text) &&
      // The one leniency: a text field that trims takes surrounding white space (the document asks for none).
      !(typeof v === 'string' && v !== v.trim() && accepts(s, v.trim(), text)) &&
      (where !== 'path' || (typeof v === 'string' && v !== '')),
  );
}

// --- the requests ----------------------------------------------------------------------------------

let own: Own;
let token: string;

/** The user's own value for a path param or body field of that name, so valid requests reach the handlers. */
function ownValue(name: string, path: string): string | undefined {
  if (name === 'id') {
    if (path.startsWith('/api/support/')) return own.ticketId;
    if (path.startsWith('/api/feature-requests/')) return own.featureRequestId;
    if (path.startsWith('/api/notifications/')) return own.notificationId;
    if (path.startsWith('/api/transactions/wallet/') || path.startsWith('/api/wallets/')) return own.walletId;
    if (path.startsWith('/api/transactions/{id}')) return own.transactionId;
    if (path.startsWith('/api/sessions/')) return undefined;
    return own.accountId;
  }
  if (name === 'symbol') return 'AAPL';
  // A checksum the document states in words only (its pattern is the 9 digits): a real routing number.
  if (name === 'routing_number') return '021000021';
  if (name === 'account_id') return own.accountId;
  if (name === 'receiver_party' || name === 'party') return own.partyId;
  return name in own ? own[name as keyof Own] : undefined;
}

interface Request_ {
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: unknown;
}

interface Op {
  key: string;
  method: string;
  path: string;
  params: Parameter[];
  body?: Schema;
}

/** The object schema a body is checked by: the body schema, or its alternative (oneOf) that takes `body`. */
const shapeOf = (schema: Schema, body: unknown): Schema => {
  const s = deref(schema);
  return branches(s).find((b) => accepts(b, body)) ?? s;
};

const asText = (v: unknown) => (typeof v === 'string' ? v : String(v));
const sampleOf = <T>(arb: fc.Arbitrary<T>, seed: number) => fc.sample(arb, { seed, numRuns: 1 })[0]!;

/**
 * The rules across fields that JSON Schema cannot state, which the document states in words (the
 * parameter's description): a generated request is made to follow them.
 */
function followCrossFieldRules(r: Request_) {
  const { from, to } = r.query;
  if (from !== undefined && to !== undefined && from > to) Object.assign(r.query, { from: to, to: from });
  // The market calendar: end not before start, at most 366 days after it.
  const { start, end } = r.query;
  if (start !== undefined && end !== undefined) {
    const [a, b] = start <= end ? [start, end] : [end, start];
    Object.assign(r.query, { start: a, end: Date.parse(b) - Date.parse(a) >= 366 * 86_400_000 ? a : b });
  }
  // An order (its description): exactly one of qty and notional, qty up to 1,000,000 and notional from
  // 1.00 to 1,000,000.00, a limit order by qty with a limit_price (2 decimals from 1.00), a market order
  // without one, fractional and dollar-based orders day orders: the one rule list, order-rules.ts.
  const order = r.body as (OrderDraft & Record<string, unknown>) | undefined;
  if (order && typeof order === 'object' && 'side' in order && 'time_in_force' in order && 'type' in order) {
    const fixes: Record<OrderProblem, () => void> = {
      qty_or_notional: () => Object.assign(order, { qty: order.notional === undefined ? '1' : undefined }),
      notional_too_small: () => Object.assign(order, { notional: '10.00' }),
      notional_too_large: () => Object.assign(order, { notional: '10.00' }),
      qty_zero: () => Object.assign(order, { qty: '1' }),
      qty_too_large: () => Object.assign(order, { qty: '1' }),
      limit_needs_qty: () => Object.assign(order, { notional: undefined, qty: '1' }),
      limit_needs_price: () => Object.assign(order, { limit_price: '10.00' }),
      limit_price_zero: () => Object.assign(order, { limit_price: '10.00' }),
      limit_price_tick: () => Object.assign(order, { limit_price: '10.00' }),
      market_has_limit_price: () => Object.assign(order, { limit_price: undefined }),
      fractional_needs_day: () => Object.assign(order, { time_in_force: 'day' }),
    };
    for (let problem = orderProblem(order); problem; problem = orderProblem(order)) fixes[problem]();
    for (const k of ['qty', 'notional', 'limit_price']) if (order[k] === undefined) delete order[k];
  }
}

/**
 * One valid request of the operation: the user's own ids where they fit, the rest generated; the
 * optional parameters too unless `requiredOnly` (the base that the invalid requests break).
 */
function baseRequest(op: Op, seed: number, requiredOnly = false): Request_ {
  const r: Request_ = { path: {}, query: {}, headers: {} };
  for (const [i, p] of op.params.entries()) {
    if (!p.required && p.in !== 'path' && (requiredOnly || (seed + i) % 2 === 0)) continue;
    const mine = ownValue(p.name, op.path);
    r[p.in === 'path' ? 'path' : p.in === 'query' ? 'query' : 'headers'][p.name] =
      mine !== undefined && accepts(p.schema, mine, true) ? mine : asText(sampleOf(valid(p.schema), seed + i));
  }
  if (op.body) {
    const body = sampleOf(valid(op.body), seed) as Record<string, unknown>;
    const props = shapeOf(op.body, body).properties ?? {};
    for (const [k, field] of Object.entries(props)) {
      const mine = ownValue(k, op.path);
      if (k in body && mine !== undefined && accepts(field, mine)) body[k] = mine;
    }
    r.body = body;
  }
  followCrossFieldRules(r);
  return r;
}

function toRequest(op: Op, r: Request_): Request {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(r.path[name] ?? ''));
  const url = new URL(`http://app.test${path}`);
  for (const [k, v] of Object.entries(r.query)) url.searchParams.set(k, v);
  const headers = new Headers({ ...bearer(token), 'cf-connecting-ip': '198.18.0.3', ...r.headers });
  if (r.body !== undefined) headers.set('content-type', 'application/json');
  return new Request(url, { method: op.method, headers, body: r.body === undefined ? undefined : JSON.stringify(r.body) });
}

async function send(op: Op, r: Request_) {
  const res = await app.fetch(toRequest(op, r), openEnv);
  const text = await res.text();
  let body: { message?: unknown; code?: unknown } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  return { status: res.status, text, body };
}

/** The slots of a request a rule can be broken in: each parameter, each body field, the body itself. */
function breaks(op: Op, base: Request_): { rule: string; r: Request_ }[] {
  const out: { rule: string; r: Request_ }[] = [];
  const copy = (): Request_ => structuredClone(base);
  for (const p of op.params) {
    const slot = p.in === 'path' ? 'path' : p.in === 'query' ? 'query' : 'headers';
    for (const v of invalid(p.schema, p.in)) {
      const r = copy();
      r[slot][p.name] = asText(v);
      out.push({ rule: `${p.in} ${p.name} = ${JSON.stringify(v)}`, r });
    }
    if (p.required && p.in !== 'path') {
      const r = copy();
      delete r[slot][p.name];
      out.push({ rule: `${p.in} ${p.name} missing`, r });
    }
  }
  if (op.body) {
    const body = base.body as Record<string, unknown>;
    const s = shapeOf(op.body, body);
    for (const [k, field] of Object.entries(s.properties ?? {})) {
      for (const v of invalid(field, 'body')) {
        const r = copy();
        (r.body as Record<string, unknown>)[k] = v;
        out.push({ rule: `body.${k} = ${JSON.stringify(v).slice(0, 60)}`, r });
      }
    }
    for (const k of s.required ?? []) {
      const r = copy();
      delete (r.body as Record<string, unknown>)[k];
      out.push({ rule: `body.${k} missing`, r });
    }
    if (s.additionalProperties === false) out.push({ rule: 'body with an undeclared field', r: { ...copy(), body: { ...body, zz_extra: 1 } } });
    if (s.minProperties) out.push({ rule: 'body {}', r: { ...copy(), body: {} } });
    for (const b of [[], 'x', null, 42]) out.push({ rule: `body ${JSON.stringify(b)}`, r: { ...copy(), body: b } });
  }
  return out;
}

let ops: Op[] = [];

beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const s = await signIn(uniquePhone());
  token = s.accessToken;
  own = await ownObjects(s);
  doc = await (await app.fetch(new Request('http://app.test/api/openapi.json'), openEnv)).json<Doc>();
  ops = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      params: (op.parameters ?? []).map((p) => ({ ...p, schema: deref(p.schema) })),
      body: op.requestBody?.content['application/json']?.schema,
    })),
  );
  await installChangeCounter();
});

describe('the published document and the server agree on every request', () => {
  it('uses only the JSON Schema keywords the generator understands', () => {
    expect(ops.length).toBeGreaterThan(60);
    const unknown = ops.flatMap((op) => [
      ...op.params.flatMap((p) => unknownKeywords(p.schema, `${op.key} ${p.in} ${p.name}`)),
      ...(op.body ? unknownKeywords(op.body, `${op.key} body`) : []),
    ]);
    expect(unknown).toEqual([]);
    // And it does notice one: a keyword it would otherwise ignore.
    expect(unknownKeywords({ type: 'object', properties: { n: { type: 'number', multipleOf: 2 } as Schema } }, 'x')).toEqual(['x.n: multipleOf']);
  });

  it('accepts every valid request: never 400 validation_failed, never 5xx', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const op of ops) {
      const requests: { what: string; r: Request_ }[] = [];
      for (let i = 0; i < RUNS; i++) requests.push({ what: `random #${i}`, r: baseRequest(op, 1000 + i) });
      const base = baseRequest(op, 1, true);
      for (const p of op.params) {
        const slot = p.in === 'path' ? 'path' : p.in === 'query' ? 'query' : 'headers';
        // A null that a parameter declares can only be sent as the word: `offset=null`.
        for (const v of validEdges(p.schema)) {
          const r = structuredClone(base);
          r[slot][p.name] = asText(v);
          requests.push({ what: `${p.in} ${p.name} = ${JSON.stringify(v).slice(0, 40)}`, r });
        }
      }
      if (op.body) {
        // The smallest body the document allows: its required fields, then others up to minProperties.
        const s = shapeOf(op.body, base.body);
        const full = Object.entries(base.body as Record<string, unknown>);
        const smallest = full.filter(([k]) => s.required?.includes(k));
        for (const entry of full) if (smallest.length < (s.minProperties ?? 0) && !smallest.includes(entry)) smallest.push(entry);
        requests.push({ what: 'the smallest body', r: { ...structuredClone(base), body: Object.fromEntries(smallest) } });
      }
      for (const [k, field] of Object.entries(op.body ? (shapeOf(op.body, base.body).properties ?? {}) : {})) {
        for (const v of validEdges(field)) {
          const r = structuredClone(base);
          (r.body as Record<string, unknown>)[k] = v;
          requests.push({ what: `body.${k} = ${JSON.stringify(v).slice(0, 40)}`, r });
        }
      }
      for (const { what, r } of requests) {
        // Each one made to follow the rules across fields the document states in words (an edge of one field may break one).
        followCrossFieldRules(r);
        const res = await send(op, r);
        sent++;
        if (res.status >= 500 || (res.status === 400 && res.body?.code === 'validation_failed'))
          failures.push(`${op.key} ${what}: ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    console.info(`[document] ${ops.length} operations: ${sent} valid requests`);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(ops.length * RUNS);
  }, 600_000);

  it('refuses every request that breaks one rule with a 4xx {message, code} and writes nothing', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const op of ops) {
      let before = await changes();
      for (const { rule, r } of breaks(op, baseRequest(op, 1, true))) {
        const res = await send(op, r);
        sent++;
        const after = await changes();
        const written = after - before;
        before = after;
        const answer = res.body;
        if (res.status < 400 || res.status >= 500) failures.push(`${op.key} ${rule}: ${res.status} ${res.text.slice(0, 160)}`);
        else if (typeof answer?.message !== 'string' || !ERROR_CODES.includes(answer.code as never))
          failures.push(`${op.key} ${rule}: not {message, code}: ${res.text.slice(0, 160)}`);
        else if (written !== 0) failures.push(`${op.key} ${rule}: refused but wrote ${written} row(s)`);
      }
    }
    console.info(`[document] ${ops.length} operations: ${sent} invalid requests`);
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(ops.length);
  }, 600_000);
});
