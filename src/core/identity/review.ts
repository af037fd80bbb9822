// The review of pending identity verifications: at its decide_at, a pending submission is decided by
// the rules of ./rules.ts (approved, or rejected with its reason), with the profile's status (and on
// approval its name) in the same batch. Run by the app's clock (src/worker/clock/jobs.ts); safe to
// repeat and to race another run, since each statement picks only rows still pending and due.
import { reviewOutcomeSql } from './rules';
import { NAME_FROM_APPROVAL } from './verifications';

/** When the next pending review is due (ISO), or null when none waits. */
export async function nextReviewDue(db: D1Database): Promise<string | null> {
  return db.prepare(`SELECT MIN(decide_at) AS at FROM identity_verifications WHERE status = 'pending'`).first<string | null>('at');
}

const DUE = `status = 'pending' AND decide_at <= ?1`;

/** Decides every pending review due at `now`; answers the users whose verification was decided. */
export async function decideDueReviews(db: D1Database, now: string): Promise<{ decided: number; users: string[] }> {
  const [due] = await db.batch<{ user_id: string }>([
    db.prepare(`SELECT user_id FROM identity_verifications WHERE ${DUE}`).bind(now),
    // The profile first, while its submission still reads pending; only if it still points at it.
    db
      .prepare(
        `UPDATE profiles SET idv_status = v.outcome, idv_updated_at = ?1, updated_at = ?1, ${NAME_FROM_APPROVAL('v.outcome')}
         FROM (SELECT id, first_name, last_name, ${reviewOutcomeSql('status')} AS outcome FROM identity_verifications WHERE ${DUE}) AS v
         WHERE profiles.idv_id = v.id`,
      )
      .bind(now),
    db
      .prepare(
        `UPDATE identity_verifications SET status = ${reviewOutcomeSql('status')}, reason = ${reviewOutcomeSql('reason')},
           decided_at = ?1, updated_at = ?1 WHERE ${DUE}`,
      )
      .bind(now),
  ]);
  const users = (due?.results ?? []).map((r) => r.user_id);
  return { decided: users.length, users };
}
