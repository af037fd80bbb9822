// The asset page's price chart: the history of the chosen timeframe from GET
// /api/market/history/{symbol}, with the change over the period (colour, an arrow and a sign), the
// period's high and low, and a text alternative for screen readers. Until the interactive chart has
// drawn, the period's line is a static SVG (historySummary's path, chart-line.ts) named by the same
// text; on a page rendered on the Worker the default timeframe's text and line come served, so they
// are in the HTML before any script (the text is the page's largest, its LCP element) and show until
// this chart's own read answers, whose text and line are the same; another timeframe's line is drawn
// the same way from its history. The drawing library (chart-canvas.ts, its own chunk, never in the
// server's bundle) is loaded only when a person reaches for the chart (a pointer over it, a touch or
// a focus in it), for the crosshair and that moment's price, so its work never adds to the page's
// load; the library's evaluation and the chart's first drawing are separate tasks. Loading, empty and error (Try again) states keep the box's height, so
// nothing moves. The box exposes what it plots from the data (data-chart-*), for tests and tools.
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { cx } from '../../components/cx';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../components/use-t';
import { decimalToNumber, parseDecimal } from '../../shared/decimal';
import { formatPrice } from '../../shared/format';
import type { Timeframe } from '../../shared/market';
import { CHART_LINE_BOX } from '../../shared/chart-line';
import { historySummary, type HistorySummary } from '../../shared/price-history';
import type { PriceHistory } from '../../shared/schemas/price-history';
import { loadHistory } from '../../stores/market';
import type { ChartHandle } from './chart-canvas';

type Load = { status: 'loading' } | { status: 'ready'; history: PriceHistory } | { status: 'error' };

/** "+$1.25", "-$0.0021", "$0.00": the sign is text, not only colour. */
function signedPrice(value: string): string {
  const text = formatPrice(value);
  return parseDecimal(value)!.units > 0n ? `+${text}` : text;
}
const signedPercent = (value: string) => (value.startsWith('-') ? `${value}%` : `+${value}%`);

/** The drawing library's chunk. The server never draws, so its bundle leaves the library out. */
const loadCanvas = () => (import.meta.env.SSR ? Promise.reject(new Error('the chart draws in the browser only')) : import('./chart-canvas'));

/** Lets the browser handle input and paint before the next step of the chart's start. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** `served`: the Worker's summary of one timeframe's history (null or absent: none, as before). */
export function PriceChart({ symbol, range, served }: { symbol: string; range: Timeframe; served?: HistorySummary | null }) {
  const t = useT();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [wanted, setWanted] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const [chartFailed, setChartFailed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const summary = useRef<HTMLParagraphElement>(null);
  const chart = useRef<ChartHandle | null>(null);

  // The data: small JSON, asked for at once (each timeframe once per page view, shared with the page's figures).
  useEffect(() => {
    let live = true;
    setLoad({ status: 'loading' });
    loadHistory(symbol, range).then(
      (history) => {
        if (live) setLoad({ status: 'ready', history });
      },
      () => {
        if (live) setLoad({ status: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [symbol, range, attempt]);

  // The interactive chart (the drawing library and its first drawing, a long task on a slow phone)
  // only when a person reaches for the chart: until then the static line is the chart, so loading the
  // page never runs it.
  const reach = () => setWanted(true);

  const history = load.status === 'ready' ? load.history : null;
  const points = history?.points ?? [];
  const tone = history?.change == null ? 'none' : history.change.startsWith('-') ? 'down' : 'up';

  useEffect(() => {
    const el = box.current;
    if (!wanted || !el || !history || history.points.length === 0 || chartFailed) return;
    let live = true;
    const draw = (handle: ChartHandle) => {
      const colour = (node: Element | null, prop: 'color' | 'borderTopColor') => (node ? getComputedStyle(node)[prop] : '');
      handle.show(
        history.points.map((p) => ({ time: Date.parse(p.time) / 1000, value: decimalToNumber(parseDecimal(p.price)!) })),
        { line: colour(el, 'color'), text: colour(summary.current, 'color'), grid: colour(el, 'borderTopColor') },
        range === '24h' || range === '1w',
      );
      // The library paints in the next frame: the static line gives way once that frame is done.
      requestAnimationFrame(() => setDrawn(true));
    };
    if (chart.current) draw(chart.current);
    else
      // The library's evaluation in one task, the chart and its data in the next: built and given its
      // data together, the library paints it once (given them apart, it paints an empty chart first).
      loadCanvas()
        .then(async (m) => {
          await nextTask();
          if (!live) return;
          chart.current ??= m.mountChart(el.querySelector<HTMLElement>('[data-chart-canvas]')!);
          draw(chart.current);
        })
        .catch((err: unknown) => {
          console.error('Error loading the chart', err instanceof Error ? err.message : err);
          if (live) setChartFailed(true);
        });
    return () => {
      live = false;
    };
  }, [wanted, history, range, chartFailed]);

  useEffect(
    () => () => {
      chart.current?.destroy();
      chart.current = null;
    },
    [],
  );

  // The text's figures: the loaded history's, else while it loads the served ones of this timeframe.
  const text = history ? historySummary(history) : load.status === 'loading' && served?.range === range ? served : null;
  const textTone = text?.change == null ? 'none' : text.change.startsWith('-') ? 'down' : 'up';
  const period = t(`asset.chart.period.${range}`);
  const failed = load.status === 'error' || chartFailed;
  // The static line stands for the chart until the chart has drawn (served, or from the loaded history).
  const line = !drawn && !failed && text?.line ? text.line : null;
  const busy = load.status === 'loading' || (!failed && points.length > 0 && !drawn && !line);
  const retry = () => {
    setChartFailed(false);
    setAttempt((n) => n + 1);
  };

  return (
    <div className="mt-4">
      <div
        className={cx(
          'min-h-6 text-sm font-medium tabular-nums',
          textTone === 'up' ? 'text-green-700' : textTone === 'down' ? 'text-red-700' : 'text-gray-500',
        )}
        data-chart-change={tone}
      >
        {text?.change != null && (
          <p>
            <span aria-hidden="true">{textTone === 'down' ? '▼ ' : '▲ '}</span>
            {signedPrice(text.change)}
            {text.change_percent != null && ` (${signedPercent(text.change_percent)})`}{' '}
            <span className="font-normal text-gray-500">{t('asset.chart.changeOver', { period })}</span>
          </p>
        )}
      </div>
      <div
        ref={box}
        aria-busy={busy}
        data-chart-range={history?.range ?? range}
        data-chart-state={failed ? 'error' : load.status === 'loading' ? 'loading' : points.length === 0 ? 'empty' : drawn || line ? 'ready' : 'loading'}
        data-chart-drawing={drawn ? 'canvas' : line ? 'line' : undefined}
        data-chart-points={points.length}
        data-chart-from={points[0]?.time}
        data-chart-to={points.at(-1)?.time}
        onPointerEnter={reach}
        onPointerDown={reach}
        onFocus={reach}
        className={cx(
          'relative mt-2 h-56 touch-pan-y overflow-hidden rounded-lg border border-gray-200 sm:h-72',
          textTone === 'up' ? 'text-green-700' : textTone === 'down' ? 'text-red-700' : 'text-gray-500',
        )}
      >
        {/* The drawing is an image whose text is the summary below (period, change, high, low), as is
            the static line while it stands in for it (one of the two at a time). */}
        <div
          data-chart-canvas
          role="img"
          aria-labelledby="price-chart-summary"
          aria-hidden={failed || points.length === 0 || !drawn ? true : undefined}
          className={cx('absolute inset-0', (failed || points.length === 0 || !drawn) && 'invisible')}
        />
        {line && (
          <svg
            data-chart-line=""
            role="img"
            aria-labelledby="price-chart-summary"
            viewBox={`0 0 ${CHART_LINE_BOX} ${CHART_LINE_BOX}`}
            preserveAspectRatio="none"
            className="absolute inset-0 h-full w-full"
          >
            <path d={line} fill="none" stroke="currentColor" strokeWidth={2} strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
          </svg>
        )}
        {((busy && !line) || failed || (load.status === 'ready' && points.length === 0)) && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-white/80 px-4 text-center text-sm text-balance text-gray-600">
            {failed ? (
              <div role="alert" className="flex flex-col items-center gap-3">
                <p>{t('asset.chart.error')}</p>
                <Button variant="outline" onClick={retry}>
                  {t('common.retry')}
                </Button>
              </div>
            ) : busy ? (
              <div role="status" className="flex flex-col items-center gap-3">
                <Spinner decorative />
                <p>{t('asset.chart.loading')}</p>
              </div>
            ) : (
              <p>{t('asset.chart.empty')}</p>
            )}
          </div>
        )}
      </div>
      {/* Three lines kept for the summary while the history loads, so the page below does not move when it arrives. */}
      <p ref={summary} id="price-chart-summary" className="mt-2 min-h-[3lh] text-xs text-gray-600" aria-live="polite">
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
      <p className="mt-1 text-right text-xs text-gray-500">
        <a href="https://www.tradingview.com/" className="underline-offset-2 hover:underline" rel="noopener noreferrer" target="_blank">
          {t('asset.chart.attribution')}
        </a>
      </p>
    </div>
  );
}
