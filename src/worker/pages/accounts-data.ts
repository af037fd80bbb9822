// The reads of /accounts rendered on the Worker: the shell, the active account's wallet categories
// (the three cards) and, when it has a digital-assets wallet, that wallet's balance for its card; for
// the net worth, the USD account and the brokerage account when the account has them (none of it
// when a part the account has could not be read: a total without it would look whole and be wrong).
import { getBrokerageAccount } from '../../shared/contract/brokerage';
import { getUsdAccount } from '../../shared/contract/usd';
import { partyBalance, walletCategories } from '../../shared/contract/wallets';
import type { PageSeed } from '../../shared/page-seed';
import type { Bindings } from '../env';
import type { PageUser } from './page-user';
import { read, type AnswerOf } from './read';
import { shellReads, shellSeed } from './shell';

export type PageWalletCategories = AnswerOf<typeof walletCategories>;
export type PageBalance = AnswerOf<typeof partyBalance>;
export type PageNetWorth = { usd: AnswerOf<typeof getUsdAccount> | null; brokerage: AnswerOf<typeof getBrokerageAccount> | null };

/**
 * /accounts: the shell, the active account's wallet categories (the three cards) and, when it has a
 * digital-assets wallet, that wallet's balance for its card; the USD and brokerage accounts it has,
 * for the net worth. Each read starts as soon as the one it needs has answered (active account, then
 * categories, then the balance and the accounts, at once). The net worth is served only when every
 * part the account has was read (the wallet's through its balance); else null, and none is shown.
 */
export async function accountsPage(
  request: Request,
  env: Bindings,
  user: PageUser,
  ctx?: ExecutionContext,
): Promise<{ seed: PageSeed; categories: PageWalletCategories | null; balance: PageBalance | null; netWorth: PageNetWorth | null }> {
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
  const usd = categories.then((c) => {
    const accountId = c?.usd_account?.account_id;
    return accountId ? read(page, '/usd', getUsdAccount, { params: { accountId } }) : null;
  });
  const brokerage = categories.then((c) => {
    const accountId = c?.brokerage_account?.account_id;
    return accountId ? read(page, '/brokerage', getBrokerageAccount, { params: { accountId } }) : null;
  });
  const [shell, cats, bal, usdAccount, brokerageAccount] = await Promise.all([reads, categories, balance, usd, brokerage]);
  const whole =
    cats !== null && (!cats.usd_account || usdAccount) && (!cats.brokerage_account || brokerageAccount) && (!cats.digital_asset_account?.address || bal);
  return {
    seed: await shellSeed(request, user, shell),
    categories: cats,
    balance: bal,
    netWorth: whole ? { usd: usdAccount, brokerage: brokerageAccount } : null,
  };
}
