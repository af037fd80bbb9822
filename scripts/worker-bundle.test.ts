// @vitest-environment node
// The bundle check finds a browser-only library in any of the Worker's modules, by its own code.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_ONLY, browserOnlyIn, bundleModules, kibAfter } from './worker-bundle.mjs';

describe('the Worker bundle check', () => {
  it('names each browser-only library and the module that carries it, and passes a bundle without', () => {
    const dir = mkdtempSync(join(tmpdir(), 'worker-bundle-'));
    try {
      mkdirSync(join(dir, 'chunks'));
      writeFileSync(join(dir, 'index.js'), 'export default { fetch() { return new Response("ok"); } };');
      expect(browserOnlyIn(dir)).toEqual([]);
      writeFileSync(join(dir, 'chunks', 'chart.mjs'), `const link = "https://www.tradingview.com/?${BROWSER_ONLY[0]!.marker}";`);
      expect(browserOnlyIn(dir)).toEqual([`lightweight-charts in ${join('chunks', 'chart.mjs')}`]);
      expect(bundleModules(dir).map((m) => m.module)).toEqual([join('chunks', 'chart.mjs'), 'index.js']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads wrangler's sizes in bytes", () => {
    const out = 'Total Upload: 3712.50 KiB / gzip: 880.25 KiB\nNo bindings found.';
    expect(kibAfter(out, 'Total Upload')).toBe(3_801_600);
    expect(kibAfter(out, 'gzip')).toBe(901_376);
    expect(kibAfter(out, 'Startup')).toBeNull();
  });
});
