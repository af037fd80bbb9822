// The price and value charts' drawing (LineChart.tsx): TradingView's lightweight-charts, in its own
// chunk that LineChart imports dynamically once a person reaches for the chart, so no page's
// first-load JavaScript carries the library. Colours come from the theme (the classes LineChart gives
// its elements); the library only reads rgb(a), so they are converted through a 1x1 canvas.
import { AreaSeries, ColorType, createChart, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { formatPrice } from '../../shared/format';

export interface ChartColors {
  line: string;
  text: string;
  grid: string;
}

export interface ChartPoint {
  time: number;
  value: number;
}

export interface ChartHandle {
  show(points: readonly ChartPoint[], colors: ChartColors, withTime: boolean): void;
  destroy(): void;
}

let probe: CanvasRenderingContext2D | null | undefined;

/** Any CSS colour (Tailwind's theme is oklch) as rgba(), which the library parses. */
function rgba(color: string, alpha = 1): string {
  probe ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!probe) return `rgba(0, 0, 0, ${alpha})`;
  probe.clearRect(0, 0, 1, 1);
  probe.fillStyle = '#000';
  probe.fillStyle = color;
  probe.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
  return `rgba(${r}, ${g}, ${b}, ${((a! / 255) * alpha).toFixed(3)})`;
}

export function mountChart(container: HTMLElement): ChartHandle {
  const chart: IChartApi = createChart(container, {
    autoSize: true,
    // The logo injects a <style> element, which the strict CSP refuses: the page credits the
    // library in text instead (LineChart), as its licence's notice asks.
    layout: { attributionLogo: false, background: { type: ColorType.Solid, color: 'rgba(0, 0, 0, 0)' }, fontFamily: 'inherit' },
    rightPriceScale: { borderVisible: false },
    timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
    // A fixed period: no panning or zooming, so a finger on a phone scrolls the page; a tap or a
    // drag along the line shows the crosshair with that moment's price.
    handleScroll: false,
    handleScale: false,
    localization: { priceFormatter: (price: number) => formatPrice(price) },
  });
  const series: ISeriesApi<'Area'> = chart.addSeries(AreaSeries, { lineWidth: 2, priceLineVisible: false, lastValueVisible: true });
  return {
    show(points, colors, withTime) {
      chart.applyOptions({
        layout: { textColor: rgba(colors.text) },
        grid: { vertLines: { color: rgba(colors.grid) }, horzLines: { color: rgba(colors.grid) } },
        timeScale: { timeVisible: withTime, secondsVisible: false },
      });
      series.applyOptions({ lineColor: rgba(colors.line), topColor: rgba(colors.line, 0.28), bottomColor: rgba(colors.line, 0.02) });
      series.setData(points.map((p) => ({ time: p.time as UTCTimestamp, value: p.value })));
      chart.timeScale().fitContent();
    },
    destroy() {
      chart.remove();
    },
  };
}
