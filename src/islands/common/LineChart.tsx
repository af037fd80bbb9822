// The box of a line chart over time, shared by the asset page's price chart (asset/PriceChart.tsx)
// and the portfolio's value chart (brokerage/PortfolioChart.tsx). Until the interactive chart has
// drawn, the period's line is a static SVG (chart-line.ts's path, which the Worker serves in the
// HTML), named by the caller's summary text. The drawing library (chart-canvas.ts, its own chunk,
// never in the server's bundle) is loaded only when a person reaches for the chart (a pointer over
// it, a touch or a focus in it), for the crosshair and that moment's value, so its work never adds to
// the page's load; the library's evaluation and the chart's first drawing are separate tasks.
// Loading, empty and error (Try again) states keep the box's height, so nothing moves. The box
// exposes what it plots (data-chart-*: state, drawing line|canvas, points, range), for tests and tools.
// Below it: the caller's text, then the library's credit (the strict CSP refuses its logo).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { cx } from '../../components/cx';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../components/use-t';
import { CHART_LINE_BOX } from '../../shared/chart-line';
import type { ChartHandle, ChartPoint } from './chart-canvas';

/** The drawing library's chunk. The server never draws, so its bundle leaves the library out. */
const loadCanvas = () => (import.meta.env.SSR ? Promise.reject(new Error('the chart draws in the browser only')) : import('./chart-canvas'));

/** Lets the browser handle input and paint before the next step of the chart's start. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export type ChartTone = 'up' | 'down' | 'none';
export const toneClass = (tone: ChartTone) => (tone === 'up' ? 'text-green-700' : tone === 'down' ? 'text-red-700' : 'text-gray-500');

export interface LineChartProps {
  /** The data's load: its points (oldest first; time in epoch seconds) once ready. */
  load: { status: 'loading' } | { status: 'ready'; points: readonly ChartPoint[] } | { status: 'error' };
  /** The static line (chart-line.ts's path) that stands for the chart until it has drawn; null: none. */
  line: string | null;
  tone: ChartTone;
  /** The id of the text that describes the chart (its image's accessible name). */
  summaryId: string;
  /** Whether the time axis shows times of day (short periods), not only dates. */
  withTime: boolean;
  /** What the box says with fewer points than a line needs (`minPoints`). */
  emptyText: string;
  /** data-testid of the empty state's text. */
  emptyTestId?: string;
  errorText: string;
  loadingText: string;
  onRetry: () => void;
  /** data-chart-range and the first and last point's time as the caller names them. */
  range: string;
  from?: string;
  to?: string;
  minPoints?: number;
  /** The chart's text (its summary), shown below the box and above the library's credit. */
  children: ReactNode;
}

export function LineChart({
  load,
  line: served,
  tone,
  summaryId,
  withTime,
  emptyText,
  emptyTestId,
  errorText,
  loadingText,
  onRetry,
  range,
  from,
  to,
  minPoints = 1,
  children,
}: LineChartProps) {
  const t = useT();
  const [wanted, setWanted] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const [chartFailed, setChartFailed] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ChartHandle | null>(null);
  const points = load.status === 'ready' ? load.points : null;
  const empty = points !== null && points.length < minPoints;

  // The interactive chart (the drawing library and its first drawing, a long task on a slow phone)
  // only when a person reaches for the chart: until then the static line is the chart, so loading the
  // page never runs it.
  const reach = () => setWanted(true);

  useEffect(() => {
    const el = box.current;
    if (!wanted || !el || !points || empty || chartFailed) return;
    let live = true;
    const draw = (handle: ChartHandle) => {
      const colour = (node: Element | null, prop: 'color' | 'borderTopColor') => (node ? getComputedStyle(node)[prop] : '');
      handle.show(
        points,
        { line: colour(el, 'color'), text: colour(document.getElementById(summaryId), 'color'), grid: colour(el, 'borderTopColor') },
        withTime,
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
  }, [wanted, points, empty, withTime, summaryId, chartFailed]);

  useEffect(
    () => () => {
      chart.current?.destroy();
      chart.current = null;
    },
    [],
  );

  const failed = load.status === 'error' || chartFailed;
  // The static line stands for the chart until the chart has drawn.
  const line = !drawn && !failed && !empty && served ? served : null;
  const busy = load.status === 'loading' || (!failed && !empty && !drawn && !line);
  const retry = () => {
    setChartFailed(false);
    onRetry();
  };

  return (
    <>
      <div
        ref={box}
        aria-busy={busy}
        data-chart-range={range}
        data-chart-state={failed ? 'error' : load.status === 'loading' ? 'loading' : empty ? 'empty' : drawn || line ? 'ready' : 'loading'}
        data-chart-drawing={drawn ? 'canvas' : line ? 'line' : undefined}
        data-chart-points={points?.length ?? 0}
        data-chart-from={from}
        data-chart-to={to}
        onPointerEnter={reach}
        onPointerDown={reach}
        onFocus={reach}
        className={cx('relative mt-2 h-56 touch-pan-y overflow-hidden rounded-lg border border-gray-200 sm:h-72', toneClass(tone))}
      >
        {/* The drawing is an image whose text is the caller's summary, as is the static line while it
          stands in for it (one of the two at a time). */}
        <div
          data-chart-canvas
          role="img"
          aria-labelledby={summaryId}
          aria-hidden={failed || empty || !drawn ? true : undefined}
          className={cx('absolute inset-0', (failed || empty || !drawn) && 'invisible')}
        />
        {line && (
          <svg
            data-chart-line=""
            role="img"
            aria-labelledby={summaryId}
            viewBox={`0 0 ${CHART_LINE_BOX} ${CHART_LINE_BOX}`}
            preserveAspectRatio="none"
            className="absolute inset-0 h-full w-full"
          >
            <path d={line} fill="none" stroke="currentColor" strokeWidth={2} strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
          </svg>
        )}
        {((busy && !line) || failed || empty) && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-white/80 px-4 text-center text-sm text-balance text-gray-600">
            {failed ? (
              <div role="alert" className="flex flex-col items-center gap-3">
                <p>{errorText}</p>
                <Button variant="outline" onClick={retry}>
                  {t('common.retry')}
                </Button>
              </div>
            ) : empty ? (
              <p data-testid={emptyTestId}>{emptyText}</p>
            ) : (
              <div role="status" className="flex flex-col items-center gap-3">
                <Spinner decorative />
                <p>{loadingText}</p>
              </div>
            )}
          </div>
        )}
      </div>
      {children}
      <p className="mt-1 text-right text-xs text-gray-500">
        <a href="https://www.tradingview.com/" className="underline-offset-2 hover:underline" rel="noopener noreferrer" target="_blank">
          {t('asset.chart.attribution')}
        </a>
      </p>
    </>
  );
}
