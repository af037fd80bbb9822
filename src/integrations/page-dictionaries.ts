// Build step: each page's dictionary in each language, holding only the strings its islands can show.
// A page's islands are the .tsx modules its .astro file imports; what they can show is every key named
// (src/i18n/key-usage.ts) in the modules they import, statically or lazily, under src/. When the
// error texts module is among them, the `errors.` family comes whole and also in English, because a
// server answers in English and that module reads the text back to its key. Each dictionary is a tiny
// ES module, /_astro/i18n/<page>.<lang>.<hash>.js, written next to the build's scripts; the layout
// names the page's three in a <meta name="dictionaries"> and the islands load the served language's
// (src/layouts/AppLayout.astro), and t() loads one from there (src/i18n/index.ts). A new island needs
// nothing: its keys are found where it names them, as the unused-keys check finds them.
import type { AstroIntegration } from 'astro';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { en } from '../i18n/en';
import { es } from '../i18n/es';
import { fs } from '../i18n/fs';
import { BY_ENGLISH_TEXT, ENGLISH_ANSWER_PREFIX, keysNamedIn } from '../i18n/key-usage';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PAGES = join(SRC, 'pages');
const DICTIONARIES = { en, es, fs } as const;
type Lang = keyof typeof DICTIONARIES;
const LANGS = Object.keys(DICTIONARIES) as Lang[];
const KEYS = Object.keys(en);
/** The module that reads English answers back to their keys (see the header). */
const ERROR_TEXT = join(SRC, 'shared', 'error-text.ts');
const URL_BASE = '/_astro/i18n/';

// `import x from './a'`, `import './a'`, `export {x} from './a'`, `import('./a')`; not `import type`.
const IMPORT = /(?<![\w$.])(?:(import|export)\s*([\w$*{}\s,]+?)\s*from\s*|import\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** The file an import names, when it is a module of ours (not a stylesheet, not a package). */
function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const file of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (/\.(ts|tsx|mjs|js)$/.test(file) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

function importsOf(file: string, source: string): string[] {
  return [...source.matchAll(IMPORT)].flatMap((m) => {
    if (m[2] !== undefined && /^type\s/.test(m[2])) return [];
    const target = resolveImport(file, m[3] ?? '');
    return target ? [target] : [];
  });
}

/** Every module of src/ that `entries` reach through their imports, static or lazy. */
function moduleGraph(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length) {
    const file = stack.pop() as string;
    if (seen.has(file) || !file.startsWith(SRC) || /[\\/]i18n[\\/](en|es|fs)\.ts$/.test(file)) continue;
    seen.add(file);
    stack.push(...importsOf(file, readFileSync(file, 'utf8')));
  }
  return seen;
}

/** The route pattern of a page file, as Astro.routePattern gives it: pages/settings/[section].astro -> /settings/[section]. */
const routeOf = (page: string) =>
  '/' +
  relative(PAGES, page)
    .split(sep)
    .join('/')
    .replace(/\.astro$/, '')
    .replace(/(^|\/)index$/, '');

const astroFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? astroFiles(path) : name.endsWith('.astro') ? [path] : [];
  });

export interface PageDictionary {
  route: string;
  /** The keys the page's islands can show. */
  keys: string[];
  /** Keys whose English text ships in every language (read back from English answers). */
  english: string[];
}

/** The dictionary of every page that mounts islands, from the sources as they are now. */
export function pageDictionaries(): PageDictionary[] {
  return astroFiles(PAGES).flatMap((page) => {
    const islands = importsOf(page, readFileSync(page, 'utf8')).filter((file) => file.endsWith('.tsx'));
    if (!islands.length) return [];
    const modules = moduleGraph(islands);
    const keys = new Set<string>();
    for (const file of modules) for (const key of keysNamedIn(readFileSync(file, 'utf8'), KEYS)) keys.add(key);
    const english = modules.has(ERROR_TEXT) ? KEYS.filter((key) => key.startsWith(ENGLISH_ANSWER_PREFIX) || BY_ENGLISH_TEXT.includes(key)) : [];
    for (const key of english) keys.add(key);
    return [{ route: routeOf(page), keys: KEYS.filter((key) => keys.has(key)), english }];
  });
}

const pick = (dictionary: Record<string, string>, keys: string[]) => Object.fromEntries(keys.map((key) => [key, dictionary[key]]));

/** A page's dictionary in one language as an ES module: its strings, and the English of the answers' family. */
export function dictionaryModule(page: PageDictionary, lang: Lang): string {
  const strings = `export default ${JSON.stringify(pick(DICTIONARIES[lang], page.keys))};`;
  return lang === 'en' || !page.english.length ? strings : `${strings}\nexport const english = ${JSON.stringify(pick(en, page.english))};`;
}

interface Built {
  route: string;
  files: Record<Lang, { name: string; source: string }>;
}

function build(): Built[] {
  return pageDictionaries().map((page) => {
    const slug = page.route.replace(/^\//, '').replace(/[[\]]/g, '').replaceAll('/', '-') || 'index';
    const files = Object.fromEntries(
      LANGS.map((lang) => {
        const source = dictionaryModule(page, lang);
        const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
        return [lang, { name: `${slug}.${lang}.${hash}.js`, source }];
      }),
    ) as Built['files'];
    return { route: page.route, files };
  });
}

const VIRTUAL = 'virtual:page-dictionaries';

/** `virtual:page-dictionaries`: the URL of each page's dictionary per language, by route pattern. */
function urlsModule(built: Built[]): string {
  const urls = Object.fromEntries(built.map(({ route, files }) => [route, Object.fromEntries(LANGS.map((lang) => [lang, URL_BASE + files[lang].name]))]));
  return `export const pageDictionaries = ${JSON.stringify(urls)};`;
}

export default function pageDictionariesIntegration(): AstroIntegration {
  let client: URL;
  const plugin: Plugin = {
    name: 'page-dictionaries',
    resolveId: (id) => (id === VIRTUAL ? `\0${VIRTUAL}` : undefined),
    load(id) {
      if (id !== `\0${VIRTUAL}`) return undefined;
      return urlsModule(build());
    },
    // `astro dev`: the same files from memory.
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith(URL_BASE)) return next();
        const name = req.url.slice(URL_BASE.length);
        const file = build()
          .flatMap(({ files }) => Object.values(files))
          .find((f) => f.name === name);
        if (!file) return next();
        res.setHeader('content-type', 'text/javascript');
        res.end(file.source);
      });
    },
  };
  return {
    name: 'page-dictionaries',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [plugin] } });
      },
      'astro:config:done': ({ config }) => {
        client = config.build.client;
      },
      'astro:build:done': ({ logger }) => {
        const dir = join(fileURLToPath(client), URL_BASE);
        mkdirSync(dir, { recursive: true });
        // The same sources give the same files (and names) as the URLs the pages were built with.
        const pages = build();
        for (const { files } of pages) for (const file of Object.values(files)) writeFileSync(join(dir, file.name), file.source);
        logger.info(`dictionaries of ${pages.length} pages written to ${URL_BASE}`);
      },
    },
  };
}
