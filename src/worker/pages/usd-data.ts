// The reads of /accounts/usd rendered on the Worker: the shell, then, as soon as the active account
// is known, its USD account (open, or what it needs to be opened), through the upstream port
// (src/worker/pages/read.ts). A failed read leaves it null: the island then reads it itself.
import type { PageSeed } from '../../shared/page-seed';
import { getUsdAccount } from '../../shared/contract/usd';
import type { Bindings } from '../env';
import type { PageUser } from './page-user';
import { read, type AnswerOf } from './read';
import { shellReads, shellSeed } from './shell';

export async function usdPage(
  request: Request,
  env: Bindings,
  user: PageUser,
  ctx?: ExecutionContext,
): Promise<{ seed: PageSeed; served: AnswerOf<typeof getUsdAccount> | null }> {
  const reads = shellReads(env, user, ctx);
  const served = reads.then(([, , active]) => {
    const accountId = active?.account?.account_id;
    return accountId ? read({ env, user, ctx }, '/usd', getUsdAccount, { params: { accountId } }) : null;
  });
  const [shell, usd] = await Promise.all([reads, served]);
  return { seed: await shellSeed(request, user, shell), served: usd };
}
