// The review of pending identity verifications: at its decide_at, a pending submission is decided by
// the rules of ./rules.ts (approved, or rejected with its reason), with the profile's status (and on
// approval its name) and the person's notification of the decision in the same batch. Run by the
// app's clock (src/worker/clock/jobs.ts); safe to repeat and to race another run, since each
// statement picks only rows still pending and due.
import { notifyVerifications } from '../ledger/notify';
import { reviewOutcomeSql } from './rules';
import { NAME_FROM_APPROVAL } from './verifications';

/** When the next pending review is due (ISO), or null when none waits. */
export async function nextReviewDue(db: D1Database): Promise<string | null> {
  return db.prepare(`SELECT MIN(decide_at) AS at FROM identity_verifications WHERE status = 'pending'`).first<string | null>('at');
}

/** Pending submissions due at the time bound as `param`. */
const due = (param: string) => `status = 'pending' AND decide_at <= ${param}`;
const DUE = due('?1');

/**
 * Decides every pending review due at `now`; answers the users whose verification was decided and
 * their Canton parties (whose open screens are told).
 */
export async function decideDueReviews(db: D1Database, now: string): Promise<{ decided: number; users: string[]; parties: string[] }> {
  const [dueRows, parties] = await db.batch<{ user_id: string; party_id: string }>([
    db.prepare(`SELECT user_id FROM identity_verifications WHERE ${DUE}`).bind(now),
    db
      .prepare(
        `SELECT DISTINCT lp.party_id FROM ledger_parties lp JOIN user_accounts ua ON ua.account_id = lp.account_id
         WHERE ua.user_id IN (SELECT user_id FROM identity_verifications WHERE ${DUE})`,
      )
      .bind(now),
    // The notifications first too, while the submissions still read pending (their binds: ?2 now).
    ...(['approved', 'rejected'] as const).map((outcome) =>
      notifyVerifications(db, `identity_${outcome}`, now, `${due('?2')} AND ${reviewOutcomeSql('status')} = '${outcome}'`),
    ),
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
  const users = (dueRows?.results ?? []).map((r) => r.user_id);
  return { decided: users.length, users, parties: (parties?.results ?? []).map((r) => r.party_id) };
}
