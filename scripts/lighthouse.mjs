// `npm run lighthouse`: Lighthouse 13 (mobile preset, simulated throttling) on every public page in
// both languages; prints the four category scores per page and exits non-zero when any is below
// 100. Serves the app itself (astro build unless SKIP_BUILD=1, local D1, wrangler dev on a free
// port), or audits a running server given as BASE_URL. Each page runs LIGHTHOUSE_RUNS times (default
// 5) and the run with the median performance score counts, as Lighthouse's own guidance on score
// variability recommends. Full JSON reports go to test-results/lighthouse/.
import { mkdirSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { launchChrome } from '../bench/lib/lighthouse.mjs';
import { startApp } from './serve.mjs';

const PAGES = ['/', '/es/', '/privacy', '/terms', '/es/privacy', '/es/terms'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
const cleanups = [];
const cleanup = () => Promise.all(cleanups.splice(0).map((f) => f()));
process.on('SIGINT', async () => {
  await cleanup();
  process.exit(130);
});

let failed = false;
try {
  let baseURL = process.env.BASE_URL?.replace(/\/$/, '');
  if (!baseURL) {
    const app = await startApp({ persist: '.wrangler/lighthouse-state' });
    cleanups.push(app.stop);
    baseURL = app.baseURL;
  }
  mkdirSync('test-results/lighthouse', { recursive: true });

  const rows = [];
  for (const path of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      // A fresh Chromium per run, as the Lighthouse CLI does: no tabs or caches left by earlier runs.
      const chrome = await launchChrome();
      cleanups.push(chrome.stop);
      const result = await lighthouse(`${baseURL}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      }).finally(chrome.stop);
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      if (result.lhr.runtimeError) console.log(`  ${path}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      runs.push(result);
    }
    runs.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
    const { lhr, report } = runs[Math.floor((runs.length - 1) / 2)] ?? runs[0];
    const name = path === '/' ? 'home' : path.replace(/^\/|\/$/g, '').replace(/\//g, '-');
    writeFileSync(`test-results/lighthouse/${name}.json`, String(report));
    const scores = CATEGORIES.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
    rows.push([path, ...scores]);
    if (scores.some((s) => s < 100)) {
      failed = true;
      // Name what cost points, so a regression is actionable from the console alone.
      for (const c of CATEGORIES) {
        for (const ref of lhr.categories[c]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
            console.log(`  ${path} ${c}: ${ref.id} (${audit.displayValue ?? audit.score}) ${audit.title}`);
          }
        }
      }
    }
  }

  const header = ['page', 'performance', 'accessibility', 'best-practices', 'seo'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  rows.forEach((r) => console.log(line(r)));
  console.log(failed ? 'lighthouse: some scores are below 100' : 'lighthouse: every score is 100');
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  failed = true;
} finally {
  await cleanup();
}
process.exit(failed ? 1 : 0);
