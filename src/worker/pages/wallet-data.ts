// The reads of the digital-assets wallet pages rendered on the Worker (issue 16, with issue 17's
// offers and preapproval), made in one step: the shell's reads, then as soon as the active account
// is known its wallet categories, pending offers and preapproval together, and as soon as the
// wallet's party is known its balance and assets together (Promise.all through the upstream port,
// as src/worker/pages/page-data.ts). The answers are the contract's, shaped as the island's stores
// hold them, so the first client render is the server's HTML. A failed read leaves its part null:
// the island then loads that part as it does today (its own loading or error state). The asset page
// adds the asset's figures from the BFF's KV market cache, read beside the wallet.
import type { z } from 'zod';
import type { ledgerAsset, partyBalance, pendingOffers, transferPreapproval, walletCategories } from '../../shared/schemas/responses';
import type { PageSeed } from '../../shared/page-seed';
import { assetDetail, sampleDetail, stockDetail, symbolFromPath, type AssetDetail } from '../../shared/market';
import type { MarketSnapshot } from '../../shared/schemas/market';
import type { Bindings } from '../env';
import { cachedMarketSnapshot } from '../routes/market';
import { read, shellReads, shellSeed } from './page-data';
import type { PageUser } from './page-user';

type Categories = z.infer<typeof walletCategories>;
type Wallet = NonNullable<Categories['digital_asset_account']>;

/** The wallet as the Worker read it ($wallet's shape; the assets are the party's lines, unfiltered). */
export interface ServedWalletState {
  status: 'ready' | 'none';
  accountId: string | null;
  wallet: Wallet | null;
  balance: z.infer<typeof partyBalance> | null;
  assets: z.infer<typeof ledgerAsset>[];
}

export interface ServedWallet {
  /** null: a read the wallet needs failed; the island loads it itself. */
  wallet: ServedWalletState | null;
  /** The account's pending offers, or null when not read (no wallet, or the read failed). */
  offers: z.infer<typeof pendingOffers> | null;
  /** The "accept incoming transfers automatically" switch, or null when not read. */
  preapproval: z.infer<typeof transferPreapproval> | null;
  /** The server's clock when it read (offers' time left: the same text during hydration). */
  now: number;
}

const NONE = (accountId: string | null): ServedWalletState => ({ status: 'none', accountId, wallet: null, balance: null, assets: [] });

/** The party's balance and assets, together; null unless both answer. */
async function partyReads(env: Bindings, user: PageUser, party: string, ctx?: ExecutionContext) {
  const p = encodeURIComponent(party);
  const [balance, assets] = await Promise.all([
    read<ServedWalletState['balance']>(env, user, `/wallets/canton/balance/${p}`, ctx),
    read<ServedWalletState['assets']>(env, user, `/wallets/canton/parties/${p}/assets`, ctx),
  ]);
  return balance && assets ? { balance, assets } : null;
}

/** The shell's reads and the active account's id, the start of both pages' reads. */
function accountReads(env: Bindings, user: PageUser, ctx?: ExecutionContext) {
  const shell = shellReads(env, user, ctx);
  const accountId = shell.then(([, , active]) => active?.account?.account_id ?? null);
  const byAccount = <T>(path: (id: string) => string) => accountId.then((id) => (id ? read<T>(env, user, path(encodeURIComponent(id)), ctx) : null));
  const categories = byAccount<Categories>((id) => `/wallets/${id}/categories`);
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
  return { shell, byAccount, wallet };
}

/**
 * /accounts/digital-assets: the shell, the active account's wallet, its pending offers and its
 * preapproval. Offers and preapproval need only the account id, so they run beside the categories
 * (an account without a wallet answers them 404: null, unused).
 */
export async function walletPage(request: Request, env: Bindings, user: PageUser, ctx?: ExecutionContext): Promise<{ seed: PageSeed; served: ServedWallet }> {
  const { shell, byAccount, wallet } = accountReads(env, user, ctx);
  const offers = byAccount<ServedWallet['offers']>((id) => `/wallets/canton/offers/${id}`);
  const preapproval = byAccount<ServedWallet['preapproval']>((id) => `/wallets/canton/preapproval/${id}`);
  const [reads, w, o, p] = await Promise.all([shell, wallet, offers, preapproval]);
  const ready = w?.status === 'ready';
  return {
    seed: await shellSeed(request, user, reads),
    served: { wallet: w, offers: ready ? o : null, preapproval: ready ? p : null, now: Date.now() },
  };
}

export interface ServedAsset {
  /** The symbol of the address, as the island would read it from `location`. */
  symbol: string;
  /** The asset as the island's lookup finds it (stock, Canton asset, sample row); null: the island looks it up. */
  detail: AssetDetail | null;
  /** The wallet ("Your Holdings" and Sell), as on the wallet page; null: the island loads it. */
  wallet: ServedWalletState | null;
}

/** The island's lookup (AssetDetail.findAsset) over the cached market: stock, else Canton asset, else a sample row. */
export function findServedAsset(snapshot: MarketSnapshot | null, symbol: string): AssetDetail | null {
  if (!snapshot) return null;
  const stock = snapshot.stocks.find((s) => s.symbol === symbol.toUpperCase());
  if (stock) return stockDetail(stock);
  const asset = snapshot.assets.find((a) => a.symbol.toLowerCase() === symbol.toLowerCase());
  return asset ? assetDetail(asset) : sampleDetail(symbol);
}

/**
 * /accounts/digital-assets/{symbol}: the shell, the asset's figures (the KV market cache) and the
 * active account's wallet for "Your Holdings", all in one step. A symbol the cache does not know is
 * left to the island (it may be a stock outside the cached list, or nothing: then its not-found toast).
 */
export async function assetPage(request: Request, env: Bindings, user: PageUser, ctx?: ExecutionContext): Promise<{ seed: PageSeed; served: ServedAsset }> {
  const symbol = symbolFromPath(new URL(request.url).pathname) ?? '';
  const { shell, wallet } = accountReads(env, user, ctx);
  const snapshot = cachedMarketSnapshot({ env, userId: user.id, accessToken: user.accessToken, ctx })
    .then((hit) => JSON.parse(hit.json) as MarketSnapshot)
    .catch((err: unknown) => {
      console.error('asset page: no market data', err instanceof Error ? err.message : String(err));
      return null;
    });
  const [reads, w, market] = await Promise.all([shell, wallet, snapshot]);
  return { seed: await shellSeed(request, user, reads), served: { symbol, detail: symbol ? findServedAsset(market, symbol) : null, wallet: w } };
}
