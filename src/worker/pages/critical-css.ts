// The part of the app's stylesheet a signed-in page rendered on the Worker needs for what it served,
// written into the page for a browser that has not loaded the sheet yet (src/middleware.ts hands every
// page rendered on demand to withCriticalCss), so its first paint waits for no stylesheet's round
// trip: the app's sheet (~10 kB gzip) was the last request on the way to every signed-in page's
// largest contentful paint (npm run bench: LCP 782-819 ms, the static pages 683-690). A rule that
// names a class (Tailwind's utilities, the app's own) is kept when the page's HTML uses one of them;
// a theme variable, a property's fallback, a @property or a @keyframes when a kept rule names it; the
// rest (the base layer, rules that name no class) always. The islands ask for the whole sheet and
// hydrate once it has loaded (src/lib/app-sheet.ts), so what they draw later (a dialog, a menu)
// finds its rules; from then on a cookie says the browser has it, and pages link it as before.
import appCss from '../../styles/app.css?inline';
import { withStyleSource } from '../security-policy';

/** A utility rule with the classes its selector names, or an at-rule (@media, @supports) around some. */
type Item = { text: string; classes: string[] } | { head: string; items: Item[] };

/** The text of a CSS block split into its statements and rules, at its top level. */
function split(css: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (c === '\\') i++;
    else if (c === '"' || c === "'") {
      for (i++; i < css.length && css[i] !== c; i++) if (css[i] === '\\') i++;
    } else if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 1;
    } else if (c === '{') depth++;
    else if (c === '}') {
      if (--depth === 0) {
        out.push(css.slice(start, i + 1).trim());
        start = i + 1;
      }
    } else if (c === ';' && depth === 0) {
      out.push(css.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  const rest = css.slice(start).trim();
  if (rest) out.push(rest);
  return out.filter(Boolean);
}

/** `.md\:p-4` -> `md:p-4`; `.\32 xl` -> `2xl`. */
const unescape = (name: string) =>
  name.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex?: string, char?: string) => (hex ? String.fromCodePoint(parseInt(hex, 16)) : (char ?? '')));

/** The class names a selector names. */
export const selectorClasses = (selector: string) => [...selector.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g)].map((m) => unescape(m[1] ?? ''));

function parseItems(css: string): Item[] {
  return split(css).map((text) => {
    const brace = text.indexOf('{');
    const head = text.slice(0, brace).trim();
    if (brace > 0 && head.startsWith('@') && text.slice(brace + 1, -1).includes('{')) return { head, items: parseItems(text.slice(brace + 1, -1)) };
    return { text, classes: brace > 0 ? selectorClasses(head) : [] };
  });
}

/** A declaration block whose custom properties are kept only when the rules kept use them. */
interface Declarations {
  /** The text up to the block's `{`, and from its `}` on. */
  open: string;
  close: string;
  decls: { name: string; text: string }[];
}

/** The sheet in its order: fixed text, the utilities to choose from, and what follows their use. */
type Part =
  | { kind: 'fixed'; text: string }
  | { kind: 'utilities'; items: Item[] }
  | { kind: 'rules'; items: Item[] }
  | ({ kind: 'variables' } & Declarations)
  | { kind: 'named'; name: string; text: string };

export type Sheet = Part[];

const UTILITIES = '@layer utilities{';

/** `@layer theme{:root,:host{--a:1;--b:2}}`: the innermost (first closing) block's declarations. */
function declarations(text: string): Declarations {
  const close = text.indexOf('}');
  const open = text.lastIndexOf('{', close);
  const decls = split(text.slice(open + 1, close)).map((d) => ({ name: d.slice(0, d.indexOf(':')).trim(), text: d.endsWith(';') ? d : `${d};` }));
  return { open: text.slice(0, open + 1), close: text.slice(close), decls };
}

/**
 * The app's sheet split into parts: Tailwind's utilities (chosen by class), its theme's variables and
 * the properties' fallbacks (by use), each @property and @keyframes (by name), the rest as it is.
 */
export function parseSheet(css: string): Sheet {
  // A leading comment (Tailwind's licence) is a part of its own.
  return split(css.replace(/^\s*(\/\*[\s\S]*?\*\/)/, '$1;')).map((text): Part => {
    if (text.startsWith('/*')) return { kind: 'fixed', text: text.slice(0, -1) };
    if (text.startsWith(UTILITIES)) return { kind: 'utilities', items: parseItems(text.slice(UTILITIES.length, -1)) };
    if (text.startsWith('@layer theme{') || text.startsWith('@layer properties{')) return { kind: 'variables', ...declarations(text) };
    const named = /^@(?:property|keyframes)\s+([\w-]+)/.exec(text);
    if (named?.[1]) return { kind: 'named', name: named[1], text };
    // The app's own rules outside the layers (a class's rule, or one in @media): chosen by class too.
    if (!text.startsWith('@layer') && /^(?:[^@]|@media|@supports)/.test(text) && text.includes('{')) return { kind: 'rules', items: parseItems(text) };
    return { kind: 'fixed', text };
  });
}

function keep(items: Item[], used: ReadonlySet<string>): string {
  let out = '';
  for (const item of items) {
    if ('head' in item) {
      const inner = keep(item.items, used);
      if (inner) out += `${item.head}{${inner}}`;
    } else if (item.classes.length === 0 || item.classes.some((c) => used.has(c))) out += item.text;
  }
  return out;
}

/** Adds the identifiers a text names (custom properties, @keyframes names) to `into`. */
function mention(text: string, into: Set<string>): boolean {
  const before = into.size;
  for (const m of text.matchAll(/(?<![\w-])-{0,2}[a-zA-Z_][\w-]*/g)) into.add(m[0]);
  return into.size > before;
}

/** The rules of the sheet that HTML with these classes needs. */
export function criticalRules(sheet: Sheet, used: ReadonlySet<string>): string {
  const kept = new Map<Part, string>();
  const mentioned = new Set<string>();
  for (const part of sheet) {
    if (part.kind === 'utilities' || part.kind === 'rules') mention(kept.set(part, keep(part.items, used)).get(part) ?? '', mentioned);
    if (part.kind === 'fixed') mention(part.text, mentioned);
  }
  // A variable can name others (--default-font-family: var(--font-sans)), a kept one's value too.
  for (let grew = true; grew;) {
    grew = false;
    for (const part of sheet)
      if (part.kind === 'variables') for (const d of part.decls) if (mentioned.has(d.name)) grew = mention(d.text.slice(d.name.length), mentioned) || grew;
  }
  return sheet
    .map((part) => {
      if (part.kind === 'fixed') return part.text;
      if (part.kind === 'utilities') return `${UTILITIES}${kept.get(part) ?? ''}}`;
      if (part.kind === 'rules') return kept.get(part) ?? '';
      if (part.kind === 'named') return mentioned.has(part.name) ? part.text : '';
      const decls = part.decls.filter((d) => mentioned.has(d.name));
      return decls.length ? `${part.open}${decls.map((d) => d.text).join('')}${part.close}` : '';
    })
    .join('');
}

/** A class attribute's value with the entities React and Astro write in attributes undone. */
const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Whether the character at `at` is one `\s` matches (ASCII whitespace without a regular expression). */
const isSpaceAt = (text: string, at: number) => {
  const code = text.charCodeAt(at);
  return code === 32 || (code >= 9 && code <= 13) || (code > 127 && /\s/.test(text.charAt(at)));
};

const CLASS_ATTRIBUTE = 'class="';

/**
 * The classes an HTML text uses, from its class attributes (as React and Astro escape them): each
 * `class="…"` after whitespace. Runs on every signed-in page the Worker renders (~50 kB, a few hundred
 * attributes, most of them repeats: the rows of a table): found with indexOf rather than a regular
 * expression tried at every character, each distinct value split once, and the entities undone only
 * in a value that has an `&`.
 */
export function htmlClasses(html: string): Set<string> {
  const used = new Set<string>();
  const values = new Set<string>();
  for (let at = html.indexOf(CLASS_ATTRIBUTE); at >= 0; at = html.indexOf(CLASS_ATTRIBUTE, at + 1)) {
    if (at === 0 || !isSpaceAt(html, at - 1)) continue;
    const start = at + CLASS_ATTRIBUTE.length;
    const end = html.indexOf('"', start);
    if (end < 0) break;
    const value = html.slice(start, end);
    at = end;
    if (values.has(value)) continue;
    values.add(value);
    for (const name of (value.includes('&') ? unescapeAttribute(value) : value).split(/\s+/)) if (name) used.add(name);
  }
  return used;
}

/** The app's sheet as this isolate parsed it (the build's; a test's own), with the critical sheets
 *  made from it by the page's classes (a handful of shapes per page, the oldest dropped first). */
const parsed = new Map<string, { sheet: Sheet; made: Map<string, Rules> }>();

interface Rules {
  css: string;
  /** Their CSP source (`sha256-…`). */
  hash: Promise<string>;
  /** Compressed bytes per character of the last page measured with them (see fitsFirstWindow). */
  ratio?: number;
}
const MADE_MAX = 64;

/** The app sheet's rules a page's HTML needs, with their CSP hash (`sha256-…`). */
export function criticalCss(html: string, sheetText: string = appCss): Rules {
  let entry = parsed.get(sheetText);
  if (!entry) parsed.set(sheetText, (entry = { sheet: parseSheet(sheetText), made: new Map() }));
  const used = htmlClasses(html);
  const key = [...used].sort().join(' ');
  let rules = entry.made.get(key);
  if (!rules) {
    const css = criticalRules(entry.sheet, used);
    rules = {
      css,
      hash: crypto.subtle.digest('SHA-256', new TextEncoder().encode(css)).then((d) => `sha256-${btoa(String.fromCharCode(...new Uint8Array(d)))}`),
    };
    if (entry.made.size >= MADE_MAX) entry.made.delete(entry.made.keys().next().value as string);
    entry.made.set(key, rules);
  }
  return rules;
}

/**
 * What a page's body may weigh, compressed, with its rules written in: TCP's first window (10
 * segments, ~14.6 kB) less the response's headers (~1.75 kB on a signed-in page, most of it the
 * security policy with its hashes: Lighthouse's transfer size less the gzipped body, npm run bench).
 * A page over it takes another round trip to arrive, more than the sheet's own request costs beside
 * it (the bench: /market and the brokerage at 14-16 kB with their rules, LCP 866-896 ms; linked,
 * 801-802 ms).
 */
const FIRST_WINDOW_BODY_BYTES = 12_800;

/**
 * Whether a page with these rules written in fits the first window. Compressing each page costs the
 * Worker a millisecond or two (a page's whole render is about as much), so a page is measured only
 * when the last one with the same rules (the same markup's classes: the same screen) does not tell
 * clearly: its compression ratio puts this one within 5% of the limit, or there was none.
 */
async function fitsFirstWindow(page: string, rules: Rules): Promise<boolean> {
  const estimate = rules.ratio === undefined ? undefined : rules.ratio * page.length;
  if (estimate !== undefined && Math.abs(estimate - FIRST_WINDOW_BODY_BYTES) > FIRST_WINDOW_BODY_BYTES * 0.05) return estimate <= FIRST_WINDOW_BODY_BYTES;
  const size = await gzipSize(page);
  rules.ratio = size / page.length;
  return size <= FIRST_WINDOW_BODY_BYTES;
}

/** The size of a text gzipped (as the edge compresses a page; brotli makes it smaller still). */
async function gzipSize(text: string): Promise<number> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  let size = 0;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) size += chunk.byteLength;
  return size;
}

/** Where a signed-in page names the app's sheet instead of linking it (src/layouts/AppLayout.astro). */
const APP_SHEET_META = /<meta name="app-sheet" content="([^"]*)"[^>]*>/;

/**
 * A signed-in page rendered on demand for a browser that has not loaded the app's sheet names it in
 * a meta (src/middleware.ts hands every page rendered on demand here): the page gets the sheet's rules
 * for what it served in front of it, and their hash in its policy, when it still fits TCP's first
 * window with them; else the meta becomes the sheet's link again. Any other answer passes as it is.
 */
export async function withCriticalCss(res: Response, sheetText: string = appCss): Promise<Response> {
  if (!res.headers.get('content-type')?.startsWith('text/html')) return res;
  const html = await res.text();
  const meta = APP_SHEET_META.exec(html);
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  let page = html;
  if (meta) {
    const rules = criticalCss(html, sheetText);
    page = `${html.slice(0, meta.index)}<style>${rules.css}</style>${html.slice(meta.index)}`;
    if (!(await fitsFirstWindow(page, rules)))
      page = `${html.slice(0, meta.index)}<link rel="stylesheet" href="${meta[1]}">${html.slice(meta.index + meta[0].length)}`;
    else headers.set('Content-Security-Policy', withStyleSource(headers.get('content-security-policy') ?? '', await rules.hash));
  }
  return new Response(page, { status: res.status, statusText: res.statusText, headers });
}
