// The embedded core's test rules of identity verification: the outcome is decided from the last 4
// characters of the document number, so that tests and demos reach every state (documented in
// src/core/routes/README.md and docs/api.md). A real upstream decides with its identity provider.
import type { IdvReason } from '../../shared/identity-rules';

/** How long a submission waits in review before the app's clock decides it. */
export const IDV_REVIEW_DELAY_MS = 2 * 60_000;

type Outcome = { status: 'approved'; reason: null } | { status: 'rejected'; reason: IdvReason };
export type Decision = (Outcome & { review: false }) | { status: 'pending'; reason: null; review: Outcome };

const approved: Outcome = { status: 'approved', reason: null };
const rejected = (reason: IdvReason): Outcome => ({ status: 'rejected', reason });

/** The rules by the document number's last 4 characters; any other ending is approved at once. */
const RULES: Readonly<Record<string, Decision>> = {
  '0000': { ...rejected('document_unreadable'), review: false },
  '0001': { ...rejected('name_mismatch'), review: false },
  '1111': { status: 'pending', reason: null, review: approved },
  '2222': { status: 'pending', reason: null, review: rejected('document_expired') },
};

export const decide = (last4: string): Decision => RULES[last4] ?? { ...approved, review: false };

/** The outcome of a due review as SQL over identity_verifications' `document_last4` (the rules above). */
export function reviewOutcomeSql(field: 'status' | 'reason'): string {
  const cases = Object.entries(RULES).flatMap(([last4, d]) => (d.status === 'pending' ? [`WHEN '${last4}' THEN ${sqlText(d.review[field])}`] : []));
  return `CASE document_last4 ${cases.join(' ')} ELSE ${sqlText(approved[field])} END`;
}
const sqlText = (v: string | null) => (v === null ? 'NULL' : `'${v}'`);
