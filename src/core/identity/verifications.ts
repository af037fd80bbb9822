// Identity verification submissions of the embedded core: a person submits their legal name, date of
// birth, country and document; the outcome is decided at once by ./rules.ts (or after a review, by
// ./review.ts). The submission and the profile's idv_* columns are written in one D1 batch that only
// goes through while the person has nothing pending or approved, so two racing submissions cannot
// both win; an approval makes the legal name the profile's first and last name. A decision made at
// once writes its notification (identity_approved or identity_rejected) in the same batch.
import type { z } from 'zod';
import { fail, isGuardTrip, isUniqueViolation } from '../db';
import { notifyVerifications } from '../ledger/notify';
import { newId, nowIso, sha256Hex } from '../../platform/primitives';
import { normalDocumentNumber } from '../../shared/identity-rules';
import type { identitySubmissionBody, identityVerification } from '../../shared/schemas/identity';
import { IDV_REVIEW_DELAY_MS, decide } from './rules';

interface VerificationRow {
  id: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: z.infer<typeof identityVerification>['reason'];
  first_name: string;
  last_name: string;
  country: string;
  document_type: z.infer<typeof identityVerification>['document_type'];
  document_last4: string;
  created_at: string;
  updated_at: string;
  decided_at: string | null;
}

const PUBLIC_COLUMNS = 'id, status, reason, first_name, last_name, country, document_type, document_last4, created_at, updated_at, decided_at';

/** The profile's name columns after an approval: the legal name, else what they were. */
export const NAME_FROM_APPROVAL = (status: string) =>
  `first_name = CASE WHEN ${status} = 'approved' THEN v.first_name ELSE profiles.first_name END,
   last_name = CASE WHEN ${status} = 'approved' THEN v.last_name ELSE profiles.last_name END`;

function alreadySubmitted(): never {
  fail(409, 'Your identity is already verified or in review', 'identity_already_submitted');
}

/** POST /identity-verification: a new submission, decided at once or pending review. */
export async function submitVerification(
  db: D1Database,
  userId: string,
  body: z.infer<typeof identitySubmissionBody>,
  nowMs = Date.now(),
): Promise<VerificationRow> {
  const number = normalDocumentNumber(body.document_number);
  const last4 = number.slice(-4);
  const decision = decide(last4);
  const id = newId();
  const at = nowIso(nowMs);
  const decidedAt = decision.status === 'pending' ? null : at;
  const decideAt = decision.status === 'pending' ? nowIso(nowMs + IDV_REVIEW_DELAY_MS) : null;
  try {
    await db.batch([
      db
        .prepare(
          `INSERT INTO identity_verifications (id, user_id, first_name, last_name, date_of_birth, country, document_type, document_last4,
             document_hash, consent_at, status, reason, decide_at, decided_at, created_at, updated_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?10, ?10)`,
        )
        .bind(
          id,
          userId,
          body.first_name,
          body.last_name,
          body.date_of_birth,
          body.country,
          body.document_type,
          last4,
          await sha256Hex(number),
          at,
          decision.status,
          decision.reason,
          decideAt,
          decidedAt,
        ),
      // Only while nothing is pending or approved: the guard aborts the batch (the insert too) otherwise.
      db
        .prepare(
          `UPDATE profiles SET idv_id = ?2, idv_status = ?3, idv_created_at = ?4, idv_updated_at = ?4, updated_at = ?4,
             ${NAME_FROM_APPROVAL('?3')}
           FROM (SELECT first_name, last_name FROM identity_verifications WHERE id = ?2) AS v
           WHERE profiles.id = ?1 AND (profiles.idv_status IS NULL OR profiles.idv_status = 'rejected')`,
        )
        .bind(userId, id, decision.status, at),
      db.prepare(`INSERT INTO batch_guard (reason) SELECT 'identity already submitted' WHERE changes() = 0`),
      ...(decision.status === 'pending' ? [] : [notifyVerifications(db, `identity_${decision.status}`, at, 'id = ?3', id)]),
    ]);
  } catch (err) {
    if (isGuardTrip(err) || isUniqueViolation(err, 'identity_verifications')) alreadySubmitted();
    throw err;
  }
  return {
    id,
    status: decision.status,
    reason: decision.reason,
    first_name: body.first_name,
    last_name: body.last_name,
    country: body.country,
    document_type: body.document_type,
    document_last4: last4,
    created_at: at,
    updated_at: at,
    decided_at: decidedAt,
  };
}

/** GET /identity-verification: the caller's latest submission (only ever their own), or 404. */
export async function latestVerification(db: D1Database, userId: string): Promise<VerificationRow> {
  const row = await db
    .prepare(`SELECT ${PUBLIC_COLUMNS} FROM identity_verifications WHERE user_id = ?1 ORDER BY created_at DESC, rowid DESC LIMIT 1`)
    .bind(userId)
    .first<VerificationRow>();
  return row ?? fail(404, 'No identity verification yet');
}
