// $lang: the interface language shared by every island. Starts from the browser (spec section 4),
// or from what the user picked before (localStorage); the account's language overrides it.
import { atom } from 'nanostores';
import { DEFAULT_LANG, detectLanguage, htmlLang, isLang, resolveLanguage, type Lang } from '../i18n';

export const LANG_STORAGE_KEY = 'lang';

// `init` stays 'en' (what prerendered HTML is in), so useT can render that during hydration and then
// switch to the client's language without a hydration mismatch.
export const $lang = atom<Lang>(DEFAULT_LANG);

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

/** Sets the language for every island and remembers it on this device. */
export function setLanguage(lang: Lang): void {
  $lang.set(lang);
  try {
    globalThis.localStorage?.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Not persisted; the choice still holds for this page.
  }
}

/** Applies the account's language (en, es or fs) when the account loads; other values change nothing. */
export function applyAccountLanguage(accountLanguage: string | null | undefined): void {
  const next = resolveLanguage($lang.get(), accountLanguage);
  if (next !== $lang.get()) setLanguage(next);
}

if (typeof window !== 'undefined') {
  $lang.set(initialLanguage());
  // Keep <html lang> right for screen readers and hyphenation.
  $lang.subscribe((lang) => {
    document.documentElement.lang = htmlLang(lang);
  });
}
