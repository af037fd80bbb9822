// Small D1 helpers shared by the core services: ids, time, known errors, and the caller's scope
// (an account is the caller's only when a user_accounts row links them).
import { HTTPException } from 'hono/http-exception';

export const newId = () => crypto.randomUUID();
export const nowIso = () => new Date().toISOString();

export function notFound(message: string): never {
  throw new HTTPException(404, { message });
}
export function fail(status: 400 | 403 | 409 | 422, message: string): never {
  throw new HTTPException(status, { message });
}

/** A batch aborted by its own `batch_guard` statement (see migrations/0010). */
export const isGuardTrip = (err: unknown) => err instanceof Error && err.message.includes('batch_guard_tripped');
export const isUniqueViolation = (err: unknown, table: string) =>
  err instanceof Error && err.message.includes('UNIQUE constraint failed') && err.message.includes(table);

export interface AccountRow {
  id: string;
  name: string;
}

/** The account if the caller belongs to it; 404 otherwise (a foreign id looks like a missing one). */
export async function requireAccount(db: D1Database, userId: string, accountId: string): Promise<AccountRow> {
  const row = await db
    .prepare(
      `SELECT a.id, a.name FROM user_accounts ua JOIN accounts a ON a.id = ua.account_id
       WHERE ua.user_id = ? AND ua.account_id = ?`,
    )
    .bind(userId, accountId)
    .first<AccountRow>();
  return row ?? notFound('Account not found');
}

export const bytesToHex = (bytes: ArrayBuffer | Uint8Array) =>
  [...(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');

export const hexToBytes = (hex: string) => {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
};

export async function sha256Hex(...parts: (string | Uint8Array)[]): Promise<string> {
  const chunks = parts.map((p) => (typeof p === 'string' ? new TextEncoder().encode(p) : p));
  const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return bytesToHex(await crypto.subtle.digest('SHA-256', all));
}
