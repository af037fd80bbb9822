// Small hooks shared by the islands.
import { useEffect } from 'react';
import type { TranslationKey } from '../../i18n';
import { useT } from '../../components/use-t';

/** Keeps document.title in the user's language. */
export function useDocumentTitle(title: TranslationKey | undefined): void {
  const t = useT();
  const text = title ? t(title) : '';
  useEffect(() => {
    if (text) document.title = text;
  }, [text]);
}
