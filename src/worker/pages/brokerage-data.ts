// The reads of /accounts/brokerage rendered on the Worker: the shell, the market clock, then, as soon
// as the active account is known, its brokerage account (open, or what it needs to be opened),
// through the upstream port (src/worker/pages/read.ts). A failed read leaves its part null: the
// island then reads it itself.
import { getBrokerageAccount, getMarketClock } from '../../shared/contract/brokerage';
import type { PageSeed } from '../../shared/page-seed';
import type { Bindings } from '../env';
import type { PageUser } from './page-user';
import { read, type AnswerOf } from './read';
import { shellReads, shellSeed } from './shell';

export interface ServedBrokerage {
  account: AnswerOf<typeof getBrokerageAccount> | null;
  clock: AnswerOf<typeof getMarketClock> | null;
}

export async function brokeragePage(
  request: Request,
  env: Bindings,
  user: PageUser,
  ctx?: ExecutionContext,
): Promise<{ seed: PageSeed; served: ServedBrokerage }> {
  const reader = { env, user, ctx };
  const reads = shellReads(env, user, ctx);
  const account = reads.then(([, , active]) => {
    const accountId = active?.account?.account_id;
    return accountId ? read(reader, '/brokerage', getBrokerageAccount, { params: { accountId } }) : null;
  });
  const [shell, served, clock] = await Promise.all([reads, account, read(reader, '/brokerage', getMarketClock)]);
  return { seed: await shellSeed(request, user, shell), served: { account: served, clock } };
}
