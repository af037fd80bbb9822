// The portfolio's state and calls (/accounts/brokerage and the asset page's Your Holdings): the
// positions, the open orders and the order history (newest first, a keyset page at a time), as the
// Worker served them or as last read. Cancelling an order and selling a position read them again, and
// while orders are open a live event (their fill, cancel or expiry pushed by the market's work) does.
import { atom } from 'nanostores';
import { ORDERS_PAGE_SIZE } from '../shared/served-portfolio';
import type { ServedPortfolio } from '../shared/served-portfolio';
import type { Order, Position } from '../shared/schemas/order';
import { api, unwrap } from './api';
import { loadBrokerage } from './brokerage';
import { followLive } from './live';

export type PortfolioState = { status: 'idle' } | { status: 'error' } | ({ status: 'ready' } & ServedPortfolio);

export const $portfolio = atom<PortfolioState>({ status: 'idle' });

const account = () => api().brokerage.accounts[':accountId'];

async function readHistory(accountId: string, before?: string): Promise<{ orders: Order[]; more: boolean }> {
  const query = { status: 'closed' as const, limit: String(ORDERS_PAGE_SIZE), ...(before ? { before } : {}) };
  const orders = await unwrap(account().orders.$get({ param: { accountId }, query }));
  return { orders, more: orders.length === ORDERS_PAGE_SIZE };
}

/** Reads positions, open orders and the first page of the history; a failure shows the error state. */
export async function loadPortfolio(accountId: string): Promise<void> {
  try {
    const [positions, open, history] = await Promise.all([
      unwrap(account().positions.$get({ param: { accountId } })),
      unwrap(account().orders.$get({ param: { accountId }, query: { status: 'open' } })),
      readHistory(accountId),
    ]);
    $portfolio.set({ status: 'ready', positions, open, history: history.orders, more: history.more });
  } catch (err) {
    $portfolio.set({ status: 'error' });
    throw err;
  }
}

/** The history's next page, after the last order shown. */
export async function loadMoreHistory(accountId: string): Promise<void> {
  const state = $portfolio.get();
  if (state.status !== 'ready') return;
  const next = await readHistory(accountId, state.history.at(-1)?.id);
  const now = $portfolio.get();
  if (now.status === 'ready') $portfolio.set({ ...now, history: [...now.history, ...next.orders], more: next.more });
}

/** Cancels an open order, then reads the portfolio and the account (buying power) again. */
export async function cancelOrder(accountId: string, orderId: string): Promise<void> {
  await unwrap(account().orders[':orderId'].$delete({ param: { accountId, orderId } }));
  await refreshAfterTrade(accountId);
}

/** After an order changed: the portfolio and the brokerage account's cash and buying power. */
export async function refreshAfterTrade(accountId: string): Promise<void> {
  await Promise.all([loadPortfolio(accountId), loadBrokerage(accountId)]);
}

/**
 * While the portfolio shows open orders, reads it (and the account's cash) again on each live event,
 * or on the slow poll while live updates are down (followLive), so a fill, a cancel elsewhere or an
 * expiry shows without a reload. Answers the stop function.
 */
export function followOpenOrders(accountId: string): () => void {
  let reading = false;
  return followLive(() => {
    const state = $portfolio.get();
    if (reading || state.status !== 'ready' || state.open.length === 0) return;
    reading = true;
    refreshAfterTrade(accountId)
      .catch(() => undefined)
      .finally(() => {
        reading = false;
      });
  });
}

/** The account's position in `symbol`, or null when none is held (404). */
export async function loadPosition(accountId: string, symbol: string): Promise<Position | null> {
  const res = await account().positions[':symbol'].$get({ param: { accountId, symbol } });
  if (res.status === 404) return null;
  return unwrap(Promise.resolve(res));
}
