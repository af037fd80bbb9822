// Paths of the public pages per language: English at the root, Spanish under /es/.
export const langs = ['en', 'es'] as const;
export type Lang = (typeof langs)[number];
export type PublicPage = 'home' | 'privacy' | 'terms';

const paths: Record<PublicPage, Record<Lang, string>> = {
  home: { en: '/', es: '/es/' },
  privacy: { en: '/privacy', es: '/es/privacy' },
  terms: { en: '/terms', es: '/es/terms' },
};

export const pagePath = (page: PublicPage, lang: Lang) => paths[page][lang];
