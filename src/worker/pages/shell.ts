// What every signed-in page rendered on the Worker reads: the shell's reads (profile, account list,
// active account) and its seed in the user's language (src/shared/page-seed.ts). A page's own reads
// are its loader, src/worker/pages/<page>-data.ts, which its frontmatter hands to `signedInPage`
// (src/layouts/signed-in-page.ts).
import { parseAccept } from 'hono/utils/accept';
import { parse as parseCookie } from 'hono/utils/cookie';
import { isLang, detectLanguage, loadDictionary, type Lang } from '../../i18n';
import { getProfile, listAccounts } from '../../shared/contract/accounts';
import { TIME_ZONE_COOKIE, type PageSeed } from '../../shared/page-seed';
import type { Bindings } from '../env';
import type { PageUser } from './page-user';
import { read, type AnswerOf } from './read';

/**
 * The browser's first language preference from Accept-Language (highest q first, ties in order),
 * mapped by the language rule: es gives es, fr gives fs, anything else en.
 */
export function acceptLanguage(header: string | null): Lang {
  return detectLanguage(acceptLanguages(header));
}

/** The language tags of Accept-Language, preferred first (what the browser has as navigator.languages). */
export const acceptLanguages = (header: string | null): string[] => parseAccept(header ?? '').flatMap(({ type, q }) => (type !== '*' && q > 0 ? [type] : []));

/** The browser's time zone from its `tz` cookie, when it is one Intl knows; else UTC. */
export function cookieTimeZone(request: Request): string {
  const zone = parseCookie(request.headers.get('cookie') ?? '', TIME_ZONE_COOKIE)[TIME_ZONE_COOKIE];
  if (!zone) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

export type ShellReads = [AnswerOf<typeof getProfile> | null, AnswerOf<typeof listAccounts> | null, { account?: PageSeed['activeAccount'] } | null];

/**
 * The shell's reads for every signed-in page (profile, account list), in parallel, and the active
 * account: the list's link marked `is_active` (the contract's accountLink carries it, and GET
 * /accounts/user/active-account answers the same link), so a page makes two reads, not three.
 */
export function shellReads(env: Bindings, user: PageUser, ctx?: ExecutionContext): Promise<ShellReads> {
  const page = { env, user, ctx };
  return Promise.all([read(page, '/accounts', getProfile, { params: { userId: user.id } }), read(page, '/accounts', listAccounts)]).then(([account, list]) => [
    account,
    list,
    list ? { account: list.accounts?.find((link) => link.is_active) ?? null } : null,
  ]);
}

/** The seed of the shell from its reads, in the account's language or else the browser's. */
export async function shellSeed(request: Request, user: PageUser, [account, list, active]: ShellReads): Promise<PageSeed> {
  const language = account?.language;
  const lang = isLang(language) ? language : acceptLanguage(request.headers.get('accept-language'));
  // The dictionaries are static text: loading one on the server is shared safely by every request.
  await loadDictionary(lang);
  return {
    path: new URL(request.url).pathname,
    userId: user.id,
    lang,
    timeZone: cookieTimeZone(request),
    account,
    accounts: list?.accounts ?? [],
    activeAccount: active?.account ?? null,
  };
}

/** The loader of a page whose first screen is the shell and text only (/settings, its sections and FAQ, /onboarding). */
export async function shellPage(request: Request, env: Bindings, user: PageUser, ctx?: ExecutionContext): Promise<{ seed: PageSeed }> {
  return { seed: await shellSeed(request, user, await shellReads(env, user, ctx)) };
}
