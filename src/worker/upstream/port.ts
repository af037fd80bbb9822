// The upstream port: one interface, two adapters. The BFF forwards every product call through it
// with the verified user; only configuration decides which adapter serves (select.ts, kept apart so
// that the adapters import this interface and nothing imports back).
import type { Bindings } from '../env';

export interface UpstreamRequest {
  method: string;
  /** The spec's path, e.g. `/accounts/user/accounts` (no `/api` prefix). */
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  /** The verified token's `sub`; sent as `x-user-id`. */
  userId: string;
  accessToken: string;
  /** Forwarded for idempotent money movement. */
  idempotencyKey?: string;
}

export interface UpstreamResult {
  /** An upstream 429's Retry-After, bounded (remote adapter); the BFF answers it as its own. */
  retryAfter?: string;
  status: number;
  body: unknown;
  /**
   * The body exactly as the adapter received it (JSON text), when it is sent on unchanged: the
   * embedded core's answers, which it builds from the same contract. The BFF then sends these bytes
   * instead of parsing and serializing them again. The remote adapter never sets it (it answers
   * only the checked and stripped `body`).
   */
  text?: string;
  /** The upstream replayed the first answer of this Idempotency-Key (`idempotent-replayed: true`). */
  replayed?: boolean;
}

export interface Upstream {
  call(req: UpstreamRequest, ctx?: ExecutionContext): Promise<UpstreamResult>;
}

export const UPSTREAM_TIMEOUT_MS = 10_000;

/** UPSTREAM_TIMEOUT_MS from the configuration (a positive number of ms), else 10 s. */
export function upstreamTimeoutMs(env: Pick<Bindings, 'UPSTREAM_TIMEOUT_MS'>): number {
  const ms = Number(env.UPSTREAM_TIMEOUT_MS);
  return Number.isFinite(ms) && ms > 0 ? ms : UPSTREAM_TIMEOUT_MS;
}

export function buildUrl(base: string, req: Pick<UpstreamRequest, 'path' | 'query'>): string {
  const url = new URL(base.replace(/\/+$/, '') + req.path);
  for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

export function upstreamHeaders(req: UpstreamRequest): Headers {
  const h = new Headers({ 'content-type': 'application/json', authorization: `Bearer ${req.accessToken}`, 'x-user-id': req.userId });
  // Sent exactly as the client did (its declaration checked it): an empty key is never dropped as none.
  if (req.idempotencyKey !== undefined) h.set('idempotency-key', req.idempotencyKey);
  return h;
}
