// The reads of /accounts/brokerage rendered on the Worker: the shell, the market clock, then, as soon
// as the active account is known, its brokerage account (open, or what it needs to be opened) and
// its portfolio (positions, open orders, the history's first page, the value chart's default
// period) and its recurring buys, through the upstream port
// (src/worker/pages/read.ts). A failed read leaves its part null: the island then reads it itself.
import { getBrokerageAccount, getMarketClock } from '../../shared/contract/brokerage';
import { listOrders, listPositions } from '../../shared/contract/orders';
import { getPortfolioHistory } from '../../shared/contract/portfolio-history';
import { listRecurringBuys } from '../../shared/contract/recurring';
import { DEFAULT_PORTFOLIO_PERIOD } from '../../shared/portfolio-periods';
import { ORDERS_PAGE_SIZE, type ServedBrokerage, type ServedPortfolio } from '../../shared/served-portfolio';
import type { PageSeed } from '../../shared/page-seed';
import type { Bindings } from '../env';
import type { PageUser } from './page-user';
import { read, type PageReader } from './read';
import { shellReads, shellSeed } from './shell';

/** The portfolio of an open brokerage account, or null when one of its reads fails. */
async function portfolioOf(reader: PageReader, accountId: string): Promise<ServedPortfolio | null> {
  const params = { accountId };
  const [positions, open, history, chart] = await Promise.all([
    read(reader, '/brokerage', listPositions, { params }),
    read(reader, '/brokerage', listOrders, { params, query: { status: 'open' } }),
    read(reader, '/brokerage', listOrders, { params, query: { status: 'closed', limit: String(ORDERS_PAGE_SIZE) } }),
    read(reader, '/brokerage', getPortfolioHistory, { params, query: { period: DEFAULT_PORTFOLIO_PERIOD } }),
  ]);
  return positions && open && history ? { positions, open, history, more: history.length === ORDERS_PAGE_SIZE, chart } : null;
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
  const portfolio = account.then((a) => (a?.status === 'active' ? portfolioOf(reader, a.account_id) : null));
  const recurring = account.then((a) =>
    a?.status === 'active' ? read(reader, '/brokerage', listRecurringBuys, { params: { accountId: a.account_id } }) : null,
  );
  const [shell, served, clock, held, plans] = await Promise.all([reads, account, read(reader, '/brokerage', getMarketClock), portfolio, recurring]);
  return { seed: await shellSeed(request, user, shell), served: { account: served, clock, portfolio: held, recurring: plans } };
}
