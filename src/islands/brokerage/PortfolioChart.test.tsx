// The portfolio's value chart from the history the Worker served: the static line with its change
// signed and named and a summary that names the chart, or the empty state under two points; the
// default period's button pressed.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { t } from '../../i18n';
import { PortfolioChart } from './PortfolioChart';

const TWO_DAYS = {
  timestamp: [1796158800, 1796245200],
  equity: ['100.00', '97.50'],
  profit_loss: ['0.00', '-2.50'],
  base_value: '100.00',
  timeframe: '1D' as const,
};

afterEach(cleanup);

describe('PortfolioChart', () => {
  it('draws the served line and says the change with its sign and in words, not only in colour', () => {
    const { container } = render(<PortfolioChart accountId="acc-1" served={TWO_DAYS} />);
    const box = container.querySelector('[data-chart-state]')!;
    expect(box.getAttribute('data-chart-drawing')).toBe('line');
    expect(box.getAttribute('data-chart-points')).toBe('2');
    expect(container.querySelector('[data-chart-change]')!.getAttribute('data-chart-change')).toBe('down');
    const change = screen.getByTestId('portfolio-chart-change');
    expect(change.textContent).toBe(`-$2.50 (-2.50%)${t('en', 'portfolio.loss')}`);
    expect(container.querySelector('#portfolio-chart-summary')!.textContent).toBe(
      t('en', 'snapshot.summary', { period: t('en', 'snapshot.period.long.1M'), first: '$100.00', last: '$97.50', change: '-$2.50', percent: '-2.50%' }),
    );
    expect(container.querySelector('svg[data-chart-line]')!.getAttribute('aria-labelledby')).toBe('portfolio-chart-summary');
    expect(screen.getByRole('button', { name: t('en', 'snapshot.period.long.1M') }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: t('en', 'snapshot.period.long.all') }).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows the empty state with only today’s point', () => {
    const today = { timestamp: [1796245200], equity: ['97.50'], profit_loss: ['0.00'], base_value: '97.50', timeframe: '1D' as const };
    const { container } = render(<PortfolioChart accountId="acc-2" served={today} />);
    expect(container.querySelector('[data-chart-state]')!.getAttribute('data-chart-state')).toBe('empty');
    expect(screen.getByTestId('portfolio-chart-empty').textContent).toBe(t('en', 'portfolio.chart.empty'));
    expect(container.querySelector('svg[data-chart-line]')).toBeNull();
  });
});
