// The wallet's stores on a page rendered on the Worker: what the Worker read for this request
// (src/shared/served-wallet.ts, read by src/worker/pages/wallet-data.ts) as the states of $wallet,
// $offers and $preapproval, which the islands hand to useServedStore (src/components/page-seed.tsx).
import type { ServedWallet, ServedWalletState } from '../../shared/served-wallet';
import type { OffersState, PreapprovalState } from '../../stores/p2p';
import { heldAssets, type WalletState } from '../../stores/wallet';

export type { ServedWallet };

export interface ServedStates {
  wallet: WalletState | null;
  offers: OffersState | null;
  preapproval: PreapprovalState | null;
}

/** $wallet's state for the wallet the Worker read (its held assets only, as loadWallet keeps them). */
export function servedWalletState(w: ServedWalletState | null | undefined): WalletState | null {
  return w ? { ...w, assets: heldAssets(w.assets) } : null;
}

/** The store states the served reads stand for (null: that part was not read; the island loads it). */
export function servedStates(served: ServedWallet | null | undefined): ServedStates {
  const w = served?.wallet;
  if (!served || !w) return { wallet: null, offers: null, preapproval: null };
  const { accountId } = w;
  return {
    wallet: servedWalletState(w),
    offers: served.offers
      ? {
          status: 'ready',
          accountId,
          incoming: served.offers.incoming,
          outgoing: served.offers.outgoing,
          incomingTotal: served.offers.incoming_total,
          outgoingTotal: served.offers.outgoing_total,
          more: null,
          error: null,
        }
      : null,
    preapproval: served.preapproval ? { status: 'ready', accountId, ...served.preapproval, saving: false } : null,
  };
}
