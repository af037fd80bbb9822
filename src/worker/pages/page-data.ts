// The reads of a signed-in page rendered on the Worker (issue 16), made in one step: the upstream
// calls in parallel (Promise.all) through the same port the BFF forwards to (the embedded core
// in-process, or the remote upstream), plus the KV market cache through the BFF's own function. The
// answers are the contract's, so the page gets what the islands would get from /api. A failed read
// leaves its part empty: the island then loads it as it does today (its own loading or error state).
import { isLang, detectLanguage, loadDictionary, t, type Lang } from '../../i18n';
import { CATEGORY_KEYS, marketRows, sizerRows, type MarketRow } from '../../shared/market';
import { FIRST_SCREEN_ROWS, TIME_ZONE_COOKIE, type PageSeed } from '../../shared/page-seed';
import { apiFilters, readHistoryQuery } from '../../shared/history-query';
import type { z } from 'zod';
import { parseAccept } from 'hono/utils/accept';
import { parse as parseCookie } from 'hono/utils/cookie';
import type { partyBalance, transaction, walletCategories } from '../../shared/schemas/responses';
import type { MarketSnapshot } from '../../shared/schemas/market';
import type { Bindings } from '../env';
import { cachedMarketSnapshot, type MarketReader } from '../routes/market';
import { selectUpstream } from '../upstream/select';
import type { PageUser } from './page-user';

/**
 * The browser's first language preference from Accept-Language (hono's parser: highest q first, ties
 * in order), for spec section 4's rule (es gives es, fr gives fs, anything else en).
 */
export function acceptLanguage(header: string | null): Lang {
  return detectLanguage(parseAccept(header ?? '').flatMap(({ type, q }) => (type !== '*' && q > 0 ? [type] : [])));
}

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

/** One upstream GET's `data`, or null when it answers anything but 200 or fails (the other pages' reads use it too). */
export async function read<T>(env: Bindings, user: PageUser, path: string, ctx?: ExecutionContext, query?: Record<string, string>): Promise<T | null> {
  try {
    const res = await selectUpstream(env).call({ method: 'GET', path, query, userId: user.id, accessToken: user.accessToken }, ctx);
    if (res.status !== 200) return null;
    return ((res.body as { data?: T } | null)?.data ?? null) as T | null;
  } catch (err) {
    console.error('page read failed', path, err instanceof Error ? err.message : String(err));
    return null;
  }
}

/**
 * `read`'s answer, or null when it has not settled `ms` after `start` has (or when `start` fails): a
 * page then answers without that part and its island reads it as before. `onLate` says so in the log.
 */
export async function unlessLate<T>(read: Promise<T | null>, ms: number, start: Promise<unknown> = Promise.resolve(), onLate?: () => void): Promise<T | null> {
  let settled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = start.then(
    () =>
      settled
        ? null
        : new Promise<null>((resolve) => {
            timer = setTimeout(() => {
              onLate?.();
              resolve(null);
            }, ms);
          }),
    () => null,
  );
  try {
    return await Promise.race([read, late]);
  } finally {
    settled = true;
    clearTimeout(timer);
  }
}

/**
 * The shell's reads for every signed-in page (profile, account list), in parallel, and the active
 * account: the list's link marked `is_active` (the contract's accountLink carries it, and GET
 * /accounts/user/active-account answers the same link), so a page makes two reads, not three.
 */
export function shellReads(
  env: Bindings,
  user: PageUser,
  ctx?: ExecutionContext,
): Promise<[PageSeed['account'] | null, { accounts?: PageSeed['accounts'] } | null, { account?: PageSeed['activeAccount'] } | null]> {
  return Promise.all([
    read<PageSeed['account']>(env, user, `/accounts/${encodeURIComponent(user.id)}`, ctx),
    read<{ accounts?: PageSeed['accounts'] }>(env, user, '/accounts/user/accounts', ctx),
  ]).then(([account, list]) => [account, list, list ? { account: list.accounts?.find((link) => link.is_active) ?? null } : null]);
}

/** The seed of the shell from its reads, in the account's language or else the browser's. */
export async function shellSeed(request: Request, user: PageUser, [account, list, active]: Awaited<ReturnType<typeof shellReads>>): Promise<PageSeed> {
  const language = account?.language;
  const lang = isLang(language) ? language : acceptLanguage(request.headers.get('accept-language'));
  // The dictionaries are static text: loading one on the server is shared safely by every request.
  await loadDictionary(lang);
  return { path: new URL(request.url).pathname, userId: user.id, lang, timeZone: cookieTimeZone(request), account, accounts: list?.accounts ?? [], activeAccount: active?.account ?? null };
}

/**
 * The market list last read from the KV cache, parsed, as rows, and its sizer row per language: the
 * same for every user, so the page requests of an isolate share them until the cached list changes
 * (one string comparison per request instead of parsing 26 kB and measuring every row). Never mutated.
 */
export interface PageMarket {
  snapshot: MarketSnapshot;
  rows: MarketRow[];
  sizers: Map<Lang, MarketRow[]>;
}
let marketMemo: (PageMarket & { json: string }) | undefined;

/** The KV market list for a page (/market, an asset page), or null when there is none (logged). */
export function pageMarket(reader: MarketReader, page: string): Promise<PageMarket | null> {
  return cachedMarketSnapshot(reader).then(
    ({ json }) => {
      if (marketMemo?.json !== json) {
        const snapshot = JSON.parse(json) as MarketSnapshot;
        marketMemo = { json, snapshot, rows: marketRows(snapshot), sizers: new Map() };
      }
      return marketMemo;
    },
    (err: unknown) => {
      console.error(`${page}: no market data`, err instanceof Error ? err.message : String(err));
      return null;
    },
  );
}

/** /market: the shell, the first screenful of market rows (the KV cache) and the table's sizer row, read together. */
export async function marketPage(
  request: Request,
  env: Bindings,
  user: PageUser,
  ctx?: ExecutionContext,
): Promise<{ seed: PageSeed; rows: MarketRow[] | null; sizer: MarketRow[] | null }> {
  const [shell, market] = await Promise.all([shellReads(env, user, ctx), pageMarket({ env, userId: user.id, accessToken: user.accessToken, ctx }, 'market page')]);
  const seed = await shellSeed(request, user, shell);
  if (!market) return { seed, rows: null, sizer: null };
  let sizer = market.sizers.get(seed.lang);
  if (!sizer) {
    sizer = sizerRows(market.rows, (category) => t(seed.lang, CATEGORY_KEYS[category]));
    market.sizers.set(seed.lang, sizer);
  }
  return { seed, rows: market.rows.slice(0, FIRST_SCREEN_ROWS), sizer };
}

export type PageTransaction = z.infer<typeof transaction>;

/**
 * /transactions: the shell and the first screenful of the active account's history with the filters
 * of the address. The list needs the active account's id, so it starts as soon as that read answers
 * (the profile and the account list still in flight), not after all three.
 */
export async function transactionsPage(request: Request, env: Bindings, user: PageUser, ctx?: ExecutionContext): Promise<{ seed: PageSeed; rows: PageTransaction[] | null }> {
  const reads = shellReads(env, user, ctx);
  const { filters } = readHistoryQuery(new URL(request.url).search);
  const rows = reads.then(([, , active]) => {
    const accountId = active?.account?.account_id;
    if (!accountId) return [] as PageTransaction[];
    return read<PageTransaction[]>(env, user, `/transactions/account/${encodeURIComponent(accountId)}`, ctx, {
      limit: String(FIRST_SCREEN_ROWS),
      ...apiFilters(filters),
    });
  });
  const [shell, list] = await Promise.all([reads, rows]);
  return { seed: await shellSeed(request, user, shell), rows: list };
}

export type PageWalletCategories = z.infer<typeof walletCategories>;
export type PageBalance = z.infer<typeof partyBalance>;

/**
 * /accounts: the shell, the active account's wallet categories (the three cards) and, when it has a
 * digital-assets wallet, that wallet's balance for its card. Each read starts as soon as the one it
 * needs has answered (active account, then categories, then the balance).
 */
export async function accountsPage(
  request: Request,
  env: Bindings,
  user: PageUser,
  ctx?: ExecutionContext,
): Promise<{ seed: PageSeed; categories: PageWalletCategories | null; balance: PageBalance | null }> {
  const reads = shellReads(env, user, ctx);
  const categories = reads.then(([, , active]) => {
    const accountId = active?.account?.account_id;
    return accountId ? read<PageWalletCategories>(env, user, `/wallets/${encodeURIComponent(accountId)}/categories`, ctx) : null;
  });
  const balance = categories.then((c) => {
    const party = c?.digital_asset_account?.address;
    return party ? read<PageBalance>(env, user, `/wallets/canton/balance/${encodeURIComponent(party)}`, ctx) : null;
  });
  const [shell, cats, bal] = await Promise.all([reads, categories, balance]);
  return { seed: await shellSeed(request, user, shell), categories: cats, balance: bal };
}
