// `npm run budget`: first-load JavaScript per built page (each island's component and renderer modules
// and everything they import statically, gzip -9 each, plus inline scripts). Run after `npm run build`.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
const root = 'dist/client';
const pages = [];
(function walk(d) {
  for (const f of readdirSync(d)) {
    const p = join(d, f);
    if (statSync(p).isDirectory()) walk(p);
    else if (f.endsWith('.html')) pages.push(p);
  }
})(root);
const staticImports = (file) => {
  const src = readFileSync(file, 'utf8');
  const out = new Set();
  for (const m of src.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["']([^"']+\.js)["']/g)) out.add(resolve(dirname(file), m[1]));
  return out;
};
for (const page of pages.sort()) {
  const html = readFileSync(page, 'utf8');
  const entries = new Set();
  for (const m of html.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)) entries.add(resolve(root + m[1]));
  for (const m of html.matchAll(/<script[^>]*src="([^"]+)"/g)) entries.add(resolve(root + m[1]));
  const seen = new Set();
  const stack = [...entries];
  while (stack.length) {
    const f = stack.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    for (const d of staticImports(f)) stack.push(d);
  }
  let total = 0;
  let inline = 0;
  for (const f of seen) total += gzipSync(readFileSync(f)).length;
  for (const m of html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)) inline += gzipSync(m[1]).length;
  console.log(`${(total / 1024).toFixed(1).padStart(6)} KB + inline ${(inline / 1024).toFixed(1)} KB  ${page.replace(root, '')}  (${seen.size} files)`);
}
