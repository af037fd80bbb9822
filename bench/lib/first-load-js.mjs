// First-load JavaScript of a built page, counted from the files in dist/client: the page's
// <script src> and each astro-island's component-url and renderer-url, plus every chunk they import
// statically (import/export ... from "./x.js", followed transitively; dynamic import() is not
// first load), plus the inline <script>s in the HTML. Each file is gzipped on its own (zlib default
// level, as served) and summed.
//
// Modules: each chunk's hidden sourcemap (bench/astro.config.mjs) attributes every byte of the
// minified chunk to a source file (the span from one mapping segment to the next); a module's gzip
// share is its minified bytes times its chunk's gzip/minified ratio. An estimate, but an honest one:
// the shares of a page add up to its total.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = 'dist/client';
const cwd = process.cwd();

/** The built HTML file of a route under format 'preserve' or 'directory'. */
export function htmlFileOf(route) {
  const clean = route.replace(/^\/|\/$/g, '');
  const candidates = clean === '' ? ['index.html'] : [`${clean}.html`, `${clean}/index.html`];
  for (const c of candidates) if (existsSync(join(ROOT, c))) return join(ROOT, c);
  throw new Error(`no built HTML for ${route} in ${ROOT} (tried ${candidates.join(', ')})`);
}

const staticImports = (file, src) => {
  const out = new Set();
  // `import{a}from"./x.js"`, `import"./x.js"`, `export{a}from"./x.js"`, `export*from"./x.js"`;
  // `import(` (dynamic) never matches because a quote or an identifier must follow.
  for (const m of src.matchAll(/(?<![\w$.])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g)) {
    out.add(resolve(dirname(file), m[1]));
  }
  return out;
};

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = Object.fromEntries([...B64].map((c, i) => [c, i]));

/** Minified bytes per source file of one chunk, from its sourcemap's mappings. */
function bytesBySource(file, code) {
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) return new Map([['[no sourcemap] ' + relative(cwd, file), code.length]]);
  const map = JSON.parse(readFileSync(mapFile, 'utf8'));
  const sources = map.sources.map((s) => {
    const abs = resolve(dirname(file), map.sourceRoot ?? '', s);
    return relative(cwd, abs);
  });
  const lines = code.split('\n');
  const out = new Map();
  const add = (name, n) => n > 0 && out.set(name, (out.get(name) ?? 0) + n);
  let srcIdx = 0;
  const mapLines = map.mappings.split(';');
  for (let li = 0; li < lines.length; li++) {
    const lineLen = lines[li].length + (li < lines.length - 1 ? 1 : 0);
    const segs = [];
    let col = 0;
    for (const seg of (mapLines[li] ?? '').split(',')) {
      if (!seg) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const ch of seg) {
        const digit = B64_INDEX[ch];
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      col += fields[0];
      if (fields.length >= 4) srcIdx += fields[1];
      segs.push({ col, src: fields.length >= 4 ? srcIdx : -1 });
    }
    let prev = 0;
    let prevSrc = -1;
    for (const s of segs) {
      add(prevSrc >= 0 ? sources[prevSrc] : '[unmapped]', s.col - prev);
      prev = s.col;
      prevSrc = s.src;
    }
    add(prevSrc >= 0 ? sources[prevSrc] : '[unmapped]', lineLen - prev);
  }
  return out;
}

/** A module's display name: the package for node_modules files, the path for the app's own. */
function moduleName(path) {
  const i = path.lastIndexOf('node_modules/');
  if (i < 0) return path;
  return path.slice(i + 'node_modules/'.length);
}

const FRAMEWORK = /(^|\/)node_modules\/(react|react-dom|scheduler|preact|vue|svelte|solid-js|astro|@astrojs)\//;

/**
 * First-load JS of one route: from its built HTML, or from `served` (the HTML the Worker rendered
 * for a request, for the pages rendered on demand; their scripts are files of dist/client too).
 */
export function firstLoadJs(route, served) {
  const htmlFile = served === undefined ? htmlFileOf(route) : null;
  const html = served ?? readFileSync(htmlFile, 'utf8');
  const entries = new Set();
  for (const m of html.matchAll(/(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g)) entries.add(resolve(ROOT + m[1]));
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) entries.add(resolve(ROOT + m[1]));
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) entries.add(resolve(ROOT + m[1]));

  const seen = new Set();
  const stack = [...entries];
  const code = new Map();
  while (stack.length) {
    const f = stack.pop();
    if (seen.has(f)) continue;
    seen.add(f);
    const src = readFileSync(f, 'utf8');
    code.set(f, src);
    for (const d of staticImports(f, src)) stack.push(d);
  }

  const files = [];
  const modules = new Map();
  let frameworkBytes = 0;
  for (const [f, src] of code) {
    const raw = Buffer.byteLength(src);
    const gzip = gzipSync(src).length;
    files.push({ file: relative(ROOT, f), raw, gzip });
    for (const [source, bytes] of bytesBySource(f, src)) {
      const share = (bytes / src.length) * gzip;
      const name = moduleName(source);
      const m = modules.get(name) ?? { module: name, raw: 0, gzip: 0 };
      m.raw += bytes;
      m.gzip += share;
      modules.set(name, m);
      if (FRAMEWORK.test(source)) frameworkBytes += share;
    }
  }
  const inline = [];
  for (const m of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    if (!m[1].trim()) continue;
    const gzip = gzipSync(m[1]).length;
    // Astro's island runtime (the astro-island custom element) is framework code too.
    const framework = /customElements\.define\(["']astro-island/.test(m[1]) || /astro-island/.test(m[1]);
    inline.push({ gzip, framework });
    if (framework) frameworkBytes += gzip;
  }
  const externalGzip = files.reduce((n, f) => n + f.gzip, 0);
  const inlineGzip = inline.reduce((n, s) => n + s.gzip, 0);
  return {
    route,
    html: htmlFile ? relative(ROOT, htmlFile) : '(rendered by the Worker)',
    gzip: externalGzip + inlineGzip,
    externalGzip,
    inlineGzip,
    frameworkGzip: Math.round(frameworkBytes),
    files: files.sort((a, b) => b.gzip - a.gzip),
    topModules: [...modules.values()]
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 5)
      .map((m) => ({ module: m.module, raw: m.raw, gzip: Math.round(m.gzip) })),
  };
}
