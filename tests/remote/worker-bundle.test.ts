// The Worker that `npm run deploy` uploads (the build this tier serves, through `wrangler deploy
// --dry-run`) carries no library only the browser runs: the price chart's drawing library stays in the
// browser's chunks, out of the server's bundle, its start-up and its size limit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserOnlyIn, bundleModules, dryRun } from '../../scripts/worker-bundle.mjs';

describe("the Worker's bundle", () => {
  it('carries no browser-only library (the chart is drawn in the browser alone)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'worker-bundle-'));
    try {
      const { gzip } = await dryRun(dir);
      expect(gzip).toBeGreaterThan(0);
      expect(bundleModules(dir).length).toBeGreaterThan(0);
      expect(browserOnlyIn(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
