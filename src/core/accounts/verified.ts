// The identity gate: adding or moving dollars needs a verified person, i.e. the caller's profile
// (keyed by the user id) has idv_status 'approved'. Everyone else may look around and receive.
import { fail } from '../db';

/** Refuses with 403 `identity_not_verified` unless the caller's identity is approved. */
export async function requireVerifiedIdentity(db: D1Database, userId: string): Promise<void> {
  const row = await db.prepare('SELECT idv_status FROM profiles WHERE id = ?').bind(userId).first<{ idv_status: string | null }>();
  if (row?.idv_status !== 'approved') fail(403, 'Verify your identity first', 'identity_not_verified');
}
