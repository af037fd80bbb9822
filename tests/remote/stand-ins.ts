// The two outside services of production, as node:http servers on loopback inside the test file's
// process (on the ports tests/remote/global-setup.ts reserved and gave the Worker):
// - the upstream API (UPSTREAM_API_URL): records every request it RECEIVES (method, raw path, query,
//   headers, body) and answers what the test scripts: a status and body, or a stall;
// - the Supabase project (PUBLIC_SUPABASE_URL): Auth's JWKS at /auth/v1/.well-known/jwks.json (the
//   Worker fetches it over HTTP) and the REST interface's /rest/v1/stocks (the market's stocks).
// Also: access tokens signed as Supabase Auth signs them, and raw requests to the app.
import { appendFileSync } from 'node:fs';
import { request as httpRequest, createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { importJWK, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';

export const remote = () => inject('remote');

export interface Received {
  method: string;
  /** The raw request target's path, exactly as it arrived (no decoding, no dot-segment removal). */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A status with a JSON (object) or raw (string) body, no body at all, or a stall. */
export type Answer =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  /** 'headers': never answers; 'body': sends 200 headers and part of a body, then never ends it. */
  | { stall: 'headers' | 'body' };

export interface StandIn {
  received: Received[];
  /** The answer to each request from now on. */
  answer: (fn: (req: Received) => Answer) => void;
  /** What arrived since the last take(), and forgets it. */
  take: () => Received[];
}

function send(res: ServerResponse, a: Answer) {
  if ('stall' in a) {
    if (a.stall === 'body') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":');
    }
    return; // held open until the connection closes (the Worker's timeout or teardown)
  }
  if (a.body === undefined) {
    res.writeHead(a.status, a.headers);
    res.end();
    return;
  }
  const text = typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
  res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
  res.end(text);
}

function standInServer(route: (req: Received, res: ServerResponse) => void): { server: Server; standIn: StandIn } {
  let answerFn: (req: Received) => Answer = () => ({ status: 404, body: { message: 'Not found' } });
  const standIn: StandIn = {
    received: [],
    answer: (fn) => {
      answerFn = fn;
    },
    take: () => standIn.received.splice(0),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const target = req.url ?? '/';
      const q = target.indexOf('?');
      const received: Received = {
        method: req.method ?? '',
        path: q === -1 ? target : target.slice(0, q),
        query: Object.fromEntries(new URLSearchParams(q === -1 ? '' : target.slice(q + 1))),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      standIn.received.push(received);
      try {
        route(received, res);
        if (!res.headersSent && !res.writableEnded && !res.destroyed) send(res, answerFn(received));
      } catch (err) {
        res.writeHead(500).end(String(err));
      }
    });
  });
  return { server, standIn };
}

function listen(server: Server, port: number) {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

function close(server: Server) {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export interface StandIns {
  upstream: StandIn;
  supabase: StandIn;
  /** Rows the stand-in REST interface answers for /rest/v1/stocks (PostgREST shape). */
  stocks: unknown[];
  close: () => Promise<void>;
}

/**
 * Both stand-ins for one test file: listening on their reserved ports from beforeAll, closed in
 * afterAll; before each test the upstream's record is cleared and `reset` runs (the file's answers).
 */
export function useStandIns(reset?: (s: StandIns) => void): StandIns {
  const up = standInServer(() => {});
  const state = { stocks: [] as unknown[] };
  const sb = standInServer((req, res) => {
    const ctx = remote();
    if (req.method === 'GET' && req.path === '/auth/v1/.well-known/jwks.json') {
      appendFileSync(ctx.jwksLog, `${Date.now()}\n`);
      send(res, { status: 200, body: { keys: [{ ...ctx.publicJwk, kid: ctx.kid, alg: 'ES256', use: 'sig' }] } });
    } else if (req.method === 'GET' && req.path === '/rest/v1/stocks') {
      send(res, { status: 200, body: state.stocks });
    }
  });
  const s: StandIns = {
    upstream: up.standIn,
    supabase: sb.standIn,
    get stocks() {
      return state.stocks;
    },
    set stocks(rows) {
      state.stocks = rows;
    },
    close: async () => {
      await Promise.all([close(up.server), close(sb.server)]);
    },
  };
  beforeAll(async () => {
    await listen(up.server, remote().upstreamPort);
    await listen(sb.server, remote().supabasePort);
  });
  afterAll(() => s.close());
  beforeEach(() => {
    s.upstream.take();
    reset?.(s);
  });
  return s;
}

// ---------------------------------------------------------------------------------------------
// Tokens as Supabase Auth issues them.

let standInKey: Promise<CryptoKey> | undefined;
const signingKey = () => (standInKey ??= importJWK(remote().privateJwk, 'ES256') as Promise<CryptoKey>);

export interface TokenOptions {
  sub?: string;
  /** Another private key (a forger's). */
  key?: CryptoKey;
  /** null: no kid in the header. */
  kid?: string | null;
  iss?: string;
  aud?: string;
  /** Seconds since the epoch. */
  iat?: number;
  exp?: number;
}

/** An access token with Supabase's claims, signed by the stand-in Supabase's key unless told. */
export async function signToken(opts: TokenOptions = {}): Promise<{ token: string; sub: string }> {
  const ctx = remote();
  const sub = opts.sub ?? randomUUID();
  const now = Math.floor(Date.now() / 1000);
  const iat = opts.iat ?? now;
  const header: { alg: 'ES256'; typ: 'JWT'; kid?: string } = { alg: 'ES256', typ: 'JWT' };
  const kid = opts.kid === undefined ? ctx.kid : opts.kid;
  if (kid !== null) header.kid = kid;
  const token = await new SignJWT({
    role: 'authenticated',
    session_id: randomUUID(),
    aal: 'aal1',
    amr: [{ method: 'otp', timestamp: iat }],
    phone: '15555550100',
    is_anonymous: false,
  })
    .setProtectedHeader(header)
    .setIssuer(opts.iss ?? `${ctx.supabaseURL}/auth/v1`)
    .setAudience(opts.aud ?? 'authenticated')
    .setSubject(sub)
    .setIssuedAt(iat)
    .setExpirationTime(opts.exp ?? iat + 3600)
    .sign(opts.key ?? (await signingKey()));
  return { token, sub };
}

// ---------------------------------------------------------------------------------------------
// Requests to the app.

export interface AppAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: any;
  ms: number;
}

/**
 * Sends one request with its target exactly as written (fetch would remove `..` and `%2e%2e`
 * segments before sending; a crafted client does not).
 */
export function appRequest(method: string, rawPath: string, init: { headers?: Record<string, string>; body?: unknown } = {}): Promise<AppAnswer> {
  const base = new URL(remote().baseURL);
  const body = init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  const headers: Record<string, string> = { ...init.headers };
  if (body !== undefined) {
    headers['content-type'] ??= 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: base.hostname, port: base.port, method, path: rawPath, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json, ms: Date.now() - started });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The cookie @supabase/ssr's browser client writes for a Supabase session (`base64-` + base64url JSON). */
export function sessionCookie(token: string, sub: string): string {
  const now = Math.floor(Date.now() / 1000);
  const user = { id: sub, aud: 'authenticated', role: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: '' };
  const session = { access_token: token, refresh_token: 'r', token_type: 'bearer', expires_in: 3600, expires_at: now + 3600, user };
  return `dolar-auth=base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`;
}

/** Headers of a signed-in API client: the bearer token, and the app's own Origin as a browser sends. */
export function authHeaders(token: string, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${token}`, origin: remote().baseURL, ...extra };
}

/** The upstream's answer to GET /accounts/user/accounts: one active, primary account of `userId`. */
export function oneAccountAnswer(userId: string, accountId: string, name: string): Answer {
  const now = new Date().toISOString();
  const account = {
    id: accountId,
    name,
    account_type: 'individual',
    account_category: 'personal',
    metadata: {},
    created_by: userId,
    created_at: now,
    updated_at: now,
  };
  const link = { id: crypto.randomUUID(), account_id: accountId, account_name: name, is_primary: true, is_active: true, created_at: now, account };
  return { status: 200, body: { data: { success: true, accounts: [link] } } };
}
