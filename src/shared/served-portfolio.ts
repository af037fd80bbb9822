// What the Worker serves /accounts/brokerage with (src/worker/pages/brokerage-data.ts reads it), and
// the portfolio's shape as src/stores/portfolio.ts holds it: the contract's answers. Types and one
// figure, so that neither zod nor the schemas reach a page's JavaScript.
import type { BrokerageAccount, MarketClock } from './schemas/brokerage';
import type { Order, Position } from './schemas/order';
import type { RecurringBuy } from './schemas/recurring';
import type { PortfolioHistory } from './schemas/portfolio-history';

/** Orders per page of the order history. */
export const ORDERS_PAGE_SIZE = 20;

export interface ServedPortfolio {
  positions: Position[];
  /** Open orders (new, accepted, partially_filled), newest first. */
  open: Order[];
  /** Closed orders, newest first: the first pages read so far. */
  history: Order[];
  /** Whether the history has another page. */
  more: boolean;
  /** The value chart's default period (served; the chart reads the others itself). */
  chart?: PortfolioHistory | null;
}

export interface ServedBrokerage {
  /** null: the read failed (the island reads it itself). */
  account: BrokerageAccount | null;
  clock: MarketClock | null;
  /** null: not read (no active brokerage account) or a read failed. */
  portfolio: ServedPortfolio | null;
  /** The account's recurring buys; null: not read (no active brokerage account) or the read failed. */
  recurring: RecurringBuy[] | null;
}
