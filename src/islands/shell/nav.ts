// The shell's navigation: the main sidebar links and the settings navigation, as the signed-in
// pages declare them (src/shared/signed-in-pages.ts), and which item is current for a path
// (Accounts is current for every path under /accounts).
import type { TranslationKey } from '../../i18n';
import { SIGNED_IN_PAGES, type SignedInPage } from '../../shared/signed-in-pages';
import type { GlyphName } from './icons';

export interface NavItem {
  href: string;
  label: TranslationKey;
  icon: GlyphName;
  /** Current for this path and everything under it (otherwise the exact path only). */
  prefix?: boolean;
}

type DeclaredNav = NonNullable<Extract<(typeof SIGNED_IN_PAGES)[number], { nav: unknown }>['nav']>;
type DeclaredIcon = (DeclaredNav extends unknown ? DeclaredNav[keyof DeclaredNav] : never) extends infer E ? (E extends { icon: infer I } ? I : never) : never;

/** The links of one navigation, in the order the signed-in pages are declared. */
function navOf(kind: 'main' | 'settings'): readonly NavItem[] {
  return (SIGNED_IN_PAGES as readonly SignedInPage[]).flatMap(({ path, nav }) => {
    const entry = nav?.[kind];
    // Every declared icon is one of the glyphs: a misspelt one fails the type check here.
    return entry ? [{ href: path, ...entry, icon: entry.icon as DeclaredIcon satisfies GlyphName }] : [];
  });
}

export const MAIN_NAV = navOf('main');
export const SETTINGS_NAV = navOf('settings');

/** The path without a trailing slash ('/' stays '/'). */
export const normalizePath = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export function isCurrent(item: NavItem, path: string): boolean {
  const p = normalizePath(path);
  return p === item.href || (item.prefix === true && p.startsWith(`${item.href}/`));
}
