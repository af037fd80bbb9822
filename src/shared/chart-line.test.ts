import { describe, expect, it } from 'vitest';
import { CHART_LINE_BOX, CHART_LINE_MAX_POINTS, chartLine } from './chart-line';

/** The path's points as [x, y]. */
const points = (d: string) => [...d.matchAll(/[ML](\d+) (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);

describe('chartLine', () => {
  it('spaces the prices by index across the box, the highest near the top and the lowest near the bottom', () => {
    expect(chartLine(['1', '3', '2'])).toBe('M0 950L500 50L1000 500');
    // Exact decimal text, however many digits.
    expect(chartLine(['0.10000001', '0.10000002'])).toBe('M0 950L1000 50');
  });

  it('draws one price, or prices that never move, as a flat line across the middle', () => {
    expect(chartLine(['229.87'])).toBe(`M0 500H${CHART_LINE_BOX}`);
    expect(chartLine(['5', '5', '5'])).toBe('M0 500L500 500L1000 500');
  });

  it('is empty without prices', () => {
    expect(chartLine([])).toBe('');
  });

  it("keeps a long history small but keeps its first and last point and every slice's peak and trough", () => {
    const prices = Array.from({ length: 300 }, (_, i) => String(100 + Math.sin(i / 7) * 10 + (i === 137 ? 50 : 0) - (i === 211 ? 40 : 0)));
    const d = chartLine(prices);
    const drawn = points(d);
    expect(drawn.length).toBeLessThanOrEqual(CHART_LINE_MAX_POINTS + 2);
    expect(drawn[0]![0]).toBe(0);
    expect(drawn.at(-1)![0]).toBe(CHART_LINE_BOX);
    // The spike up is the top of the box (after the margin), the one down the bottom.
    expect(drawn.some(([x, y]) => x === Math.round((137 / 299) * CHART_LINE_BOX) && y === 50)).toBe(true);
    expect(drawn.some(([x, y]) => x === Math.round((211 / 299) * CHART_LINE_BOX) && y === 950)).toBe(true);
    // Left to right, never back.
    for (let i = 1; i < drawn.length; i++) expect(drawn[i]![0]).toBeGreaterThanOrEqual(drawn[i - 1]![0]);
    expect(d.length).toBeLessThan(1200);
  });
});
