// The reads of the digital-assets wallet pages rendered on the Worker (with their pending transfer
// offers and preapproval), made in one step: the shell's reads, then as soon as the active account
// is known its wallet categories, pending offers and preapproval together, and as soon as the
// wallet's party is known its balance and assets together (Promise.all through the upstream port,
// src/worker/pages/read.ts). The answers are the contract's, shaped as the island's stores hold
// them, so the first client render is the server's HTML. A failed read leaves its part null: the
// island then loads that part as it does today (its own loading or error state). The asset page
// adds the asset's figures and its chart's summary for the default timeframe (the page's LCP text)
// from the BFF's KV market cache, read beside the wallet; the summary is optional and waits for
// nothing: a history that fails or is late is left to the island's own read.
import { getPreapproval, listOffers, partyAssets, partyBalance, walletCategories } from '../../shared/contract/wallets';
import { getPosition } from '../../shared/contract/orders';
import { positionParam } from '../../shared/schemas/order';
import type { ServedAsset, ServedWallet, ServedWalletState } from '../../shared/served-wallet';
import type { PageSeed } from '../../shared/page-seed';
import { assetDetail, DEFAULT_TIMEFRAME, sampleDetail, stockDetail, symbolFromPath, type AssetDetail } from '../../shared/market';
import { historySummary, type HistorySummary } from '../../shared/price-history';
import { symbolParam, type MarketSnapshot } from '../../shared/schemas/market';
import type { PriceHistory } from '../../shared/schemas/price-history';
import type { Bindings } from '../env';
import { cachedHistory, NotHistory, type MarketReader } from '../routes/market';
import { pageMarket } from './market-data';
import type { PageUser } from './page-user';
import { read, unlessLate } from './read';
import { shellReads, shellSeed } from './shell';

const NONE = (accountId: string | null): ServedWalletState => ({ status: 'none', accountId, wallet: null, balance: null, assets: [] });

/** The party's balance and assets, together; null unless both answer. */
async function partyReads(env: Bindings, user: PageUser, partyId: string, ctx?: ExecutionContext) {
  const page = { env, user, ctx };
  const [balance, assets] = await Promise.all([
    read(page, '/wallets', partyBalance, { params: { partyId } }),
    read(page, '/wallets', partyAssets, { params: { partyId } }),
  ]);
  return balance && assets ? { balance, assets } : null;
}

/** The shell's reads and the active account's id, the start of both pages' reads. */
function accountReads(env: Bindings, user: PageUser, ctx?: ExecutionContext) {
  const shell = shellReads(env, user, ctx);
  const accountId = shell.then(([, , active]) => active?.account?.account_id ?? null);
  const page = { env, user, ctx };
  const categories = accountId.then((id) => (id ? read(page, '/wallets', walletCategories, { params: { accountId: id } }) : null));
  // The wallet: categories, then (when it has a party) its balance and assets.
  const wallet = Promise.all([accountId, categories]).then(async ([id, cats]): Promise<ServedWalletState | null> => {
    if (!id) return NONE(null);
    if (!cats) return null;
    const w = cats.digital_asset_account ?? null;
    if (!w) return NONE(id);
    if (!w.address) return { status: 'ready', accountId: id, wallet: w, balance: null, assets: [] };
    const party = await partyReads(env, user, w.address, ctx);
    return party ? { status: 'ready', accountId: id, wallet: w, ...party } : null;
  });
  return { shell, accountId, wallet };
}

/**
 * /accounts/digital-assets: the shell, the active account's wallet, its pending offers and its
 * preapproval. Offers and preapproval need only the account id, so they run beside the categories
 * (an account without a wallet answers them 404: null, unused).
 */
export async function walletPage(request: Request, env: Bindings, user: PageUser, ctx?: ExecutionContext): Promise<{ seed: PageSeed; served: ServedWallet }> {
  const { shell, accountId, wallet } = accountReads(env, user, ctx);
  const page = { env, user, ctx };
  const offers = accountId.then((id) => (id ? read(page, '/wallets', listOffers, { params: { accountId: id } }) : null));
  const preapproval = accountId.then((id) => (id ? read(page, '/wallets', getPreapproval, { params: { accountId: id } }) : null));
  const [reads, w, o, p] = await Promise.all([shell, wallet, offers, preapproval]);
  const ready = w?.status === 'ready';
  return {
    seed: await shellSeed(request, user, reads),
    served: { wallet: w, offers: ready ? o : null, preapproval: ready ? p : null, now: Date.now() },
  };
}

/** The island's lookup (findAsset in src/stores/market.ts) over the cached market: stock, else Canton asset, else a sample row. */
export function findServedAsset(snapshot: MarketSnapshot | null, symbol: string): AssetDetail | null {
  if (!snapshot) return null;
  const stock = snapshot.stocks.find((s) => s.symbol === symbol.toUpperCase());
  if (stock) return stockDetail(stock, snapshot.changes_24h);
  const asset = snapshot.assets.find((a) => a.symbol.toLowerCase() === symbol.toLowerCase());
  return asset ? assetDetail(asset, snapshot.changes_24h) : sampleDetail(symbol);
}

/**
 * How long the asset page waits for its chart's summary once its other reads have answered. The
 * history is read from the start beside them (one KV read when cached, one upstream call when not),
 * so it is normally there first; a late or stalled one costs the page at most this, then the island
 * reads it as before.
 */
export const CHART_GRACE_MS = 100;

/**
 * The default timeframe's history from the KV cache (GET /api/market/history/{symbol}'s own read),
 * as its summary; null for a symbol the contract refuses, a history the port refuses (unknown symbol,
 * sample row), a failure, or one that has not answered `graceMs` after `others`.
 */
export async function chartSummary(reader: MarketReader, symbol: string, others: Promise<unknown>, graceMs = CHART_GRACE_MS): Promise<HistorySummary | null> {
  if (!symbolParam.safeParse({ symbol }).success) return null;
  const history = cachedHistory(reader, symbol, DEFAULT_TIMEFRAME).then(
    (hit) => historySummary(JSON.parse(hit.json) as PriceHistory),
    (err: unknown) => {
      // No history for the symbol (a sample row) is an answer, not a failure.
      if (!(err instanceof NotHistory && err.result.status === 404))
        console.error('asset page: no chart summary', err instanceof Error ? err.message : String(err));
      return null;
    },
  );
  // A load it starts goes on filling the cache after the page has answered without it.
  reader.ctx?.waitUntil(history);
  return unlessLate(history, graceMs, others);
}

/**
 * /accounts/digital-assets/{symbol}: the shell, the asset's figures and its chart's summary (the KV
 * market cache) and the active account's wallet for "Your Holdings", all in one step. A symbol the
 * cache does not know is left to the island (it may be a stock outside the cached list, or nothing:
 * then its not-found toast), and so is its chart.
 */
export async function assetPage(request: Request, env: Bindings, user: PageUser, ctx?: ExecutionContext): Promise<{ seed: PageSeed; served: ServedAsset }> {
  const symbol = symbolFromPath(new URL(request.url).pathname) ?? '';
  const reader: MarketReader = { env, userId: user.id, accessToken: user.accessToken, ctx };
  const { shell, accountId, wallet } = accountReads(env, user, ctx);
  const snapshot = pageMarket(reader, 'asset page').then((market) => market?.snapshot ?? null);
  const chart = chartSummary(reader, symbol, Promise.all([shell, wallet, snapshot]));
  // The brokerage position of a stock or ETF: none held (404) and a failed read are both null.
  const held = accountId.then((id) =>
    id && positionParam.safeParse({ accountId: id, symbol: symbol.toUpperCase() }).success
      ? read({ env, user, ctx }, '/brokerage', getPosition, { params: { accountId: id, symbol: symbol.toUpperCase() } })
      : null,
  );
  const [reads, w, market, summary, position] = await Promise.all([shell, wallet, snapshot, chart, held]);
  const detail = symbol ? findServedAsset(market, symbol) : null;
  // The island plots the history of the asset it shows (detail.symbol): served only for that one.
  const served = detail && summary?.symbol.toUpperCase() === detail.symbol.toUpperCase() ? summary : null;
  return { seed: await shellSeed(request, user, reads), served: { symbol, detail, wallet: w, chart: served, position } };
}
