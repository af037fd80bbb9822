// useT(): the React side of i18n. Returns t() bound to the current $lang, re-rendering on change.
// It sits with the shared React UI, not in src/i18n, because it reads the $lang store, and the
// stores import src/i18n (the dictionaries and t() stay framework- and store-free).
import { useStore } from '@nanostores/react';
import { useCallback } from 'react';
import { $lang } from '../stores/lang';
import { t, type Lang, type TranslateParams, type TranslationKey } from '../i18n';

export type BoundT = (key: TranslationKey, params?: TranslateParams) => string;

/** The current language; during hydration it is the store's initial 'en', like the prerendered HTML. */
export function useLang(): Lang {
  return useStore($lang, { ssr: 'initial' });
}

/** `const t = useT(); t('shell.nav.market')` */
export function useT(): BoundT {
  const lang = useLang();
  return useCallback((key, params) => t(lang, key, params), [lang]);
}
