// The brokerage's portfolio history, in the shape of a brokerage trading API's (Alpaca's
// `timestamp`, `equity`, `profit_loss`, `base_value`): one point per trading day's close from the
// daily snapshots, then today's live point. Money as exact dollar strings with 2 decimals, never
// floating-point numbers.
import { z } from 'zod';
import { DEFAULT_PORTFOLIO_PERIOD, PORTFOLIO_PERIODS } from '../portfolio-periods';

const usdText = z.string().regex(/^-?\d+\.\d{2}$/, 'USD with 2 decimals');

export const portfolioHistoryQuery = z.object({
  period: z
    .enum(PORTFOLIO_PERIODS)
    .default(DEFAULT_PORTFOLIO_PERIOD)
    .meta({ description: `How far back: ${PORTFOLIO_PERIODS.join(', ')} (default ${DEFAULT_PORTFOLIO_PERIOD})` }),
});

export const portfolioHistory = z
  .object({
    timestamp: z.array(z.number().int().nonnegative()).meta({ description: 'Each point’s instant in epoch seconds: a trading day’s close, the last one now.' }),
    equity: z.array(usdText).meta({ description: 'Equity at each point (positions’ market value + cash), USD.', example: ['1000.00', '1012.35'] }),
    profit_loss: z.array(usdText).meta({ description: 'The positions’ return at each point (equity - cash - cost basis), USD.', example: ['0.00', '12.35'] }),
    base_value: usdText.meta({ description: 'The first point’s equity, USD (0.00 without points).', example: '1000.00' }),
    timeframe: z.literal('1D').meta({ description: 'One point per trading day.' }),
  })
  .meta({ id: 'PortfolioHistory' });

export type PortfolioHistory = z.infer<typeof portfolioHistory>;
