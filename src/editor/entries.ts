// The content files the editor opens, one entry per file and language, and the public page that
// shows each one (the editor's preview renders that page with the unsaved text).
import { langs, type Lang, type PublicPage } from '../components/public/routes';

export type EntryKind = 'site' | 'landing' | 'legal';

export interface EditorEntry {
  /** The editor's name for it (its address: /keystatic/singleton/<key>). */
  key: string;
  kind: EntryKind;
  lang: Lang;
  /** The public page that shows it (shared labels: the landing page, among others). */
  page: PublicPage;
  /** The file, from the repository's root, without its extension. */
  path: string;
  label: string;
}

const languageNames: Record<Lang, string> = { en: 'English', es: 'Español' };

/** Every public content file: the shared labels, the landing page and the two legal pages, per language. */
export const editorEntries: EditorEntry[] = langs.flatMap((lang): EditorEntry[] => [
  { key: `landing-${lang}`, kind: 'landing', lang, page: 'home', path: `src/content/landing/${lang}`, label: `Landing page (${languageNames[lang]})` },
  { key: `privacy-${lang}`, kind: 'legal', lang, page: 'privacy', path: `src/content/legal/${lang}/privacy`, label: `Privacy policy (${languageNames[lang]})` },
  { key: `terms-${lang}`, kind: 'legal', lang, page: 'terms', path: `src/content/legal/${lang}/terms`, label: `Terms of service (${languageNames[lang]})` },
  { key: `site-${lang}`, kind: 'site', lang, page: 'home', path: `src/content/site/${lang}`, label: `Header, footer and labels (${languageNames[lang]})` },
]);

export const languageSections = Object.fromEntries(langs.map((lang) => [languageNames[lang], editorEntries.filter((e) => e.lang === lang).map((e) => e.key)]));
