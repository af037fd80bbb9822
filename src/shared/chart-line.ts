// The price line as an SVG path, drawn from a history's prices on the Worker (the asset page's first
// paint, before any script) and in the browser alike, so the static line and the served one match.
// The path lives in a fixed 1000 x 1000 box that the chart's <svg> stretches over its own box
// (preserveAspectRatio="none"): points are spaced by their index, as the interactive chart spaces
// them, and the prices span the box's height with a margin above and below. Long histories keep the
// lowest and highest price of each slice (and the first and last point), so peaks survive while the
// path stays small in the HTML.

/** The side of the path's square box (the <svg>'s viewBox). */
export const CHART_LINE_BOX = 1000;
/** At most this many points are drawn (two per slice of a longer history). */
export const CHART_LINE_MAX_POINTS = 120;
/** The share of the box's height left free above the highest and below the lowest price. */
const MARGIN = 0.05;

/** Indexes of the points kept: all of a short history, else each slice's low and high, in order. */
function keptIndexes(values: readonly number[]): number[] {
  const n = values.length;
  if (n <= CHART_LINE_MAX_POINTS) return values.map((_, i) => i);
  const slice = Math.ceil(n / (CHART_LINE_MAX_POINTS / 2));
  const kept = new Set([0, n - 1]);
  for (let start = 0; start < n; start += slice) {
    let lo = start;
    let hi = start;
    for (let i = start + 1; i < Math.min(start + slice, n); i++) {
      if (values[i]! < values[lo]!) lo = i;
      if (values[i]! > values[hi]!) hi = i;
    }
    kept.add(lo).add(hi);
  }
  return [...kept].sort((a, b) => a - b);
}

/**
 * The path (`d`) of decimal prices, oldest first, in integer coordinates of the CHART_LINE_BOX
 * square; one price is a flat line across; none is the empty path.
 */
export function chartLine(prices: readonly string[]): string {
  const values = prices.map(Number);
  if (values.length === 0) return '';
  const max = Math.max(...values);
  const min = Math.min(...values);
  const y = (v: number) => Math.round(max === min ? CHART_LINE_BOX / 2 : CHART_LINE_BOX * (MARGIN + ((max - v) / (max - min)) * (1 - 2 * MARGIN)));
  if (values.length === 1) return `M0 ${y(values[0]!)}H${CHART_LINE_BOX}`;
  const last = values.length - 1;
  return keptIndexes(values)
    .map((i, k) => `${k === 0 ? 'M' : 'L'}${Math.round((i / last) * CHART_LINE_BOX)} ${y(values[i]!)}`)
    .join('');
}
