// The asset page's price chart: the history of the chosen timeframe from GET
// /api/market/history/{symbol}, with the change over the period (colour, an arrow and a sign), the
// period's high and low, and a text alternative for screen readers. The chart's box is the shared
// line chart (../common/LineChart.tsx): a static SVG line until a person reaches for the chart, then
// the drawing library. On a page rendered on the Worker the default timeframe's text and line come
// served, so they are in the HTML before any script (the text is the page's largest, its LCP element)
// and show until this chart's own read answers, whose text and line are the same; another
// timeframe's line is drawn the same way from its history.
import { useMemo } from 'react';
import { cx } from '../../components/cx';
import { useT } from '../../components/use-t';
import { decimalToNumber, parseDecimal } from '../../shared/decimal';
import { formatPrice } from '../../shared/format';
import type { Timeframe } from '../../shared/market';
import { historySummary, type HistorySummary } from '../../shared/price-history';
import { loadHistory } from '../../stores/market';
import { LineChart, toneClass } from '../common/LineChart';
import { useLoad } from '../common/use-load';

/** "+$1.25", "-$0.0021", "$0.00": the sign is text, not only colour. */
function signedPrice(value: string): string {
  const text = formatPrice(value);
  return parseDecimal(value)!.units > 0n ? `+${text}` : text;
}
const signedPercent = (value: string) => (value.startsWith('-') ? `${value}%` : `+${value}%`);

/** `served`: the Worker's summary of one timeframe's history (null or absent: none, as before). */
export function PriceChart({ symbol, range, served }: { symbol: string; range: Timeframe; served?: HistorySummary | null }) {
  const t = useT();
  // The data: small JSON, asked for at once (each timeframe once per page view, shared with the page's figures).
  const { load, retry } = useLoad(() => loadHistory(symbol, range), [symbol, range]);

  const history = load.status === 'ready' ? load.value : null;
  const points = history?.points ?? [];
  const tone = history?.change == null ? 'none' : history.change.startsWith('-') ? 'down' : 'up';
  const chartLoad = useMemo(
    () =>
      history
        ? { status: 'ready' as const, points: history.points.map((p) => ({ time: Date.parse(p.time) / 1000, value: decimalToNumber(parseDecimal(p.price)!) })) }
        : load.status === 'error'
          ? { status: 'error' as const }
          : { status: 'loading' as const },
    [history, load.status],
  );

  // The text's figures: the loaded history's, else while it loads the served ones of this timeframe.
  const text = history ? historySummary(history) : load.status === 'loading' && served?.range === range ? served : null;
  const textTone = text?.change == null ? 'none' : text.change.startsWith('-') ? 'down' : 'up';
  const period = t(`asset.chart.period.${range}`);

  return (
    <div className="mt-4">
      <div className={cx('min-h-6 text-sm font-medium tabular-nums', toneClass(textTone))} data-chart-change={tone}>
        {text?.change != null && (
          <p>
            <span aria-hidden="true">{textTone === 'down' ? '▼ ' : '▲ '}</span>
            {signedPrice(text.change)}
            {text.change_percent != null && ` (${signedPercent(text.change_percent)})`}{' '}
            <span className="font-normal text-gray-500">{t('asset.chart.changeOver', { period })}</span>
          </p>
        )}
      </div>
      <LineChart
        load={chartLoad}
        line={text?.line ?? null}
        tone={textTone}
        summaryId="price-chart-summary"
        withTime={range === '24h' || range === '1w'}
        emptyText={t('asset.chart.empty')}
        errorText={t('asset.chart.error')}
        loadingText={t('asset.chart.loading')}
        onRetry={retry}
        range={history?.range ?? range}
        from={points[0]?.time}
        to={points.at(-1)?.time}
      >
        {/* Three lines kept for the summary while the history loads, so the page below does not move when it arrives. */}
        <p id="price-chart-summary" className="mt-2 min-h-[3lh] text-xs text-gray-600" aria-live="polite">
          {text && text.high != null && text.low != null
            ? t('asset.chart.summary', {
                period,
                first: formatPrice(text.first),
                last: formatPrice(text.last),
                change: text.change == null ? t('common.na') : signedPrice(text.change),
                percent: text.change_percent == null ? t('common.na') : signedPercent(text.change_percent),
                high: formatPrice(text.high),
                low: formatPrice(text.low),
              })
            : ''}
        </p>
      </LineChart>
    </div>
  );
}
