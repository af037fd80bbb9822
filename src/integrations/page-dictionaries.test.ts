import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { es } from '../i18n/es';
import { keysNamedIn } from '../i18n/key-usage';
import { dictionaryModule, pageDictionaries, type PageDictionary } from './page-dictionaries';

const pages = pageDictionaries();
const page = (route: string): PageDictionary => {
  const found = pages.find((p) => p.route === route);
  if (!found) throw new Error(`no dictionary for ${route}`);
  return found;
};
const ALL = Object.keys(en).length;

describe("a page's dictionary", () => {
  it('exists for every page that mounts an island, by its route pattern (as Astro.routePattern names it)', () => {
    expect(pages.map((p) => p.route)).toEqual(
      expect.arrayContaining([
        '/login',
        '/market',
        '/transactions',
        '/accounts',
        '/accounts/digital-assets',
        '/accounts/digital-assets/[symbol]',
        '/settings/[section]',
      ]),
    );
    expect(pages.map((p) => p.route)).not.toContain('/');
  });

  it('exists for every page that hydrates an island (client:...), whatever its name', () => {
    const pagesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'pages');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : name.endsWith('.astro') ? [join(dir, name)] : []));
    const hydrating = files(pagesDir)
      .filter((file) => /<\w+ client:/.test(readFileSync(file, 'utf8')))
      .map(
        (file) =>
          '/' +
          relative(pagesDir, file)
            .replace(/\.astro$/, '')
            .replace(/(^|\/)index$/, ''),
      );
    expect(hydrating.length).toBeGreaterThan(10);
    expect(pages.map((p) => p.route).sort()).toEqual(hydrating.sort());
  });

  it("holds the strings its islands name, the shell's among them, and none of another screen's", () => {
    const { keys } = page('/transactions');
    expect(keys).toEqual(expect.arrayContaining(['transactions.title', 'shell.notifications.title', 'common.loading']));
    expect(keys.filter((key) => key.startsWith('featureRequests.') || key.startsWith('settings.faq.'))).toEqual([]);
    expect(keys.length).toBeLessThan(ALL / 2);
    expect(page('/login').keys.filter((key) => key.startsWith('shell.notifications.') || key.startsWith('transactions.'))).toEqual([]);
  });

  it('follows lazy imports: a dialog that loads on first open brings its strings', () => {
    expect(page('/accounts/digital-assets').keys).toContain('wallet.send.error.unknown');
    expect(page('/market').keys).not.toContain('wallet.send.error.unknown');
  });

  it('takes a family built with a template whole, and the plural forms t() picks by itself', () => {
    const identity = page('/settings/identity').keys;
    const reasons = Object.keys(en).filter((key) => key.startsWith('identity.reason.'));
    expect(reasons.length).toBeGreaterThan(1);
    expect(identity).toEqual(expect.arrayContaining(reasons));
    expect(page('/market').keys).toEqual(expect.arrayContaining(['market.resultCount', 'market.resultCount_one']));
  });

  it('carries, in Spanish and French, the English of the answers it reads back to their keys, and nothing English otherwise', () => {
    const transactions = page('/transactions');
    expect(transactions.english).toContain('errors.invalidValue');
    expect(transactions.english.every((key) => transactions.keys.includes(key))).toBe(true);
    const spanish = dictionaryModule(transactions, 'es');
    expect(spanish).toContain(JSON.stringify(es['transactions.title']));
    expect(spanish).toContain(`export const english = `);
    expect(spanish).toContain(JSON.stringify(en['errors.invalidValue']));
    expect(spanish).not.toContain(JSON.stringify(en['transactions.title']));
    expect(dictionaryModule(transactions, 'en')).not.toContain('export const english');
  });
});

describe('keysNamedIn', () => {
  it('finds quoted keys with their plural forms and whole template families, and nothing else', () => {
    const keys = ['a.b', 'a.b_one', 'a.c', 'x.y.one', 'x.y.two', 'x.z'];
    const source = "t('a.b'); const k = `x.y.${kind}`; const text = 'a.cc';";
    expect([...keysNamedIn(source, keys)].sort()).toEqual(['a.b', 'a.b_one', 'x.y.one', 'x.y.two']);
  });
});
