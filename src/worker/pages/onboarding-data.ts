// The reads of /onboarding rendered on the Worker: the shell's three reads and the user's checklist
// (GET /onboarding), in parallel. The /transactions page reads the same checklist for its
// "finish setting up" pointer (`onboardingRead`).
import { getOnboarding } from '../../shared/contract/onboarding';
import type { PageSeed } from '../../shared/page-seed';
import type { OnboardingChecklist } from '../../shared/schemas/onboarding';
import type { Bindings } from '../env';
import type { PageUser } from './page-user';
import { read } from './read';
import { shellReads, shellSeed } from './shell';

/** The user's checklist, or null when the read fails (the page then shows the steps without their state). */
export const onboardingRead = (env: Bindings, user: PageUser, ctx?: ExecutionContext): Promise<OnboardingChecklist | null> =>
  read({ env, user, ctx }, '/onboarding', getOnboarding);

/** /onboarding: the shell and the checklist. */
export async function onboardingPage(
  request: Request,
  env: Bindings,
  user: PageUser,
  ctx?: ExecutionContext,
): Promise<{ seed: PageSeed; checklist: OnboardingChecklist | null }> {
  const [shell, checklist] = await Promise.all([shellReads(env, user, ctx), onboardingRead(env, user, ctx)]);
  return { seed: await shellSeed(request, user, shell), checklist };
}
