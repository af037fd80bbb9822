// The shell's navigation (spec section 2): the main sidebar links, the settings navigation, and
// which item is current for a path (Accounts is current for every path under /accounts).
import type { TranslationKey } from '../../i18n';
import type { GlyphName } from './icons';

export interface NavItem {
  href: string;
  label: TranslationKey;
  icon: GlyphName;
  /** Current for this path and everything under it (otherwise the exact path only). */
  prefix?: boolean;
}

export const MAIN_NAV: readonly NavItem[] = [
  { href: '/market', label: 'shell.nav.market', icon: 'market' },
  { href: '/accounts', label: 'shell.nav.accounts', icon: 'accounts', prefix: true },
  { href: '/transactions', label: 'shell.nav.transactions', icon: 'transactions' },
  { href: '/support', label: 'shell.nav.support', icon: 'support' },
  { href: '/settings', label: 'shell.nav.settings', icon: 'settings', prefix: true },
];

export const SETTINGS_NAV: readonly NavItem[] = [
  { href: '/settings', label: 'settings.nav.general', icon: 'settings' },
  { href: '/settings/security', label: 'settings.nav.security', icon: 'lock' },
  { href: '/settings/notifications', label: 'settings.nav.notifications', icon: 'bell' },
  { href: '/settings/billing', label: 'settings.nav.billing', icon: 'card' },
  { href: '/settings/privacy', label: 'settings.nav.privacy', icon: 'shield' },
  { href: '/settings/collaboration', label: 'settings.nav.collaboration', icon: 'users' },
  { href: '/settings/api', label: 'settings.nav.api', icon: 'code' },
  { href: '/settings/feature-requests', label: 'settings.nav.featureRequests', icon: 'bulb' },
  { href: '/settings/faq', label: 'settings.nav.faq', icon: 'help' },
];

/** The path without a trailing slash ('/' stays '/'). */
export const normalizePath = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export function isCurrent(item: NavItem, path: string): boolean {
  const p = normalizePath(path);
  return p === item.href || (item.prefix === true && p.startsWith(`${item.href}/`));
}
