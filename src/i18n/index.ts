// Translation entry point: the languages, t() with {name} interpolation and English fallback, and
// the language rule (the browser's: es gives es, fr gives fs, anything else en; overridden by the
// account's language when that is en, es or fs).
// Framework-free so the worker and stores can use it; React components use useT() from
// src/components/use-t.ts.
//
// No dictionary ships with the code. In the browser a page loads its own dictionary in the person's
// language: only the strings its islands can show, named by its layout's <meta name="dictionaries">
// (built by src/integrations/page-dictionaries.ts; the served language's loads with the islands). The Worker
// and the tests, which have no such page, load whole dictionaries, English with each as the fallback.
import type { Dictionary, TranslationKey } from './en';

export type { TranslationKey };

/** `fs` is how the product spells French. */
export const LANGS = ['en', 'es', 'fs'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

/** The strings in each language so far: a page's dictionary in the browser, whole ones elsewhere. */
const loaded: Partial<Record<Lang, Partial<Dictionary>>> = {};
/** Languages whose strings for this page (or whole dictionary) are in. */
const complete = new Set<Lang>();

const wholeDictionaries: Record<Lang, () => Promise<Dictionary>> = {
  en: () => import('./en').then((m) => m.en),
  es: () => import('./es').then((m) => m.es),
  fs: () => import('./fs').then((m) => m.fs),
};

/** A page's dictionary module: its strings, and the English of the messages answered in English. */
interface PageDictionary {
  default: Partial<Dictionary>;
  english?: Partial<Dictionary>;
}

const add = (lang: Lang, strings: Partial<Dictionary>) => {
  loaded[lang] = loaded[lang] ? Object.assign(loaded[lang], strings) : strings;
};

/** The page's layout names its dictionary per language (none on the Worker, in tests, or on a page without islands). */
const pageDictionaries = (): DOMStringMap | undefined =>
  typeof document === 'undefined' ? undefined : document.querySelector<HTMLMetaElement>('meta[name="dictionaries"]')?.dataset;

/** The language the Worker rendered this page in (its dictionary loads with the islands), or null. */
export function servedLanguage(): Lang | null {
  const served = pageDictionaries()?.served;
  return isLang(served) ? served : null;
}

export const isDictionaryLoaded = (lang: Lang): boolean => complete.has(lang);

/** Loads `lang`'s strings once: the page's, else the whole dictionary (and English, the fallback). */
export async function loadDictionary(lang: Lang): Promise<void> {
  if (complete.has(lang)) return;
  const url = pageDictionaries()?.[lang];
  if (url) {
    const page = (await import(/* @vite-ignore */ url)) as PageDictionary;
    add(lang, page.default);
    if (page.english) add('en', page.english);
  } else {
    const [whole, english] = await Promise.all([wholeDictionaries[lang](), complete.has('en') ? undefined : wholeDictionaries.en()]);
    if (english) add('en', english);
    add(lang, whole);
    complete.add('en');
  }
  complete.add(lang);
}

export type TranslateParams = Readonly<Record<string, string | number>>;

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** True when `key` is a dictionary key (for messages that may be a key or free text, e.g. zod issues). */
export function isTranslationKey(key: string): key is TranslationKey {
  return LANGS.some((lang) => loaded[lang] !== undefined && Object.hasOwn(loaded[lang], key));
}

/** The key whose English text is `text` (the first in the dictionary's order), among the English strings loaded. */
export function keyOfEnglish(text: string): TranslationKey | undefined {
  return Object.entries(loaded.en ?? {}).find(([, english]) => english === text)?.[0] as TranslationKey | undefined;
}

const PLACEHOLDER = /\{(\w+)\}/g;

const pluralRules = new Map<Lang, Intl.PluralRules>();

/**
 * Where a count meets a noun, the key's text is its general (plural) form and `<key>_one` its
 * singular: the language's Intl.PluralRules category of `count` picks `<key>_<category>` when the
 * dictionaries have it ("1 asset shown", "0 actif affiché"), else the key itself.
 */
function pluralKey(lang: Lang, key: TranslationKey, count: number): TranslationKey {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(htmlLang(lang));
    pluralRules.set(lang, rules);
  }
  const form = `${key}_${rules.select(count)}`;
  return isTranslationKey(form) ? form : key;
}

/**
 * The string for `key` in `lang`, with `{name}` placeholders filled from `params`; a numeric
 * `count` picks the plural form (pluralKey). A missing or empty translation falls back to English
 * (a dictionary may lag behind during a change); a placeholder without a value stays visible so the
 * gap is noticed rather than hidden. Until the language's strings are in, t() answers ''; a key the
 * page's dictionary then lacks (its build step missed where the code names it) is reported and shown
 * as the key.
 */
export function t(lang: Lang, key: TranslationKey, params?: TranslateParams): string {
  if (typeof params?.count === 'number') key = pluralKey(lang, key, params.count);
  const text = loaded[lang]?.[key] || loaded.en?.[key];
  if (text === undefined) {
    // Before the language's strings are in (a page rendered in the browser, as it starts) nothing is
    // shown yet; once they are, a missing key is the build step's miss.
    if (!complete.has(lang)) return '';
    console.error(`No string for ${key} in ${lang}: this page's dictionary lacks it`);
    return key;
  }
  if (!params) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/** Language from the browser's preference list: es* gives es, fr* gives fs, anything else en. */
export function detectLanguage(navigatorLanguages: readonly string[] | undefined | null): Lang {
  // The first preference decides, as the browser's own language would.
  const first = navigatorLanguages?.[0]?.toLowerCase() ?? '';
  if (first === 'es' || first.startsWith('es-')) return 'es';
  if (first === 'fr' || first.startsWith('fr-')) return 'fs';
  return 'en';
}

/** The account's language wins when it is a supported code; otherwise the browser's stays. */
export function resolveLanguage(browser: Lang, accountLanguage: string | null | undefined): Lang {
  return isLang(accountLanguage) ? accountLanguage : browser;
}

/** BCP 47 tag for `<html lang>`: `fs` is not a real language tag, French is `fr`. */
export function htmlLang(lang: Lang): string {
  return lang === 'fs' ? 'fr' : lang;
}
