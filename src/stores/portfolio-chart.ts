// The portfolio's value chart's reads (GET .../portfolio/history): each account's period once per page
// view, the served default period taken as read; a failure is forgotten, so Try again asks again.
import type { PortfolioPeriod } from '../shared/portfolio-periods';
import type { PortfolioHistory } from '../shared/schemas/portfolio-history';
import { api, unwrap } from './api';

const histories = new Map<string, Promise<PortfolioHistory>>();
const keyOf = (accountId: string, period: PortfolioPeriod) => `${accountId} ${period}`;

/** Keeps the Worker's read of a period, so that the chart does not ask for it again. */
export function seedPortfolioHistory(accountId: string, period: PortfolioPeriod, history: PortfolioHistory): void {
  if (!histories.has(keyOf(accountId, period))) histories.set(keyOf(accountId, period), Promise.resolve(history));
}

export function loadPortfolioHistory(accountId: string, period: PortfolioPeriod): Promise<PortfolioHistory> {
  const key = keyOf(accountId, period);
  let answer = histories.get(key);
  if (!answer) {
    answer = unwrap(api().brokerage.accounts[':accountId'].portfolio.history.$get({ param: { accountId }, query: { period } })).catch((err: unknown) => {
      histories.delete(key);
      throw err;
    });
    histories.set(key, answer);
  }
  return answer;
}
