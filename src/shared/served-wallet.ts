// What the Worker serves the wallet and asset pages with (src/worker/pages/wallet-data.ts reads it;
// the islands take it as props, src/islands/wallet/served.ts): the contract's answers, shaped as the
// wallet's stores hold them. Types only, so neither zod nor the schemas reach a page's JavaScript.
import type { z } from 'zod';
import type { AssetDetail } from './market';
import type { HistorySummary } from './price-history';
import type { Position } from './schemas/order';
import type { pendingOffers, transferPreapproval } from './schemas/send';
import type { ledgerAsset, partyBalance, walletCategories } from './schemas/wallet';

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

export interface ServedAsset {
  /** The symbol of the address, as the island would read it from `location`. */
  symbol: string;
  /** The asset as the island's lookup finds it (stock, Canton asset, sample row); null: the island looks it up. */
  detail: AssetDetail | null;
  /** The wallet ("Your Holdings" and Sell), as on the wallet page; null: the island loads it. */
  wallet: ServedWalletState | null;
  /**
   * The chart's text for the default timeframe (change, first and last price, high, low) and its line
   * as an SVG path (not the points), from what GET /api/market/history/{symbol} answers; null: the
   * chart's box shows its placeholder until its own read answers, as before.
   */
  chart: HistorySummary | null;
  /** The active account's position in the symbol (Your Holdings, Sell); null: none held, or not read. */
  position: Position | null;
}
