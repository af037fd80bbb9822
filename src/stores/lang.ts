// $lang: the interface language shared by every island. Starts from the browser (es gives es, fr
// gives fs, anything else en), or from what the user picked before (localStorage); the account's
// language overrides it.
import { atom } from 'nanostores';
import { DEFAULT_LANG, detectLanguage, htmlLang, isDictionaryLoaded, isLang, loadDictionary, resolveLanguage, servedLanguage, type Lang } from '../i18n';

export const LANG_STORAGE_KEY = 'lang';

// `init` stays 'en' (what prerendered HTML is in), so useT can render that during hydration and then
// switch to the client's language without a hydration mismatch.
export const $lang = atom<Lang>(DEFAULT_LANG);
/** False until the starting language's dictionary is in, so no screen paints in English first. */
export const $langReady = atom<boolean>(false);
let wanted: Lang = DEFAULT_LANG;

function readStored(): Lang | null {
  try {
    const stored = globalThis.localStorage?.getItem(LANG_STORAGE_KEY);
    return isLang(stored) ? stored : null;
  } catch {
    // Storage can throw (privacy mode, blocked cookies): the browser language still works.
    return null;
  }
}

/** The language a client starts with: a saved choice, else the browser's preference. */
export function initialLanguage(): Lang {
  if (typeof navigator === 'undefined') return DEFAULT_LANG;
  return readStored() ?? detectLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

/**
 * Switches every island to `lang` and remembers it on this device. The switch is immediate when the
 * dictionary is already in; otherwise it happens as soon as it loads (the last request wins).
 */
export function setLanguage(lang: Lang): void {
  wanted = lang;
  try {
    globalThis.localStorage?.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Not persisted; the choice still holds for this page.
  }
  void switchTo(lang);
}

function switchTo(lang: Lang): Promise<void> {
  if (isDictionaryLoaded(lang)) {
    $lang.set(lang);
    $langReady.set(true);
    return Promise.resolve();
  }
  return loadDictionary(lang)
    .then(() => {
      if (wanted === lang) $lang.set(lang);
    })
    .catch((err: unknown) => {
      // Offline or a failed chunk: English stays (t() falls back to it anyway).
      console.error('Failed to load the dictionary', lang, err);
    })
    .finally(() => $langReady.set(true));
}

/**
 * The language a page rendered on the server chose (the account's, else Accept-Language): the
 * islands start in it, so they hydrate the server's text. Not remembered on this device (the
 * account already remembers it); the stored choice and the browser's stay for client-only pages.
 */
export function startWithLanguage(lang: Lang): void {
  wanted = lang;
  void switchTo(lang);
}

/** Applies the account's language (en, es or fs) when the account loads; other values change nothing. */
export function applyAccountLanguage(accountLanguage: string | null | undefined): void {
  const next = resolveLanguage(wanted, accountLanguage);
  if (next !== wanted) setLanguage(next);
}

/**
 * In the browser: picks the starting language and loads its strings. A page rendered on the Worker
 * starts in its language, as its islands will; a prerendered one in the stored choice or the
 * browser's.
 */
function start(): Promise<void> {
  wanted = servedLanguage() ?? initialLanguage();
  // Keep <html lang> right for screen readers and hyphenation, from the first change on: until then
  // it is the page's own (the server's language, or the early script's stored choice), not the
  // store's initial 'en'.
  $lang.listen((lang) => {
    document.documentElement.lang = htmlLang(lang);
  });
  return switchTo(wanted);
}

/**
 * Resolves once the starting language's strings are in: the islands hydrate after it
 * (src/integrations/react-client.mjs awaits it before its islands' loading ends), so hydration never
 * waits for them and a press held before it (client:tap) is replayed on an island that has hydrated.
 */
export const languageReady: Promise<void> = typeof window === 'undefined' ? Promise.resolve() : start();
