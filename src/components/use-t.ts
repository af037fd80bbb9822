// useT(): the React side of i18n. Returns t() bound to the current $lang, re-rendering on change.
// It sits with the shared React UI, not in src/i18n, because it reads the $lang store, and the
// stores import src/i18n (the dictionaries and t() stay framework- and store-free).
import { useStore } from '@nanostores/react';
import { useCallback } from 'react';
import { $lang } from '../stores/lang';
import { useServedLang } from './page-seed-context';
import { t, type Lang, type TranslateParams, type TranslationKey } from '../i18n';

export type BoundT = (key: TranslationKey, params?: TranslateParams) => string;

/**
 * The current language. On a page rendered on the Worker (a seed, or /login's served language) it is the page's (server and hydration
 * alike); on a prerendered page, during hydration it is the store's initial 'en', like its HTML.
 */
export function useLang(): Lang {
  const served = useServedLang();
  return useStore($lang, { ssr: served ? () => served : 'initial' });
}

/** `const t = useT(); t('shell.nav.market')` */
export function useT(): BoundT {
  const lang = useLang();
  return useCallback((key, params) => t(lang, key, params), [lang]);
}
