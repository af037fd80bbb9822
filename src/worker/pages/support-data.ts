// The reads of /support rendered on the Worker (issue 16): the shell's three reads and the first
// screenful of the user's tickets (the Help Center tab, the one the page opens on), all in parallel
// through the upstream port (src/worker/pages/page-data.ts). The Requests tab is not read here: the
// address's hash (#requests) never reaches the server, and the tab loads its board when opened.
import type { z } from 'zod';
import { FIRST_SCREEN_ROWS, type PageSeed } from '../../shared/page-seed';
import type { ticket } from '../../shared/schemas/support-ticket';
import type { Bindings } from '../env';
import { read, shellReads, shellSeed } from './page-data';
import type { PageUser } from './page-user';

export type PageTicket = z.infer<typeof ticket>;

/** /support: the shell and the user's latest tickets (null: that read failed; the island loads them). */
export async function supportPage(request: Request, env: Bindings, user: PageUser, ctx?: ExecutionContext): Promise<{ seed: PageSeed; tickets: PageTicket[] | null }> {
  const [shell, tickets] = await Promise.all([shellReads(env, user, ctx), read<PageTicket[]>(env, user, '/support/tickets', ctx, { limit: String(FIRST_SCREEN_ROWS) })]);
  return { seed: await shellSeed(request, user, shell), tickets };
}
