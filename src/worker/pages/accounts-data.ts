// The reads of /accounts rendered on the Worker: the shell, the active account's wallet categories
// (the three cards) and, when it has a digital-assets wallet, that wallet's balance for its card.
import { partyBalance, walletCategories } from '../../shared/contract/wallets';
import type { PageSeed } from '../../shared/page-seed';
import type { Bindings } from '../env';
import type { PageUser } from './page-user';
import { read, type AnswerOf } from './read';
import { shellReads, shellSeed } from './shell';

export type PageWalletCategories = AnswerOf<typeof walletCategories>;
export type PageBalance = AnswerOf<typeof partyBalance>;

/**
 * /accounts: the shell, the active account's wallet categories (the three cards) and, when it has a
 * digital-assets wallet, that wallet's balance for its card. Each read starts as soon as the one it
 * needs has answered (active account, then categories, then the balance).
 */
export async function accountsPage(
  request: Request,
  env: Bindings,
  user: PageUser,
  ctx?: ExecutionContext,
): Promise<{ seed: PageSeed; categories: PageWalletCategories | null; balance: PageBalance | null }> {
  const page = { env, user, ctx };
  const reads = shellReads(env, user, ctx);
  const categories = reads.then(([, , active]) => {
    const accountId = active?.account?.account_id;
    return accountId ? read(page, '/wallets', walletCategories, { params: { accountId } }) : null;
  });
  const balance = categories.then((c) => {
    const partyId = c?.digital_asset_account?.address;
    return partyId ? read(page, '/wallets', partyBalance, { params: { partyId } }) : null;
  });
  const [shell, cats, bal] = await Promise.all([reads, categories, balance]);
  return { seed: await shellSeed(request, user, shell), categories: cats, balance: bal };
}
