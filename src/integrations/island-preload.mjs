// Astro integration: after the build, every page that mounts an island lists the island's modules
// and all the chunks they import statically as <link rel="modulepreload"> in its <head>. Otherwise
// the browser finds them one import level at a time (component -> shared chunks -> their imports),
// a round trip per level on a phone on 4G before the island can render (npm run bench).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const htmlFiles = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? htmlFiles(path) : name.endsWith('.html') ? [path] : [];
  });

// `import{a}from"./x.js"`, `import"./x.js"`, `export{a}from"./x.js"`; never `import(` (dynamic).
const STATIC_IMPORT = /(?<![\w$.])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+\.m?js)["']/g;

export default function islandPreload() {
  return {
    name: 'island-preload',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const toUrl = (file) => '/' + relative(root, file).split(sep).join('/');
        const closure = new Map();
        const importsOf = (file) => {
          if (!closure.has(file)) {
            const src = readFileSync(file, 'utf8');
            closure.set(
              file,
              [...src.matchAll(STATIC_IMPORT)].map((m) => resolve(dirname(file), m[1])),
            );
          }
          return closure.get(file);
        };
        let pages = 0;
        for (const file of htmlFiles(root)) {
          const html = readFileSync(file, 'utf8');
          const entries = [...html.matchAll(/(?:component-url|renderer-url)="(\/[^"]+\.js)"/g)].map((m) => join(root, m[1]));
          if (!entries.length || html.includes('rel="modulepreload"')) continue;
          const seen = new Set();
          const stack = [...entries];
          while (stack.length) {
            const f = stack.pop();
            if (seen.has(f)) continue;
            seen.add(f);
            stack.push(...importsOf(f));
          }
          const links = [...seen].map((f) => `<link rel="modulepreload" href="${toUrl(f)}">`).join('');
          const at = html.search(/<meta charset[^>]*>/i);
          const end = at < 0 ? html.indexOf('<head>') + '<head>'.length : html.indexOf('>', at) + 1;
          writeFileSync(file, html.slice(0, end) + links + html.slice(end));
          pages++;
        }
        logger.info(`modulepreload links added to ${pages} pages`);
      },
    },
  };
}
