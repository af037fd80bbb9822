// `npm run budget`: first-load JavaScript (gzip, kB = 1000 B) of every built page, counted as the bench
// counts it (bench/lib/first-load-js.mjs: the page's scripts, islands and modulepreloads with every
// chunk they import statically, plus its inline scripts). Run after `npm run build`.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { firstLoadJs } from '../bench/lib/first-load-js.mjs';

const root = 'dist/client';
const pages = readdirSync(root, { recursive: true }).filter((f) => f.endsWith('.html'));
for (const page of pages.sort()) {
  const r = firstLoadJs(`/${page}`, readFileSync(join(root, page), 'utf8'));
  console.log(`${(r.gzip / 1000).toFixed(1).padStart(6)} kB (inline ${(r.inlineGzip / 1000).toFixed(1)} kB)  /${page}  (${r.files.length} files)`);
}
