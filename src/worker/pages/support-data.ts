// The reads of /support rendered on the Worker: the shell's three reads and the first
// screenful of the user's tickets (the Help Center tab, the one the page opens on), all in parallel
// through the upstream port (src/worker/pages/read.ts). The Requests tab is not read here: the
// address's hash (#requests) never reaches the server, and the tab loads its board when opened.
import { listTickets } from '../../shared/contract/support';
import { FIRST_SCREEN_ROWS, type PageSeed } from '../../shared/page-seed';
import type { Bindings } from '../env';
import type { PageUser } from './page-user';
import { read, type AnswerOf } from './read';
import { shellReads, shellSeed } from './shell';

export type PageTicket = AnswerOf<typeof listTickets>[number];

/** /support: the shell and the user's latest tickets (null: that read failed; the island loads them). */
export async function supportPage(
  request: Request,
  env: Bindings,
  user: PageUser,
  ctx?: ExecutionContext,
): Promise<{ seed: PageSeed; tickets: PageTicket[] | null }> {
  const [shell, tickets] = await Promise.all([
    shellReads(env, user, ctx),
    read({ env, user, ctx }, '/support', listTickets, { query: { limit: String(FIRST_SCREEN_ROWS) } }),
  ]);
  return { seed: await shellSeed(request, user, shell), tickets };
}
