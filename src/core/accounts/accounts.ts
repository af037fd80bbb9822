// Accounts of the embedded core on D1: the profile keyed by user id, the user's accounts through
// user_accounts links (exactly one active and one primary per user), and their changes. Every
// multi-statement change is one D1 batch (a transaction); the guards inside the statements keep the
// one-active/one-primary invariant even when requests race.
import { fail } from '../db';
import type { z } from 'zod';
import {
  ACCOUNT_METADATA_BOUNDS,
  DEFAULT_ACCOUNT_NAME,
  type createAccountBody,
  type updateAccountMetadataBody,
  type updateProfileBody,
} from '../../shared/schemas/account';
import { jsonBoundsIssue } from '../../shared/schemas/bounded-json';
import type { account } from '../../shared/schemas/account';

const now = () => new Date().toISOString();
function accountNotFound(): never {
  return fail(404, 'Account not found');
}

// ---------------------------------------------------------------------------------------------
// Provisioning: a user's first authenticated call creates their profile and one personal account
// that is primary and active. Idempotent and race-safe (INSERT OR IGNORE, NOT EXISTS guards).
// Users known to be provisioned in this isolate (saves one read per call; bounded).
const provisioned = new Set<string>();
const PROVISIONED_CACHE_MAX = 10_000;

export async function ensureProvisioned(db: D1Database, userId: string): Promise<void> {
  if (provisioned.has(userId)) return;
  const profile = await db.prepare('SELECT 1 AS ok FROM profiles WHERE id = ?1').bind(userId).first();
  if (!profile) {
    const accountId = crypto.randomUUID();
    const at = now();
    await db.batch([
      db
        .prepare(
          `INSERT INTO accounts (id, name, account_type, account_category, created_by, created_at, updated_at)
           SELECT ?2, ?4, 'individual', 'personal', ?1, ?3, ?3
           WHERE NOT EXISTS (SELECT 1 FROM user_accounts WHERE user_id = ?1)`,
        )
        .bind(userId, accountId, at, DEFAULT_ACCOUNT_NAME),
      db
        .prepare(
          `INSERT INTO user_accounts (id, user_id, account_id, is_primary, is_active, created_at)
           SELECT ?3, ?1, ?2, 1, 1, ?4
           WHERE EXISTS (SELECT 1 FROM accounts WHERE id = ?2) AND NOT EXISTS (SELECT 1 FROM user_accounts WHERE user_id = ?1)`,
        )
        .bind(userId, accountId, crypto.randomUUID(), at),
      db.prepare('INSERT OR IGNORE INTO profiles (id, created_at, updated_at) VALUES (?1, ?2, ?2)').bind(userId, at),
    ]);
  }
  if (provisioned.size >= PROVISIONED_CACHE_MAX) provisioned.clear();
  provisioned.add(userId);
}

// ---------------------------------------------------------------------------------------------
// Profile (the account: id, name, language, identity verification and its status, created_at)

interface ProfileRow {
  id: string;
  name: string;
  language: string | null;
  first_name: string | null;
  last_name: string | null;
  address: string | null;
  idv_id: string | null;
  idv_status: string | null;
  idv_created_at: string | null;
  idv_updated_at: string | null;
  created_at: string;
  updated_at: string;
}

function toProfile(r: ProfileRow) {
  return {
    id: r.id,
    name: r.name,
    // NULL until the user picks a language: the app follows the browser meanwhile.
    language: r.language as z.infer<typeof updateProfileBody>['language'] | null,
    first_name: r.first_name,
    last_name: r.last_name,
    address: r.address,
    // The KYC summary derives from these: status = idv_status, else idv.status.
    idv: r.idv_id
      ? { id: r.idv_id, status: r.idv_status ?? 'pending', created_at: r.idv_created_at ?? r.created_at, updated_at: r.idv_updated_at ?? r.updated_at }
      : null,
    idv_status: r.idv_status,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** GET /accounts/{userId}: only the caller's own profile exists for them. */
export async function getProfile(db: D1Database, callerId: string, userId: string) {
  if (userId !== callerId) accountNotFound();
  const row = await db.prepare('SELECT * FROM profiles WHERE id = ?1').bind(userId).first<ProfileRow>();
  if (!row) accountNotFound();
  return toProfile(row);
}

/** PATCH /accounts/{userId} {language} */
export async function updateProfile(db: D1Database, callerId: string, userId: string, body: z.infer<typeof updateProfileBody>) {
  if (userId !== callerId) accountNotFound();
  const row = await db
    .prepare('UPDATE profiles SET language = ?2, updated_at = ?3 WHERE id = ?1 RETURNING *')
    .bind(userId, body.language, now())
    .first<ProfileRow>();
  if (!row) accountNotFound();
  return toProfile(row);
}

// ---------------------------------------------------------------------------------------------
// Accounts and links

interface LinkRow {
  link_id: string;
  account_id: string;
  is_primary: number;
  is_active: number;
  linked_at: string;
  name: string;
  description: string | null;
  account_type: string;
  account_category: string;
  metadata: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

const LINK_SELECT = `SELECT ua.id AS link_id, ua.account_id, ua.is_primary, ua.is_active, ua.created_at AS linked_at,
  a.name, a.description, a.account_type, a.account_category, a.metadata, a.created_by, a.created_at, a.updated_at
  FROM user_accounts ua JOIN accounts a ON a.id = ua.account_id`;

function toLink(r: LinkRow) {
  return {
    id: r.link_id,
    account_id: r.account_id,
    account_name: r.name,
    is_primary: r.is_primary === 1,
    is_active: r.is_active === 1,
    created_at: r.linked_at,
    account: {
      id: r.account_id,
      name: r.name,
      ...(r.description ? { description: r.description } : {}),
      account_type: r.account_type as 'individual',
      account_category: r.account_category as z.infer<typeof createAccountBody>['accountCategory'],
      // The column holds a JSON object (written only through the bounded metadata schema).
      metadata: JSON.parse(r.metadata) as z.infer<typeof account>['metadata'],
      created_by: r.created_by,
      created_at: r.created_at,
      updated_at: r.updated_at,
    },
  };
}

async function findLink(db: D1Database, userId: string, accountId: string) {
  const row = await db.prepare(`${LINK_SELECT} WHERE ua.user_id = ?1 AND ua.account_id = ?2`).bind(userId, accountId).first<LinkRow>();
  if (!row) accountNotFound();
  return row;
}

/** GET /accounts/user/accounts */
export async function listAccounts(db: D1Database, userId: string) {
  const { results } = await db.prepare(`${LINK_SELECT} WHERE ua.user_id = ?1 ORDER BY ua.created_at, ua.id`).bind(userId).all<LinkRow>();
  return { success: true as const, accounts: results.map(toLink) };
}

/** GET /accounts/user/active-account */
export async function activeAccount(db: D1Database, userId: string) {
  const row = await db.prepare(`${LINK_SELECT} WHERE ua.user_id = ?1 AND ua.is_active = 1`).bind(userId).first<LinkRow>();
  if (!row) fail(404, 'No active account');
  return { success: true as const, account: toLink(row) };
}

/** Moves a per-user flag (is_active or is_primary) to one account, atomically. */
async function moveFlag(db: D1Database, userId: string, accountId: string, flag: 'is_active' | 'is_primary') {
  await findLink(db, userId, accountId);
  const [, set] = await db.batch([
    db
      .prepare(
        `UPDATE user_accounts SET ${flag} = 0 WHERE user_id = ?1 AND ${flag} = 1 AND account_id <> ?2
         AND EXISTS (SELECT 1 FROM user_accounts WHERE user_id = ?1 AND account_id = ?2)`,
      )
      .bind(userId, accountId),
    db.prepare(`UPDATE user_accounts SET ${flag} = 1 WHERE user_id = ?1 AND account_id = ?2`).bind(userId, accountId),
  ]);
  if (!set?.meta.changes) accountNotFound();
}

/** POST /accounts/user/switch-account {accountId} */
export async function switchAccount(db: D1Database, userId: string, accountId: string) {
  await moveFlag(db, userId, accountId, 'is_active');
  return { success: true as const };
}

/** POST /accounts/user/accounts/{id}/set-primary */
export async function setPrimaryAccount(db: D1Database, userId: string, accountId: string) {
  await moveFlag(db, userId, accountId, 'is_primary');
  return { success: true as const };
}

/** POST /accounts/user/create-account: a new account, neither active nor primary. */
export async function createAccount(db: D1Database, userId: string, body: z.infer<typeof createAccountBody>) {
  const accountId = crypto.randomUUID();
  const at = now();
  await db.batch([
    db
      .prepare(
        `INSERT INTO accounts (id, name, description, account_type, account_category, created_by, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)`,
      )
      .bind(accountId, body.accountName, body.accountDescription ?? null, body.accountType, body.accountCategory, userId, at),
    db
      .prepare('INSERT INTO user_accounts (id, user_id, account_id, is_primary, is_active, created_at) VALUES (?1, ?2, ?3, 0, 0, ?4)')
      .bind(crypto.randomUUID(), userId, accountId, at),
  ]);
  return { success: true as const, accountId };
}

/** Compare-and-swap attempts of one metadata merge before it gives up with 409 (see below). */
const METADATA_MERGE_TRIES = 3;

/**
 * PUT /accounts/user/accounts/{id}/metadata. The metadata patch is merged (SQLite's json_patch, a
 * JSON merge patch) and the result must stay within ACCOUNT_METADATA_BOUNDS, or the call answers 413
 * and changes nothing. The merge is a read-check-write: the UPDATE applies only if the stored
 * metadata is still the text the check saw (compare-and-swap), so two concurrent PUTs cannot each
 * pass the check against the old object and together store more than the bound; the one that lost
 * the race checks again against the new object.
 */
export async function updateAccountMetadata(db: D1Database, userId: string, accountId: string, body: z.infer<typeof updateAccountMetadataBody>) {
  await findLink(db, userId, accountId);
  const description = body.accountDescription === undefined ? undefined : body.accountDescription || null;
  const patch = body.metadata === undefined ? null : JSON.stringify(body.metadata);
  for (let attempt = 0; attempt < METADATA_MERGE_TRIES; attempt++) {
    let seen: string | null = null;
    let merged: string | null = null;
    if (patch !== null) {
      const row = await db
        .prepare(
          `SELECT a.metadata, json_patch(a.metadata, ?3) AS merged FROM accounts a
           JOIN user_accounts ua ON ua.account_id = a.id AND ua.user_id = ?2 WHERE a.id = ?1`,
        )
        .bind(accountId, userId, patch)
        .first<{ metadata: string; merged: string }>();
      if (!row) accountNotFound();
      const issue = jsonBoundsIssue(JSON.parse(row.merged), ACCOUNT_METADATA_BOUNDS);
      if (issue) fail(413, `metadata: the account's metadata after the merge ${issue}`, 'payload_too_large');
      seen = row.metadata;
      merged = row.merged;
    }
    const result = await db
      .prepare(
        `UPDATE accounts SET
           name = COALESCE(?2, name),
           description = CASE WHEN ?4 = 1 THEN ?3 ELSE description END,
           account_category = COALESCE(?5, account_category),
           metadata = COALESCE(?6, metadata),
           updated_at = ?7
         WHERE id = ?1 AND EXISTS (SELECT 1 FROM user_accounts WHERE user_id = ?8 AND account_id = ?1)
           AND (?9 IS NULL OR metadata = ?9)`,
      )
      .bind(
        accountId,
        body.accountName ?? null,
        description ?? null,
        description === undefined ? 0 : 1,
        body.accountCategory ?? null,
        merged,
        now(),
        userId,
        seen,
      )
      .run();
    if (result.meta.changes) return { success: true as const, account: toLink(await findLink(db, userId, accountId)) };
    // Nothing changed: the account is gone (no patch to compare), or its metadata moved on meanwhile.
    if (patch === null) accountNotFound();
  }
  fail(409, "The account's metadata changed meanwhile; try again", 'changed_meanwhile');
}

/**
 * DELETE /accounts/user/accounts/{id}: never the last account. If it was primary, the oldest
 * remaining account becomes primary; if it was active, the primary becomes active.
 */
export async function deleteAccount(db: D1Database, userId: string, accountId: string) {
  await findLink(db, userId, accountId);
  let results: D1Result[];
  try {
    results = await db.batch([
      db
        .prepare(
          `DELETE FROM user_accounts WHERE user_id = ?1 AND account_id = ?2
           AND (SELECT COUNT(*) FROM user_accounts WHERE user_id = ?1) > 1`,
        )
        .bind(userId, accountId),
      db
        .prepare(
          `UPDATE user_accounts SET is_primary = 1
           WHERE id = (SELECT id FROM user_accounts WHERE user_id = ?1 ORDER BY created_at, id LIMIT 1)
           AND NOT EXISTS (SELECT 1 FROM user_accounts WHERE user_id = ?1 AND is_primary = 1)`,
        )
        .bind(userId),
      db
        .prepare(
          `UPDATE user_accounts SET is_active = 1
           WHERE user_id = ?1 AND is_primary = 1
           AND NOT EXISTS (SELECT 1 FROM user_accounts WHERE user_id = ?1 AND is_active = 1)`,
        )
        .bind(userId),
      db.prepare('DELETE FROM accounts WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM user_accounts WHERE account_id = ?1)').bind(accountId),
    ]);
  } catch (err) {
    // Rows elsewhere (wallets) still reference the account: the whole batch rolled back.
    if (err instanceof Error && /FOREIGN KEY/i.test(err.message)) {
      fail(409, 'This account still holds wallets and cannot be deleted', 'account_holds_wallets');
    }
    throw err;
  }
  if (!results[0]?.meta.changes) fail(409, 'You cannot delete your only account', 'only_account');
  return { success: true as const };
}
