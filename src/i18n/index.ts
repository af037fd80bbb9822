// Translation entry point: the languages, t() with {name} interpolation and English fallback, and
// the language rule (the browser's: es gives es, fr gives fs, anything else en; overridden by the
// account's language when that is en, es or fs).
// Framework-free so the worker and stores can use it; React components use useT() from
// src/components/use-t.ts.
import { en, type Dictionary, type TranslationKey } from './en';

export type { TranslationKey };

/** `fs` is how the product spells French. */
export const LANGS = ['en', 'es', 'fs'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

// English ships with every island (it is the fallback); Spanish and French load on demand, so a
// page carries one extra dictionary (~6 KB gzip) instead of two it never shows.
const loaded: Partial<Record<Lang, Dictionary>> = { en };
const loaders: Record<Exclude<Lang, 'en'>, () => Promise<Dictionary>> = {
  es: () => import('./es').then((m) => m.es),
  fs: () => import('./fs').then((m) => m.fs),
};

export const isDictionaryLoaded = (lang: Lang): boolean => loaded[lang] !== undefined;

/** Loads `lang`'s dictionary once; until it is in, t() answers in English. */
export async function loadDictionary(lang: Lang): Promise<void> {
  if (lang === 'en' || loaded[lang]) return;
  loaded[lang] = await loaders[lang]();
}

export type TranslateParams = Readonly<Record<string, string | number>>;

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** True when `key` is a dictionary key (for messages that may be a key or free text, e.g. zod issues). */
export function isTranslationKey(key: string): key is TranslationKey {
  return Object.prototype.hasOwnProperty.call(en, key);
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
 * gap is noticed rather than hidden.
 */
export function t(lang: Lang, key: TranslationKey, params?: TranslateParams): string {
  if (typeof params?.count === 'number') key = pluralKey(lang, key, params.count);
  const text = loaded[lang]?.[key] || en[key];
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
