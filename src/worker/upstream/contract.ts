// The upstream route table: every call the BFF forwards to the upstream (src/worker/routes/*.ts and
// the market's assets source), with its method, path template and the zod schema of its success
// `data`. The remote adapter calls no path outside it and checks every success answer against it.
//
// Shaped as a first step towards issue 15's single contract: each entry is what a `@hono/zod-openapi`
// `createRoute({ method, path, responses: { 200: { content: { 'application/json': { schema } } } } })`
// needs (method, path, data schema), so the table can move into those declarations as it is (the path
// then written `{id}` instead of `:id`). Server-only: islands never import it.
import { z } from 'zod';
import * as r from '../../shared/schemas/responses';

export type UpstreamMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface UpstreamRoute {
  method: UpstreamMethod;
  /** Path template on the upstream, `:name` for one path segment, e.g. `/wallets/:accountId/categories`. */
  path: string;
  /** The schema of the success answer's `data`. */
  data: z.ZodType;
  /** The whole success answer, `{data}` (unknown keys stripped, at the top and inside `data`). */
  answer: z.ZodType<{ data: unknown }>;
  /** `METHOD /path/:param`. */
  key: string;
}

function route(method: UpstreamMethod, path: string, data: z.ZodType): UpstreamRoute {
  return { method, path, data, answer: z.object({ data }) as z.ZodType<{ data: unknown }>, key: `${method} ${path}` };
}

export const UPSTREAM_ROUTES: readonly UpstreamRoute[] = [
  // Accounts
  route('GET', '/accounts/user/accounts', r.accountList),
  route('GET', '/accounts/user/active-account', r.activeAccount),
  route('POST', '/accounts/user/switch-account', r.accountDone),
  route('POST', '/accounts/user/create-account', r.accountCreated),
  route('PUT', '/accounts/user/accounts/:id/metadata', r.accountUpdated),
  route('DELETE', '/accounts/user/accounts/:id', r.accountDone),
  route('POST', '/accounts/user/accounts/:id/set-primary', r.accountDone),
  route('GET', '/accounts/:userId', r.profile),
  route('PATCH', '/accounts/:userId', r.profile),
  // Wallets and the Canton ledger (GET /wallets/canton/assets also feeds the market's assets)
  route('GET', '/wallets/canton/status', r.ledgerStatus),
  route('GET', '/wallets/canton/test', r.ledgerSelfTest),
  route('GET', '/wallets/canton/parties', z.array(r.cantonParty)),
  route('GET', '/wallets/canton/parties/:partyId/assets', z.array(r.ledgerAsset)),
  route('GET', '/wallets/canton/balance/:partyId', r.partyBalance),
  route('GET', '/wallets/canton/assets', z.array(r.ledgerAsset)),
  route('POST', '/wallets/canton/prepare', r.externalPartyPrepared),
  route('POST', '/wallets/canton/complete', r.externalPartyCompleted),
  route('POST', '/wallets/canton/holding-transactions', r.holdingTransactions),
  route('POST', '/wallets/canton', r.digitalAssetAccount),
  route('POST', '/wallets/digital-asset', r.digitalAssetAccount),
  route('POST', '/wallets/auto-accept', r.offersAccepted),
  route('POST', '/wallets/transfer', r.transferOffered),
  route('POST', '/wallets/external', r.wallet),
  route('POST', '/wallets/internal', r.wallet),
  route('POST', '/wallets', r.wallet),
  route('PATCH', '/wallets/:id/deactivate', r.wallet),
  route('GET', '/wallets/:accountId/categories', r.walletCategories),
  route('GET', '/wallets/:accountId', z.array(r.wallet)),
  // Transactions
  route('GET', '/transactions/account/:id', z.array(r.transaction)),
  route('GET', '/transactions/wallet/:id', z.array(r.transaction)),
  route('GET', '/transactions/:id', r.transaction),
  // Support
  route('GET', '/support/tickets', z.array(r.ticket)),
  route('POST', '/support/tickets', r.ticket),
  route('GET', '/support/tickets/:id', r.ticket),
  route('PUT', '/support/tickets/:id', r.ticket),
  route('GET', '/support/tickets/:id/comments', z.array(r.ticketComment)),
  route('POST', '/support/tickets/:id/comments', r.ticketComment),
  // Feature requests
  route('GET', '/feature-requests', z.array(r.featureRequest)),
  route('GET', '/feature-requests/categories', z.array(r.featureRequestCategory)),
  route('POST', '/feature-requests', r.featureRequest),
  route('GET', '/feature-requests/:id', r.featureRequest),
  route('PATCH', '/feature-requests/:id', r.featureRequest),
  route('DELETE', '/feature-requests/:id', r.featureRequestDeleted),
  route('POST', '/feature-requests/:id/vote', r.featureRequest),
  route('DELETE', '/feature-requests/:id/vote', r.featureRequest),
  route('GET', '/feature-requests/:id/my-vote', r.featureRequestVote),
];

// ---------------------------------------------------------------------------------------------
// Matching a concrete upstream path against the table

/**
 * A raw path segment as RFC 3986 allows it (pchar: unreserved, sub-delims, ':', '@', %XX). This
 * refuses '?', '#', '\', spaces and anything a URL parser would reinterpret.
 */
const PCHAR_SEGMENT = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})+$/;

interface Compiled {
  route: UpstreamRoute;
  segments: ({ literal: string } | { param: string })[];
  /** Static segments outrank params (`/feature-requests/categories` before `/feature-requests/:id`). */
  rank: string;
}

const compiled: Compiled[] = UPSTREAM_ROUTES.map((route) => {
  const segments = route.path
    .split('/')
    .slice(1)
    .map((s) => (s.startsWith(':') ? { param: s.slice(1) } : { literal: s }));
  return { route, segments, rank: segments.map((s) => ('literal' in s ? 's' : 'p')).join('') };
}).sort((a, b) => (a.rank < b.rank ? 1 : a.rank > b.rank ? -1 : 0));

export type RouteMatch = { ok: true; route: UpstreamRoute; params: Record<string, string> } | { ok: false; reason: string };

/** Why a raw param segment is refused, or null when it is one safe, non-empty segment. */
function badParam(raw: string): string | null {
  if (!PCHAR_SEGMENT.test(raw)) return 'a parameter is not one plain path segment';
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return 'a parameter is not valid percent-encoding';
  }
  if (value === '') return 'a parameter is empty';
  if (value === '.' || value === '..') return 'a parameter is a dot segment';
  if (value.includes('/') || value.includes('\\')) return 'a parameter contains a path separator';
  return null;
}

/**
 * The table's route for `method` and a concrete `path` (no query), or why there is none: the path must
 * have exactly the template's segments, its literals equal and each param one non-empty segment that
 * is not `.` or `..` and holds no `/` once decoded.
 */
export function matchUpstreamRoute(method: string, path: string): RouteMatch {
  if (!path.startsWith('/')) return { ok: false, reason: 'the path is not absolute' };
  const parts = path.split('/').slice(1);
  let reason = 'no route of the contract has this path';
  for (const { route, segments } of compiled) {
    if (route.method !== method || segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < segments.length && ok; i++) {
      const seg = segments[i]!;
      const part = parts[i]!;
      if ('literal' in seg) {
        ok = seg.literal === part;
      } else {
        const bad = badParam(part);
        if (bad) {
          reason = bad;
          ok = false;
        } else params[seg.param] = part;
      }
    }
    if (ok) return { ok: true, route, params };
  }
  return { ok: false, reason };
}
