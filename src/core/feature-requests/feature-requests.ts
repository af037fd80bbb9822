// Community feature requests. Anyone signed in reads and votes; only the author edits or deletes.
// One vote per user per request (primary key). Each vote change is one D1 batch that writes the
// vote, trips `batch_guard` when it changed nothing (same vote again -> 409; no vote to remove ->
// 404), and recounts upvotes/downvotes from the votes, so concurrent votes cannot lose an update
// and total_score (a generated column) is always upvotes - downvotes.
import { newId, nowIso } from '../../platform/primitives';
import { fail, isGuardTrip } from '../db';

type Status = 'submitted' | 'under_review' | 'planned' | 'in_progress' | 'completed' | 'rejected';
type VoteType = 'upvote' | 'downvote';

interface RequestRow {
  id: string;
  author_id: string;
  title: string;
  description: string;
  category: string | null;
  is_anonymous: number;
  author_name: string;
  status: Status;
  priority: 'low' | 'medium' | 'high' | 'critical';
  upvotes: number;
  downvotes: number;
  total_score: number;
  created_at: string;
  updated_at: string;
  my_vote: VoteType | null;
}

const SELECT = `SELECT fr.id, fr.author_id, fr.title, fr.description, fr.category, fr.is_anonymous, fr.author_name, fr.status,
    fr.priority, fr.upvotes, fr.downvotes, fr.total_score, fr.created_at, fr.updated_at, v.vote_type AS my_vote
  FROM feature_requests fr LEFT JOIN feature_request_votes v ON v.feature_request_id = fr.id AND v.user_id = ?1`;

function toRequest(r: RequestRow, userId: string) {
  const anonymous = r.is_anonymous === 1;
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    category: r.category,
    is_anonymous: anonymous,
    /** Hidden when the request is anonymous. */
    author: anonymous ? null : { name: r.author_name || 'Community member' },
    is_mine: r.author_id === userId,
    status: r.status,
    priority: r.priority,
    upvotes: r.upvotes,
    downvotes: r.downvotes,
    total_score: r.total_score,
    /** The caller's own vote, so the list needs no my-vote round trips. */
    my_vote: r.my_vote,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}
export type FeatureRequest = ReturnType<typeof toRequest>;

export interface ListQuery {
  status?: Status;
  category?: string;
  search?: string;
  sortBy: 'total_score' | 'created_at';
  sortOrder: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export async function listRequests(db: D1Database, userId: string, q: ListQuery): Promise<FeatureRequest[]> {
  const where: string[] = [];
  const params: unknown[] = [userId];
  const param = (v: unknown) => {
    params.push(v);
    return `?${params.length}`;
  };
  if (q.status) where.push(`fr.status = ${param(q.status)}`);
  if (q.category) {
    const p = param(q.category);
    where.push(`fr.category = (SELECT name FROM feature_request_categories WHERE name = ${p} OR id = ${p})`);
  }
  if (q.search) {
    // instr, not LIKE: D1 refuses a LIKE pattern over 50 bytes, and instr has no metacharacters to
    // escape. lower() folds ASCII only, as LIKE did; the search scans the board either way.
    const p = param(q.search);
    where.push(`(instr(lower(fr.title), lower(${p})) > 0 OR instr(lower(fr.description), lower(${p})) > 0)`);
  }
  const dir = q.sortOrder === 'asc' ? 'ASC' : 'DESC';
  const order = q.sortBy === 'total_score' ? `fr.total_score ${dir}, fr.created_at ${dir}, fr.rowid ${dir}` : `fr.created_at ${dir}, fr.rowid ${dir}`;
  const sql = `${SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${order} LIMIT ${param(q.limit)} OFFSET ${param(q.offset)}`;
  const { results } = await db
    .prepare(sql)
    .bind(...params)
    .all<RequestRow>();
  return results.map((r) => toRequest(r, userId));
}

async function row(db: D1Database, userId: string, id: string) {
  return db.prepare(`${SELECT} WHERE fr.id = ?2`).bind(userId, id).first<RequestRow>();
}

export async function getRequest(db: D1Database, userId: string, id: string): Promise<FeatureRequest> {
  const r = await row(db, userId, id);
  return r ? toRequest(r, userId) : fail(404, 'Feature request not found');
}

/** The category's stored name for a name or id; 400 for an unknown one. */
async function resolveCategory(db: D1Database, category: string): Promise<string> {
  const r = await db.prepare('SELECT name FROM feature_request_categories WHERE name = ?1 OR id = ?1').bind(category).first<{ name: string }>();
  return r?.name ?? fail(400, 'category: Unknown category');
}

async function publicName(db: D1Database, userId: string): Promise<string> {
  const p = await db
    .prepare('SELECT name, first_name, last_name FROM profiles WHERE id = ?')
    .bind(userId)
    .first<{ name: string; first_name: string | null; last_name: string | null }>();
  if (p?.first_name) return `${p.first_name}${p.last_name ? ` ${p.last_name.charAt(0)}.` : ''}`;
  return p?.name?.trim() || 'Community member';
}

export async function createRequest(
  db: D1Database,
  userId: string,
  body: { title: string; description: string; category?: string; is_anonymous: boolean },
): Promise<FeatureRequest> {
  const category = body.category === undefined ? null : await resolveCategory(db, body.category);
  const id = newId();
  const now = nowIso();
  await db
    .prepare(
      `INSERT INTO feature_requests (id, author_id, title, description, category, is_anonymous, author_name, status, priority, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'submitted', 'medium', ?, ?)`,
    )
    .bind(id, userId, body.title, body.description, category, body.is_anonymous ? 1 : 0, body.is_anonymous ? '' : await publicName(db, userId), now, now)
    .run();
  return getRequest(db, userId, id);
}

/** Edits are the author's: anyone else's id answers 404, like every foreign id (design, Security rules). */
async function requireAuthor(db: D1Database, userId: string, id: string) {
  const r = await db.prepare('SELECT 1 AS mine FROM feature_requests WHERE id = ? AND author_id = ?').bind(id, userId).first();
  if (!r) fail(404, 'Feature request not found');
}

export async function updateRequest(
  db: D1Database,
  userId: string,
  id: string,
  body: { title?: string; description?: string; category?: string | null; is_anonymous?: boolean },
): Promise<FeatureRequest> {
  await requireAuthor(db, userId, id);
  const sets: string[] = [];
  const values: unknown[] = [];
  const set = (col: string, v: unknown) => {
    sets.push(`${col} = ?`);
    values.push(v);
  };
  if (body.title !== undefined) set('title', body.title);
  if (body.description !== undefined) set('description', body.description);
  if (body.category !== undefined) set('category', body.category === null ? null : await resolveCategory(db, body.category));
  if (body.is_anonymous !== undefined) {
    set('is_anonymous', body.is_anonymous ? 1 : 0);
    set('author_name', body.is_anonymous ? '' : await publicName(db, userId));
  }
  set('updated_at', nowIso());
  await db
    .prepare(`UPDATE feature_requests SET ${sets.join(', ')} WHERE id = ? AND author_id = ?`)
    .bind(...values, id, userId)
    .run();
  return getRequest(db, userId, id);
}

export async function deleteRequest(db: D1Database, userId: string, id: string) {
  await requireAuthor(db, userId, id);
  await db.prepare('DELETE FROM feature_requests WHERE id = ? AND author_id = ?').bind(id, userId).run();
  return { id, deleted: true as const };
}

function recount(db: D1Database, id: string) {
  return db
    .prepare(
      `UPDATE feature_requests SET
         upvotes = (SELECT COUNT(*) FROM feature_request_votes WHERE feature_request_id = ?1 AND vote_type = 'upvote'),
         downvotes = (SELECT COUNT(*) FROM feature_request_votes WHERE feature_request_id = ?1 AND vote_type = 'downvote')
       WHERE id = ?1`,
    )
    .bind(id);
}

async function requireExists(db: D1Database, id: string) {
  const r = await db.prepare('SELECT 1 AS ok FROM feature_requests WHERE id = ?').bind(id).first();
  if (!r) fail(404, 'Feature request not found');
}

/** Up or down: adds a vote, or switches the caller's vote; the same vote again answers 409. */
export async function vote(db: D1Database, userId: string, id: string, voteType: VoteType): Promise<FeatureRequest> {
  await requireExists(db, id);
  const now = nowIso();
  try {
    await db.batch([
      db
        .prepare(
          `INSERT INTO feature_request_votes (feature_request_id, user_id, vote_type, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?4)
           ON CONFLICT (feature_request_id, user_id) DO UPDATE SET vote_type = excluded.vote_type, updated_at = excluded.updated_at
           WHERE feature_request_votes.vote_type <> excluded.vote_type`,
        )
        .bind(id, userId, voteType, now),
      db.prepare(`INSERT INTO batch_guard (reason) SELECT 'same vote again' WHERE changes() = 0`),
      recount(db, id),
    ]);
  } catch (err) {
    if (isGuardTrip(err)) fail(409, `You already gave this request an ${voteType}; remove it with DELETE /feature-requests/${id}/vote`, 'already_voted');
    if (err instanceof Error && err.message.includes('FOREIGN KEY')) fail(404, 'Feature request not found');
    throw err;
  }
  return getRequest(db, userId, id);
}

/** Removes the caller's vote; 404 when there is none. */
export async function unvote(db: D1Database, userId: string, id: string): Promise<FeatureRequest> {
  await requireExists(db, id);
  try {
    await db.batch([
      db.prepare('DELETE FROM feature_request_votes WHERE feature_request_id = ? AND user_id = ?').bind(id, userId),
      db.prepare(`INSERT INTO batch_guard (reason) SELECT 'no vote to remove' WHERE changes() = 0`),
      recount(db, id),
    ]);
  } catch (err) {
    if (isGuardTrip(err)) fail(404, 'No vote');
    throw err;
  }
  return getRequest(db, userId, id);
}

export async function myVote(db: D1Database, userId: string, id: string) {
  await requireExists(db, id);
  const v = await db
    .prepare('SELECT vote_type, created_at, updated_at FROM feature_request_votes WHERE feature_request_id = ? AND user_id = ?')
    .bind(id, userId)
    .first<{ vote_type: VoteType; created_at: string; updated_at: string }>();
  return v ? { feature_request_id: id, ...v } : fail(404, 'No vote');
}

export async function listCategories(db: D1Database) {
  const { results } = await db
    .prepare('SELECT id, name, source FROM feature_request_categories ORDER BY sort_order')
    .all<{ id: string; name: string; source: 'spec' | 'server' }>();
  return results;
}
