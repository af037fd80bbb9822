// The reads of /transactions rendered on the Worker: the shell and the first screenful of the active
// account's history with the filters of the address.
import { apiFilters, readHistoryQuery } from '../../shared/history-query';
import { listForAccount } from '../../shared/contract/transactions';
import { FIRST_SCREEN_ROWS, type PageSeed } from '../../shared/page-seed';
import type { Bindings } from '../env';
import type { PageUser } from './page-user';
import type { OnboardingChecklist } from '../../shared/schemas/onboarding';
import { onboardingRead } from './onboarding-data';
import { read, type AnswerOf } from './read';
import { shellReads, shellSeed } from './shell';

export type PageTransaction = AnswerOf<typeof listForAccount>[number];

/**
 * /transactions (the first signed-in screen): the shell, the first screenful of the active account's
 * history with the filters of the address, and the user's onboarding checklist (a pointer to
 * /onboarding until it is complete). The list needs the active account's id, so it starts as soon as that read answers
 * (the profile and the account list still in flight), not after all three.
 */
export async function transactionsPage(
  request: Request,
  env: Bindings,
  user: PageUser,
  ctx?: ExecutionContext,
): Promise<{ seed: PageSeed; rows: PageTransaction[] | null; checklist: OnboardingChecklist | null }> {
  const reads = shellReads(env, user, ctx);
  const { filters } = readHistoryQuery(new URL(request.url).search);
  const rows = reads.then(([, , active]) => {
    const accountId = active?.account?.account_id;
    if (!accountId) return [] as PageTransaction[];
    return read({ env, user, ctx }, '/transactions', listForAccount, {
      params: { id: accountId },
      query: { limit: String(FIRST_SCREEN_ROWS), ...apiFilters(filters) },
    });
  });
  const [shell, list, checklist] = await Promise.all([reads, rows, onboardingRead(env, user, ctx)]);
  return { seed: await shellSeed(request, user, shell), rows: list, checklist };
}
