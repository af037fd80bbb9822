// The caller's Canton parties (scope checks and listing) and external-party onboarding: the
// client keeps its Ed25519 key, the server prepares the party's topology hash, the client signs
// it, and /complete verifies the signature before the party is allocated and bound to a wallet.
import { newId, nowIso, sha256Hex } from '../../platform/primitives';
import { fail } from '../db';
import { fingerprintOf, verifyEd25519 } from './parties';

const ONBOARDING_TTL_MS = 10 * 60 * 1000;

interface PartyRow {
  party_id: string;
  hint: string;
  key_kind: 'hosted' | 'external';
  account_id: string;
  account_name: string;
  wallet_id: string | null;
  created_at: string;
}

const PARTY_QUERY = `SELECT p.party_id, p.hint, p.key_kind, p.account_id, a.name AS account_name,
    (SELECT w.id FROM wallets w WHERE w.account_id = p.account_id AND w.chain = 'canton' AND w.address = p.party_id) AS wallet_id,
    p.created_at
  FROM ledger_parties p JOIN user_accounts ua ON ua.account_id = p.account_id JOIN accounts a ON a.id = p.account_id
  WHERE ua.user_id = ?`;

const toParty = (r: PartyRow) => ({
  partyId: r.party_id,
  hint: r.hint,
  keyKind: r.key_kind,
  accountId: r.account_id,
  accountName: r.account_name,
  walletId: r.wallet_id,
  createdAt: r.created_at,
});
export type CantonParty = ReturnType<typeof toParty>;

/** GET /wallets/canton/parties: parties of every account the caller belongs to. */
export async function listParties(db: D1Database, userId: string): Promise<CantonParty[]> {
  const { results } = await db.prepare(`${PARTY_QUERY} ORDER BY p.created_at, p.party_id`).bind(userId).all<PartyRow>();
  return results.map(toParty);
}

/** The party if one of the caller's accounts owns it; 404 otherwise (also for platform parties). */
export async function requireParty(db: D1Database, userId: string, partyId: string): Promise<CantonParty> {
  const row = await db.prepare(`${PARTY_QUERY} AND p.party_id = ?`).bind(userId, partyId).first<PartyRow>();
  return row ? toParty(row) : fail(404, 'Party not found');
}

/** POST /wallets/canton/prepare {publicKey}: the hash the client must sign to claim its party. */
export async function prepareExternalParty(db: D1Database, userId: string, publicKey: string) {
  const fingerprint = await fingerprintOf(publicKey);
  const id = newId();
  const now = nowIso();
  const expiresAt = new Date(Date.now() + ONBOARDING_TTL_MS).toISOString();
  const topologyTransaction = JSON.stringify({ op: 'PartyToKeyMapping', namespace: fingerprint, threshold: 1, keys: [publicKey], nonce: id });
  const multiHash = '1220' + (await sha256Hex(topologyTransaction));
  await db.batch([
    db.prepare('DELETE FROM canton_onboarding WHERE user_id = ? AND expires_at <= ?').bind(userId, now),
    db
      .prepare(
        `INSERT INTO canton_onboarding (id, user_id, public_key, fingerprint, multi_hash, expires_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(id, userId, publicKey, fingerprint, multiHash, expiresAt, now),
  ]);
  return {
    publicKeyFingerprint: fingerprint,
    topologyTransactions: [btoa(topologyTransaction)],
    multiHash,
    signingAlgorithm: 'ED25519' as const,
    expiresAt,
  };
}

/**
 * POST /wallets/canton/complete: verifies the Ed25519 signature over the prepared multiHash, then
 * allocates `<partyHint>::<fingerprint>` and binds it to the caller's self-custody wallet.
 */
export async function completeExternalParty(
  db: D1Database,
  userId: string,
  body: { publicKey: string; signedHash: string; walletId: string; partyHint: string },
) {
  const wallet = await db
    .prepare(
      `SELECT w.id, w.account_id, w.kind, w.address FROM wallets w JOIN user_accounts ua ON ua.account_id = w.account_id
       WHERE w.id = ? AND ua.user_id = ?`,
    )
    .bind(body.walletId, userId)
    .first<{ id: string; account_id: string; kind: string; address: string | null }>();
  if (!wallet) fail(404, 'Wallet not found');
  if (wallet.kind !== 'self_custody') fail(409, 'Only a self-custody wallet takes an external party');
  if (wallet.address) fail(409, 'This wallet already has a party', 'party_exists');
  const pending = await db
    .prepare(
      `SELECT id, fingerprint, multi_hash FROM canton_onboarding
       WHERE user_id = ? AND public_key = ? AND expires_at > ? ORDER BY created_at DESC LIMIT 1`,
    )
    .bind(userId, body.publicKey, nowIso())
    .first<{ id: string; fingerprint: string; multi_hash: string }>();
  if (!pending) fail(409, 'No prepared onboarding for this key: call /wallets/canton/prepare first');
  if (!(await verifyEd25519(body.publicKey, body.signedHash, pending.multi_hash))) fail(400, 'Invalid signature');
  const partyId = `${body.partyHint}::${pending.fingerprint}`;
  const now = nowIso();
  try {
    await db.batch([
      db.prepare('DELETE FROM canton_onboarding WHERE id = ?').bind(pending.id),
      db
        .prepare(
          `INSERT INTO ledger_parties (party_id, hint, fingerprint, public_key, key_kind, role, account_id, created_at)
           VALUES (?, ?, ?, ?, 'external', 'user', ?, ?)`,
        )
        .bind(partyId, body.partyHint, pending.fingerprint, body.publicKey, wallet.account_id, now),
      db.prepare('UPDATE wallets SET address = ?, updated_at = ? WHERE id = ? AND address IS NULL').bind(partyId, now, wallet.id),
      db.prepare(`INSERT INTO batch_guard (reason) SELECT 'wallet was bound meanwhile' WHERE changes() = 0`),
    ]);
  } catch (err) {
    if (err instanceof Error && /UNIQUE constraint failed: ledger_parties|batch_guard_tripped/.test(err.message)) {
      fail(409, 'This party already exists', 'party_exists');
    }
    throw err;
  }
  return { partyId, walletId: wallet.id, publicKeyFingerprint: pending.fingerprint };
}
