// The new user's checklist, derived in one read from what the person has done: the identity status
// of their profile and the completed rows of their accounts' transactions.
import type { OnboardingChecklist } from '../../shared/schemas/onboarding';
import { ONBOARDING_STEPS } from '../../shared/onboarding';

/** Each step's rule, as SQL over the caller's profile (`p`) and their accounts' transactions. */
const DONE_SQL = {
  verify_identity: `p.idv_status = 'approved'`,
  add_dollars: `EXISTS (SELECT 1 FROM mine t WHERE t.type = 'deposit' AND t.asset = 'USD' AND t.status = 'COMPLETED')`,
  first_purchase_or_send: `EXISTS (SELECT 1 FROM mine t WHERE t.status = 'COMPLETED' AND (
      t.type = 'stock_order' OR (t.type = 'deposit' AND t.asset <> 'USD') OR (t.type = 'transfer' AND t.direction = 'sent')))`,
} as const satisfies Record<(typeof ONBOARDING_STEPS)[number], string>;

export async function onboardingChecklist(db: D1Database, userId: string): Promise<OnboardingChecklist> {
  const row = await db
    .prepare(
      `WITH mine AS (SELECT t.* FROM transactions t JOIN user_accounts ua ON ua.account_id = t.account_id WHERE ua.user_id = ?1)
       SELECT ${ONBOARDING_STEPS.map((step) => `COALESCE((${DONE_SQL[step]}), 0) AS ${step}`).join(', ')}
       FROM (SELECT 1) LEFT JOIN profiles p ON p.id = ?1`,
    )
    .bind(userId)
    .first<Record<(typeof ONBOARDING_STEPS)[number], number>>();
  const steps = ONBOARDING_STEPS.map((id) => ({ id, done: row?.[id] === 1 }));
  return { steps, complete: steps.every((s) => s.done) };
}
