// The critical sheet a signed-in page carries (critical-css.ts), cut from the app's real sheet as
// Tailwind compiles it from src/styles/app.css.
import { compile, optimize } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { criticalCss, criticalRules, htmlClasses, parseSheet, selectorClasses, withCriticalCss, type Sheet } from './critical-css';

const styles = resolve(__dirname, '../../styles');
let full = '';
let sheet: Sheet;

beforeAll(async () => {
  const compiler = await compile(readFileSync(join(styles, 'app.css'), 'utf8'), { base: styles, onDependency() {} });
  // app.css lets Tailwind find its sources from the project's root, as the build's Vite plugin does.
  const root = resolve(styles, '../..');
  const auto = compiler.root === 'none' ? [] : [{ base: compiler.root?.base ?? root, pattern: compiler.root?.pattern ?? '**/*', negated: false }];
  full = optimize(compiler.build(new Scanner({ sources: [...auto, ...compiler.sources] }).scan()), { minify: true }).code;
  expect(full.length).toBeGreaterThan(30_000);
  sheet = parseSheet(full);
});

const cut = (...classes: string[]) => criticalRules(sheet, new Set(classes));

describe('the critical sheet of a page', () => {
  it('keeps the utilities the page uses, variants inside their media query, and drops the others', () => {
    const css = cut('flex', 'md:grid-cols-6', 'hover:bg-gray-100');
    expect(css).toContain('.flex{display:flex}');
    expect(css).toMatch(/@media \((?:width>=|min-width:)48rem\)\{[^@]*\.md\\:grid-cols-6\{/);
    expect(css).toContain('.hover\\:bg-gray-100:hover');
    expect(full).toContain('.grid{display:grid}');
    expect(css).not.toContain('.grid{display:grid}');
    expect(full).toContain('.sm\\:px-4');
    expect(css).not.toContain('.sm\\:px-4');
  });

  it('keeps the base layer, the rules that name no class and Tailwind’s licence whatever the page uses', () => {
    const css = cut();
    expect(css.startsWith('/*! tailwindcss')).toBe(true);
    expect(css).toContain('@layer base{*,:after,:before,::backdrop{box-sizing:border-box');
    expect(css).toContain(':focus-visible{');
    expect(css).toContain('@layer utilities{}');
  });

  it('keeps a theme variable, a @property and a fallback only when a kept rule names it', () => {
    const none = cut();
    const some = cut('p-4', 'text-red-600', '-translate-x-full');
    expect(none).not.toContain('--spacing:');
    expect(some).toMatch(/@layer theme\{:root,:host\{[^}]*--spacing:\.25rem/);
    expect(some).toContain('--color-red-600:');
    expect(some).not.toContain('--color-green-600:');
    expect(some).toContain('@property --tw-translate-x{');
    expect(some).toContain('@property --tw-translate-y{');
    expect(full).toContain('@property --tw-gradient-from{');
    expect(some).not.toContain('@property --tw-gradient-from{');
    expect(some).toMatch(/@layer properties\{@supports[^{]*\{[^{]*\{[^}]*--tw-translate-x:0/);
    expect(some).not.toMatch(/@layer properties[^}]*--tw-gradient-from/);
    // A theme variable named by another kept one: the base's font family names --font-sans.
    expect(none).toContain('--default-font-family:var(--font-sans)');
    expect(none).toMatch(/--font-sans:system-ui/);
  });

  it('keeps the app’s own class rules, in @media too, only for a page that uses the class', () => {
    expect(full).toContain('.app-static-spinner{');
    expect(cut()).not.toContain('app-static-spinner');
    const spinner = cut('app-static-spinner');
    expect(spinner).toContain('.app-static-spinner{');
    expect(spinner).toMatch(/@media \(prefers-reduced-motion:\s?reduce\)\{\.app-static-spinner\{/);
    expect(spinner).toContain('@keyframes app-spin{');
    expect(cut('flex')).not.toContain('@keyframes app-spin{');
  });

  it('keeps a @keyframes only when a kept rule runs it', () => {
    expect(full).toContain('@keyframes spin{');
    expect(cut('animate-spin')).toContain('@keyframes spin{');
    expect(cut('flex')).not.toContain('@keyframes spin{');
  });

  it('keeps every utility rule of the app sheet whose classes the page all uses', () => {
    // Every class the app's sheet styles, half of them "used": each rule naming only used classes is kept.
    const all = [...new Set(selectorClasses(full))].sort();
    const used = all.filter((_, i) => i % 2 === 0);
    const css = criticalRules(sheet, new Set(used));
    const rules = [...full.matchAll(/(?<=[{}])([^{}@]+)\{([^{}]*)\}/g)];
    let checked = 0;
    for (const [, selector = '', body] of rules) {
      const classes = selectorClasses(selector);
      if (!classes.length || !classes.every((c) => used.includes(c))) continue;
      expect(css, selector).toContain(`${selector}{${body}}`);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('is a valid sheet whose braces balance, and is smaller than the whole', () => {
    const css = cut('flex', 'p-4', 'md:grid-cols-6', 'text-sm');
    let depth = 0;
    for (const c of css.replace(/"[^"]*"/g, '')) depth += c === '{' ? 1 : c === '}' ? -1 : 0;
    expect(depth).toBe(0);
    expect(css.length).toBeLessThan(full.length / 2);
  });
});

describe('the classes of a page', () => {
  it('reads class attributes as React and Astro escape them', () => {
    const html =
      '<div class="flex [&amp;&gt;svg]:w-4 content-[&quot;x&quot;] content-[&#x27;y&#x27;]"><svg class="h-4"></svg></div><p data-class="nope">class="inside text"</p>';
    expect([...htmlClasses(html)].sort()).toEqual(['[&>svg]:w-4', 'content-["x"]', "content-['y']", 'flex', 'h-4'].sort());
  });

  it('reads the same classes as a regular expression over every class attribute after whitespace', () => {
    // The reading htmlClasses replaced (a regular expression tried at every character): the same set.
    const reference = (html: string) => {
      const used = new Set<string>();
      for (const m of html.matchAll(/\sclass="([^"]*)"/g))
        for (const name of (m[1] ?? '')
          .replace(/&quot;/g, '"')
          .replace(/&#x27;|&#39;/g, "'")
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&amp;/g, '&')
          .split(/\s+/))
          if (name) used.add(name);
      return used;
    };
    const cases = [
      'class="at-start" <p class="after">',
      '<p\tclass="tab"><p\nclass="newline"><p\u00a0class="nbsp"><p\u2028class="separator"><p xclass="no"><p data-class="no">',
      '<p class="  spaced   out\n more "><p class=""><p class="flex"><p class="flex"><p class="p-4 flex">',
      '<p class="a&amp;b &lt;c&gt; &quot;d&quot; &#39;e&#39; &#x27;f&#x27;"><p class="a&amp;b">',
      '<p class="closed"> then class="in text" and <b class="unterminated>',
      '<p title=" class=&quot;x&quot;" class="real"><p class="one"class="two">',
    ];
    // And pages made of those pieces in a seeded random order, repeats and all.
    const pieces = cases.flatMap((c) => c.split(/(?=<)/));
    let seed = 7;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let i = 0; i < 200; i++)
      cases.push(Array.from({ length: 1 + Math.floor(random() * 30) }, () => pieces[Math.floor(random() * pieces.length)]).join(''));
    for (const html of cases) expect([...htmlClasses(html)].sort()).toEqual([...reference(html)].sort());
    expect([...htmlClasses(cases[1] ?? '')].sort()).toEqual(['nbsp', 'newline', 'separator', 'tab']);
  });

  it('reads a selector’s classes, escapes undone', () => {
    expect(selectorClasses('.md\\:p-4:hover')).toEqual(['md:p-4']);
    expect(selectorClasses('.\\32 xl\\:flex')).toEqual(['2xl:flex']);
    expect(selectorClasses(':where(.space-y-1>:not(:last-child))')).toEqual(['space-y-1']);
    expect(selectorClasses('.w-1\\/2')).toEqual(['w-1/2']);
  });
});

describe('a signed-in page rendered on demand', () => {
  const policy = "default-src 'self'; style-src 'self' 'sha256-astro'; script-src 'self'";
  const served = (body: string, type = 'text/html; charset=utf-8') =>
    new Response(body, { status: 200, headers: { 'content-type': type, 'content-security-policy': policy, 'content-length': String(body.length) } });
  const head = '<!doctype html><html><head><script>gate()</script><meta name="app-sheet" content="/_astro/app.X1.css" data-version="app.X1.css"></head>';
  const sha256 = async (text: string) => `sha256-${Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('base64')}`;

  it('carries the rules of what it served in front of the meta, with their hash in its policy', async () => {
    const res = await withCriticalCss(served(`${head}<body class="flex"><p class="p-4 md:grid-cols-6">Hi</p></body></html>`), full);
    const html = await res.text();
    const css = /<style>([^<]*)<\/style><meta name="app-sheet"/.exec(html)?.[1] ?? '';
    expect(css).toContain('.flex{display:flex}');
    expect(css).not.toContain('.grid{display:grid}');
    expect(res.headers.get('content-security-policy')).toBe(policy.replace("'sha256-astro'", `'sha256-astro' '${await sha256(css)}'`));
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.status).toBe(200);
  });

  it('links the sheet instead when its rules would take the page past the first window', async () => {
    // Text that does not compress: the page alone is over the window.
    const noise = Array.from({ length: 3000 }, (_, i) => ((i * 2654435761) >>> 0).toString(36)).join(' ');
    const res = await withCriticalCss(served(`${head}<body class="flex"><p>${noise}</p></body></html>`), full);
    const html = await res.text();
    expect(html).not.toContain('<style>');
    expect(html).not.toContain('name="app-sheet"');
    expect(html).toContain('<script>gate()</script><link rel="stylesheet" href="/_astro/app.X1.css"></head>');
    expect(res.headers.get('content-security-policy')).toBe(policy);
  });

  it('leaves a page that links the sheet, and an answer that is not a page, as they are', async () => {
    const linked = `<html><head><link rel="stylesheet" href="/_astro/app.X1.css"></head><body class="flex"></body></html>`;
    const res = await withCriticalCss(served(linked), full);
    expect(await res.text()).toBe(linked);
    expect(res.headers.get('content-security-policy')).toBe(policy);
    const json = served('{"a":1}', 'application/json');
    expect(await withCriticalCss(json, full)).toBe(json);
  });

  it('gets the same rules for the same classes, whatever else the page says', () => {
    const a = criticalCss('<p class="flex p-4">Ana</p>', full);
    const b = criticalCss('<div class="p-4 flex">Bea, 12 rows</div>', full);
    expect(b).toBe(a);
    expect(criticalCss('<p class="grid">x</p>', full).css).not.toBe(a.css);
  });
});

describe('the first window check', () => {
  const policy = "style-src 'self'";
  const served = (body: string) => new Response(body, { headers: { 'content-type': 'text/html', 'content-security-policy': policy } });
  const page = (rows: number) =>
    `<html><head><meta name="app-sheet" content="/_astro/app.X1.css" data-version="app.X1.css"></head><body class="items-start">${'<p class="mt-6">row</p>'.repeat(rows)}</body></html>`;

  it('compresses a page only when the last one with the same rules does not tell clearly', async () => {
    const made = vi.spyOn(globalThis, 'CompressionStream');
    expect(await (await withCriticalCss(served(page(10)), full)).text()).toContain('<style>');
    expect(made).toHaveBeenCalledTimes(1);
    // The same screen with a few more rows: far from the limit, told by the first one's ratio.
    expect(await (await withCriticalCss(served(page(12)), full)).text()).toContain('<style>');
    expect(made).toHaveBeenCalledTimes(1);
    made.mockRestore();
  });
});
