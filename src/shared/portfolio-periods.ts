// The periods of the portfolio's history (GET .../portfolio/history?period=), apart from its schema so
// that the portfolio's chart names them without zod in a page's JavaScript.

/** A month, three months, a year, everything: how far back the history reaches. */
export const PORTFOLIO_PERIODS = ['1M', '3M', '1Y', 'all'] as const;
export type PortfolioPeriod = (typeof PORTFOLIO_PERIODS)[number];
/** The period the portfolio's chart opens on (and the Worker serves). */
export const DEFAULT_PORTFOLIO_PERIOD: PortfolioPeriod = '1M';
