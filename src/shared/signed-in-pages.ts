// The signed-in pages, declared once: every path behind the app's gate, and the navigation entry of
// those the shell links to. From this list come the Worker's page guard (isSignedInPagePath, in
// src/worker/page-session.ts), the sidebar's and the settings' navigation (src/islands/shell/nav.ts),
// and a unit test holds wrangler.toml's `run_worker_first` to it. A page's data loader is
// src/worker/pages/<page>-data.ts, which its page file under src/pages hands to `signedInPage`.
// /login and the public pages are not here: they are never guarded.
import type { TranslationKey } from '../i18n';
import { FIRST_SIGNED_IN_SCREEN } from './safe-next';

export interface NavEntry {
  label: TranslationKey;
  /** A glyph of src/islands/shell/icons.tsx (checked there, where the glyphs live). */
  icon: string;
  /** Current for this path and everything under it (otherwise the exact path only). */
  prefix?: true;
}

export interface SignedInPage {
  /** The path; `:name` stands for one path segment. */
  path: string;
  /** Its link in the sidebar (`main`) and in the settings navigation (`settings`), in this list's order. */
  nav?: { main?: NavEntry; settings?: NavEntry };
  /** A page that only sends the person on: the Worker answers 302 to this path once the session holds. */
  redirect?: string;
}

export const SIGNED_IN_PAGES = [
  { path: '/dashboard', redirect: FIRST_SIGNED_IN_SCREEN },
  { path: '/market', nav: { main: { label: 'shell.nav.market', icon: 'market' } } },
  { path: '/accounts', nav: { main: { label: 'shell.nav.accounts', icon: 'accounts', prefix: true } } },
  { path: '/accounts/usd' },
  { path: '/accounts/brokerage' },
  { path: '/accounts/digital-assets' },
  { path: '/accounts/digital-assets/:symbol' },
  // Any other page under /accounts is behind the gate too (a signed-in visitor then reaches "any other path").
  { path: '/accounts/:page' },
  { path: '/transactions', nav: { main: { label: 'shell.nav.transactions', icon: 'transactions' } } },
  { path: '/onboarding' },
  { path: '/support', nav: { main: { label: 'shell.nav.support', icon: 'support' } } },
  {
    path: '/settings',
    nav: { main: { label: 'shell.nav.settings', icon: 'settings', prefix: true }, settings: { label: 'settings.nav.general', icon: 'settings' } },
  },
  { path: '/settings/security', nav: { settings: { label: 'settings.nav.security', icon: 'lock' } } },
  { path: '/settings/notifications', nav: { settings: { label: 'settings.nav.notifications', icon: 'bell' } } },
  { path: '/settings/billing', nav: { settings: { label: 'settings.nav.billing', icon: 'card' } } },
  { path: '/settings/privacy', nav: { settings: { label: 'settings.nav.privacy', icon: 'shield' } } },
  { path: '/settings/collaboration', nav: { settings: { label: 'settings.nav.collaboration', icon: 'users' } } },
  { path: '/settings/api', nav: { settings: { label: 'settings.nav.api', icon: 'code' } } },
  { path: '/settings/feature-requests', nav: { settings: { label: 'settings.nav.featureRequests', icon: 'bulb' } } },
  { path: '/settings/faq', nav: { settings: { label: 'settings.nav.faq', icon: 'help' } } },
  // Any other section is behind the gate too (a signed-in visitor is then sent to /).
  { path: '/settings/:section' },
] as const satisfies readonly SignedInPage[];

/** One pattern for the whole list: each path exactly (`:name` one segment), a trailing slash allowed. */
const MATCHER = new RegExp(`^(?:${SIGNED_IN_PAGES.map((p) => p.path.replace(/:[a-z]+/gi, '[^/]+')).join('|')})/?$`);

/** Whether a request path is a signed-in page (the Worker guards it). */
export const isSignedInPagePath = (pathname: string): boolean => MATCHER.test(pathname);

/** Where a signed-in page that only sends the person on goes (its `redirect`), else undefined. */
export function signedInRedirect(pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SIGNED_IN_PAGES.find((p): p is Extract<(typeof SIGNED_IN_PAGES)[number], { redirect: string }> => 'redirect' in p && p.path === path)?.redirect;
}
