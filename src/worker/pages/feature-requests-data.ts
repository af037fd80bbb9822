// The reads of /settings/feature-requests rendered on the Worker (issue 16): the shell's three reads
// and the first screenful of the board by total score (with the user's own votes), in parallel
// through the upstream port (src/worker/pages/page-data.ts).
import type { z } from 'zod';
import { FIRST_SCREEN_ROWS, type PageSeed } from '../../shared/page-seed';
import type { featureRequest } from '../../shared/schemas/feature-request';
import type { Bindings } from '../env';
import { read, shellReads, shellSeed } from './page-data';
import type { PageUser } from './page-user';

export type PageFeatureRequest = z.infer<typeof featureRequest>;

/** /settings/feature-requests: the shell and the top requests (null: that read failed; the island loads them). */
export async function featureRequestsPage(
  request: Request,
  env: Bindings,
  user: PageUser,
  ctx?: ExecutionContext,
): Promise<{ seed: PageSeed; requests: PageFeatureRequest[] | null }> {
  const [shell, requests] = await Promise.all([
    shellReads(env, user, ctx),
    read<PageFeatureRequest[]>(env, user, '/feature-requests', ctx, { sortBy: 'total_score', sortOrder: 'desc', limit: String(FIRST_SCREEN_ROWS) }),
  ]);
  return { seed: await shellSeed(request, user, shell), requests };
}
