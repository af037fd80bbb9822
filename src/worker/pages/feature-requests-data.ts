// The reads of /settings/feature-requests rendered on the Worker: the shell's three reads
// and the first screenful of the board by total score (with the user's own votes), in parallel
// through the upstream port (src/worker/pages/read.ts).
import { listRequests } from '../../shared/contract/feature-requests';
import { FIRST_SCREEN_ROWS, type PageSeed } from '../../shared/page-seed';
import type { Bindings } from '../env';
import type { PageUser } from './page-user';
import { read, type AnswerOf } from './read';
import { shellReads, shellSeed } from './shell';

export type PageFeatureRequest = AnswerOf<typeof listRequests>[number];

/** /settings/feature-requests: the shell and the top requests (null: that read failed; the island loads them). */
export async function featureRequestsPage(
  request: Request,
  env: Bindings,
  user: PageUser,
  ctx?: ExecutionContext,
): Promise<{ seed: PageSeed; requests: PageFeatureRequest[] | null }> {
  const [shell, requests] = await Promise.all([
    shellReads(env, user, ctx),
    read({ env, user, ctx }, '/feature-requests', listRequests, { query: { sortBy: 'total_score', sortOrder: 'desc', limit: String(FIRST_SCREEN_ROWS) } }),
  ]);
  return { seed: await shellSeed(request, user, shell), requests };
}
