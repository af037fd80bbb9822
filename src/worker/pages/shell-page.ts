// The reads of a signed-in page rendered on the Worker whose first screen is the shell and text only
// (issue 16): /settings, its placeholder sections and FAQ, and /onboarding. Only the shell's three
// reads, in parallel (src/worker/pages/page-data.ts); the page's own text comes from the dictionary
// of the language they decide.
import type { PageSeed } from '../../shared/page-seed';
import type { Bindings } from '../env';
import { shellReads, shellSeed } from './page-data';
import type { PageUser } from './page-user';

/** The shell's seed (profile, account list, active account) in the account's language, else the browser's. */
export async function shellPage(request: Request, env: Bindings, user: PageUser, ctx?: ExecutionContext): Promise<{ seed: PageSeed }> {
  return { seed: await shellSeed(request, user, await shellReads(env, user, ctx)) };
}
