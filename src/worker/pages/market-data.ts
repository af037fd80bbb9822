// The reads of /market rendered on the Worker: the shell and the first screenful of market rows with
// the table's sizer row, from the BFF's KV market cache (the same function GET /api/market answers
// from), read together. The asset page reads the same cached list (pageMarket).
import { t, type Lang } from '../../i18n';
import { CATEGORY_KEYS, marketRows, sizerRows, type MarketRow } from '../../shared/market';
import { FIRST_SCREEN_ROWS, type PageSeed } from '../../shared/page-seed';
import type { MarketSnapshot } from '../../shared/schemas/market';
import type { Bindings } from '../env';
import { cachedMarketSnapshot, type MarketReader } from '../routes/market';
import type { PageUser } from './page-user';
import { shellReads, shellSeed } from './shell';

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
  const [shell, market] = await Promise.all([
    shellReads(env, user, ctx),
    pageMarket({ env, userId: user.id, accessToken: user.accessToken, ctx }, 'market page'),
  ]);
  const seed = await shellSeed(request, user, shell);
  if (!market) return { seed, rows: null, sizer: null };
  let sizer = market.sizers.get(seed.lang);
  if (!sizer) {
    sizer = sizerRows(market.rows, (category) => t(seed.lang, CATEGORY_KEYS[category]));
    market.sizers.set(seed.lang, sizer);
  }
  return { seed, rows: market.rows.slice(0, FIRST_SCREEN_ROWS), sizer };
}
