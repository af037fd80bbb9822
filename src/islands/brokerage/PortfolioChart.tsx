// The portfolio's value over time (/accounts/brokerage): the brokerage account's equity per trading
// day from its daily snapshots, ending at today's live value, over a period chosen with buttons (1M,
// 3M, 1Y, All). Drawn by the asset page's chart (../common/LineChart.tsx): the served default
// period's static line is in the HTML, and the drawing library loads only when a person reaches for
// the chart. The change over the period is signed and named, not only coloured, and a text summary
// names the chart. Fewer than two points (before the first trading day's close) is an empty state.
import { useMemo, useState } from 'react';
import { useT } from '../../components/use-t';
import { chartLine } from '../../shared/chart-line';
import { CENTS_SCALE, decimalToNumber, decimalToString, divideDecimals, parseDecimal, parseUnits } from '../../shared/decimal';
import { formatCents, formatSignedCents } from '../../shared/format';
import { DEFAULT_PORTFOLIO_PERIOD, PORTFOLIO_PERIODS, type PortfolioPeriod } from '../../shared/portfolio-periods';
import type { PortfolioHistory } from '../../shared/schemas/portfolio-history';
import { loadPortfolioHistory, seedPortfolioHistory } from '../../stores/portfolio-chart';
import { Change, ratioPercent } from '../common/Change';
import { LineChart } from '../common/LineChart';
import { PeriodButtons } from '../common/PeriodButtons';
import { useLoad } from '../common/use-load';

const SUMMARY_ID = 'portfolio-chart-summary';

/** The first and last value of a history and their change (cents) and ratio (exact text), null under two points. */
function periodFigures(history: PortfolioHistory) {
  if (history.equity.length < 2) return null;
  const first = parseUnits(history.equity[0]!, CENTS_SCALE);
  const last = parseUnits(history.equity.at(-1)!, CENTS_SCALE);
  const change = last - first;
  const ratio = first > 0n ? decimalToString(divideDecimals({ units: change, scale: 0 }, { units: first, scale: 0 }, 4)) : null;
  return { first, last, change, ratio };
}

export function PortfolioChart({ accountId, served }: { accountId: string; served: PortfolioHistory | null | undefined }) {
  const t = useT();
  const [period, setPeriod] = useState<PortfolioPeriod>(DEFAULT_PORTFOLIO_PERIOD);
  const { load, retry } = useLoad(
    () => {
      if (served) seedPortfolioHistory(accountId, DEFAULT_PORTFOLIO_PERIOD, served);
      return loadPortfolioHistory(accountId, period);
    },
    [accountId, period],
    served,
  );

  const history = load.status === 'ready' ? load.value : null;
  const figures = history ? periodFigures(history) : null;
  const tone = !figures || figures.change === 0n ? 'none' : figures.change > 0n ? 'up' : 'down';
  const chartLoad = useMemo(
    () =>
      history
        ? {
            status: 'ready' as const,
            points: history.timestamp.map((time, i) => ({ time, value: decimalToNumber(parseDecimal(history.equity[i]!)!) })),
          }
        : load.status === 'error'
          ? { status: 'error' as const }
          : { status: 'loading' as const },
    [history, load.status],
  );
  const periodText = t(`snapshot.period.long.${period}`);
  const percent = figures?.ratio == null ? t('common.na') : ratioPercent(figures.ratio);

  return (
    <div className="mt-2" data-testid="portfolio-chart">
      <PeriodButtons
        options={PORTFOLIO_PERIODS}
        value={period}
        onChange={setPeriod}
        groupLabel={t('snapshot.periods')}
        text={(p) => t(`snapshot.period.${p}`)}
        name={(p) => t(`snapshot.period.long.${p}`)}
        data="period"
        className="flex flex-wrap gap-2"
      />
      <p className="mt-3 min-h-6 text-sm font-medium" data-chart-change={tone}>
        {figures && (
          <>
            <Change cents={Number(figures.change)} ratio={figures.ratio} testId="portfolio-chart-change" />{' '}
            <span className="font-normal text-gray-500">{t('asset.chart.changeOver', { period: periodText })}</span>
          </>
        )}
      </p>
      <LineChart
        load={chartLoad}
        line={figures && history ? chartLine(history.equity) : null}
        tone={tone}
        summaryId={SUMMARY_ID}
        withTime={false}
        emptyText={t('portfolio.chart.empty')}
        emptyTestId="portfolio-chart-empty"
        errorText={t('snapshot.error')}
        loadingText={t('snapshot.loading')}
        onRetry={retry}
        range={period}
        minPoints={2}
      >
        <p id={SUMMARY_ID} className="mt-2 min-h-[2lh] text-xs text-gray-600" aria-live="polite">
          {figures
            ? t('snapshot.summary', {
                period: periodText,
                first: formatCents(figures.first),
                last: formatCents(figures.last),
                change: formatSignedCents(figures.change < 0n ? -figures.change : figures.change, figures.change < 0n ? 'out' : 'in'),
                percent,
              })
            : ''}
        </p>
      </LineChart>
    </div>
  );
}
