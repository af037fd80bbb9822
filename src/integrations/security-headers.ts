// Build step for the browser policy of the static site. Workers static assets serve pages and assets
// before the Worker runs, so their headers come from `_headers` in the client output. After the build
// this integration reads every page's <meta http-equiv="content-security-policy"> (Astro's
// `security.csp`: the hashes of that page's inline scripts and styles) and writes one `/*` rule with
// the full policy and the other security headers (src/worker/security-policy.ts).
//
// The CSP layout: two policies apply to every page and a browser enforces both.
//  - the header: everything, including `frame-ancestors 'none'` (ignored in a <meta>), and
//    `script-src`/`style-src` listing 'self' plus the hashes of every page's inline code, no
//    'unsafe-inline' — a header cannot know which page it is on, so it allows the union;
//  - the page's <meta>: the same base directives and only that page's own hashes, which narrows
//    the union down to exactly what the page runs.
// A page without the meta would fail the build here, so no page is left with only the union.
// Astro hashes the scripts and styles it processes but not `is:inline` ones (a layout's early
// language script, a page's redirect script): this step hashes every inline <script> and <style> a
// built page holds and adds what is missing to that page's <meta>, so such code runs without
// 'unsafe-inline' and anything injected later still does not.
import type { AstroIntegration } from 'astro';
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { COMMON_SECURITY_HEADERS, metaCspSources, pageCsp } from '../worker/security-policy';

export const HEADERS_BLOCK_START = '# security-headers: start (written by src/integrations/security-headers.ts at build time)';
export const HEADERS_BLOCK_END = '# security-headers: end';

async function htmlFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await htmlFiles(path)));
    else if (entry.name.endsWith('.html')) out.push(path);
  }
  return out;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const EXECUTABLE = /^(|module|text\/javascript|application\/javascript)$/i;

/** The hashes of a page's inline scripts and styles (external scripts and data blocks left out). */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attrs)?.[1] ?? '';
    if (EXECUTABLE.test(type)) scripts.push(sha256(m[2]!));
  }
  for (const m of html.matchAll(/<style(\s[^>]*)?>([\s\S]*?)<\/style>/gi)) styles.push(sha256(m[2]!));
  return { scripts, styles };
}

/** Adds the missing hashes of the page's inline code to its CSP <meta>; null when it has none. */
export function completeMeta(html: string): string | null {
  const meta = /<meta\s[^>]*http-equiv=["']content-security-policy["'][^>]*>/i.exec(html);
  const sources = metaCspSources(html);
  if (!meta || !sources) return null;
  const { scripts, styles } = inlineHashes(html);
  const addScripts = [...new Set(scripts)].filter((h) => !sources.scriptSrc.includes(h));
  const addStyles = [...new Set(styles)].filter((h) => !sources.styleSrc.includes(h));
  if (!addScripts.length && !addStyles.length) return html;
  const add = (tag: string, directive: string, hashes: string[]) =>
    hashes.length ? tag.replace(new RegExp(`(${directive}\\s[^;"]*)`), `$1 ${hashes.join(' ')}`) : tag;
  const patched = add(add(meta[0], 'script-src', addScripts), 'style-src', addStyles);
  return html.slice(0, meta.index) + patched + html.slice(meta.index + meta[0].length);
}

/** Where the build's hashed scripts, stylesheets and fonts are served from. */
const ASSETS_PATH = '/_astro/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Headers that only mean something on a document (or a worker script, which the app has none of). */
export const DOCUMENT_ONLY_HEADERS = ['Content-Security-Policy', 'Permissions-Policy', 'X-Frame-Options', 'Cross-Origin-Opener-Policy'] as const;

/** The `_headers` block for every static response, from the built pages (whose metas it completes). */
export async function headersBlock(clientDir: string, supabaseUrl: string | undefined): Promise<string> {
  const scriptSrc = new Set<string>();
  const styleSrc = new Set<string>();
  const missing: string[] = [];
  for (const file of await htmlFiles(clientDir)) {
    const original = await readFile(file, 'utf8');
    const html = completeMeta(original) ?? original;
    if (html !== original) await writeFile(file, html);
    const sources = metaCspSources(html);
    if (!sources) {
      missing.push(file.slice(clientDir.length));
      continue;
    }
    sources.scriptSrc.forEach((s) => scriptSrc.add(s));
    sources.styleSrc.forEach((s) => styleSrc.add(s));
  }
  if (missing.length) throw new Error(`pages without a CSP <meta> (is security.csp on?): ${missing.join(', ')}`);
  const csp = pageCsp({ supabaseUrl, scriptSrc: [...scriptSrc].sort(), styleSrc: [...styleSrc].sort() });
  const lines = [HEADERS_BLOCK_START, '/*', `  Content-Security-Policy: ${csp}`];
  for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) lines.push(`  ${name}: ${value}`);
  // The build's hashed files never change (the adapter would add this rule; two rules for one path
  // replace each other, so it is this block's), and they are never documents: the document-only
  // policies would add ~1.8 kB to each of a page's dozen script responses (HTTP/1.1 repeats headers
  // uncompressed), so they are taken off.
  lines.push(`${ASSETS_PATH}*`, `  Cache-Control: ${IMMUTABLE}`, ...DOCUMENT_ONLY_HEADERS.map((name) => `  ! ${name}`));
  lines.push(HEADERS_BLOCK_END);
  return lines.join('\n');
}

/** Puts the block first in `_headers`, replacing an older one, keeping every other rule. */
export function mergeHeaders(existing: string, block: string): string {
  const start = existing.indexOf(HEADERS_BLOCK_START);
  const end = existing.indexOf(HEADERS_BLOCK_END);
  const others = start >= 0 && end > start ? existing.slice(0, start) + existing.slice(end + HEADERS_BLOCK_END.length) : existing;
  // A later rule for a path the block has would replace the block's rule: the block keeps its paths.
  const own = new Set(block.split('\n').filter((line) => line.startsWith('/')));
  const rest = others
    .split(/\n(?=\S)/)
    .filter((rule) => !own.has((rule.split('\n')[0] ?? '').trim()))
    .join('\n');
  return `${block}\n${rest.trim() ? `\n${rest.trim()}\n` : ''}`;
}

export function securityHeaders(opts: { supabaseUrl?: string }): AstroIntegration {
  let clientDir: URL | undefined;
  return {
    name: 'security-headers',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = config.build.client;
      },
      'astro:build:done': async ({ logger }) => {
        if (!clientDir) throw new Error('security-headers: no client directory');
        const dir = fileURLToPath(clientDir);
        const path = join(dir, '_headers');
        const existing = await readFile(path, 'utf8').catch(() => '');
        await writeFile(path, mergeHeaders(existing, await headersBlock(dir, opts.supabaseUrl)));
        logger.info(`security headers and CSP written to ${path}`);
      },
    },
  };
}
