// Idempotency-Key for money movement: the first successful answer of (user, key) is stored in the
// same D1 batch as the movement (see `idempotencyInsert`), so a key is either unused or bound to a
// completed movement. A replay with the same route and body answers the stored answer; the same
// key with another route or body answers 422 `idempotency_conflict`. Two racing first uses: the primary key makes the
// second batch fail as a whole, and it then replays the winner's answer.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { nowIso, sha256Hex } from '../platform/primitives';
import { fail, isUniqueViolation } from './db';
import type { CoreEnv } from './env';

export interface IdempotencyScope {
  userId: string;
  key: string;
  route: string;
  requestHash: string;
}

interface StoredAnswer {
  route: string;
  request_hash: string;
  status: number;
  body: string;
}

/** A statement storing `bodyJson` (or a SQL expression producing it) as the key's answer. */
export function idempotencyInsert(db: D1Database, scope: IdempotencyScope, status: number, bodyJson: string): D1PreparedStatement {
  return db
    .prepare(`INSERT INTO idempotency_keys (user_id, key, route, request_hash, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`)
    .bind(scope.userId, scope.key, scope.route, scope.requestHash, status, bodyJson, nowIso());
}

async function stored(db: D1Database, userId: string, key: string) {
  return db.prepare('SELECT route, request_hash, status, body FROM idempotency_keys WHERE user_id = ? AND key = ?').bind(userId, key).first<StoredAnswer>();
}

function replayStored(c: Context<CoreEnv>, scope: IdempotencyScope, prior: StoredAnswer) {
  if (prior.route !== scope.route || prior.request_hash !== scope.requestHash) {
    fail(422, 'Idempotency-Key was already used with a different request', 'idempotency_conflict');
  }
  return c.body(prior.body, prior.status as ContentfulStatusCode, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
}

/**
 * Runs `move` once per (user, Idempotency-Key). Without the header it just runs; the header's grammar
 * is checked by the route's declaration (idempotencyKeyHeader in src/shared/contract/common.ts). `move` must put
 * `idempotencyInsert(scope, ...)` into its own batch when it is given a scope.
 */
export async function idempotent<T>(c: Context<CoreEnv>, route: string, body: unknown, move: (scope: IdempotencyScope | null) => Promise<T>) {
  // Typed as the route's success answer (so the contract checks `data`); a replay is the stored first
  // answer of the same request, whatever its status was.
  const replay = (c: Context<CoreEnv>, scope: IdempotencyScope, prior: StoredAnswer) => replayStored(c, scope, prior) as unknown as ReturnType<typeof answer>;
  const answer = (data: T) => c.json({ data }, 200);
  // The route's declaration checked the header (idempotencyKeyHeader): absent, or a well-formed key.
  const key = c.req.header('idempotency-key');
  if (key === undefined) return answer(await move(null));
  const userId = c.var.userId;
  const scope: IdempotencyScope = { userId, key, route, requestHash: await sha256Hex(route, '\n', JSON.stringify(body)) };
  const prior = await stored(c.env.DB, userId, key);
  if (prior) return replay(c, scope, prior);
  try {
    return answer(await move(scope));
  } catch (err) {
    if (!isUniqueViolation(err, 'idempotency_keys')) throw err;
    const winner = await stored(c.env.DB, userId, key);
    if (!winner) throw err;
    return replay(c, scope, winner);
  }
}
