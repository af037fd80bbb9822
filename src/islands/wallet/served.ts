// The wallet's stores on a page rendered on the Worker (issue 16): what the Worker read for this
// request (src/shared/served-wallet.ts, read by src/worker/pages/wallet-data.ts) is the value of $wallet, $offers and $preapproval on the
// server and while hydrating (useStore's server snapshot: a store is never written on the server,
// since every request of an isolate shares its module state); in the browser each store takes it
// once, before the first render, so the island starts where the HTML is and reads nothing twice.
// The stores' own loads and live refetches then go on exactly as on a page rendered in the browser.
import { useStore } from '@nanostores/react';
import type { WritableAtom } from 'nanostores';
import { useMemo, useState } from 'react';
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

/**
 * The store's value, and the served one on the server and while hydrating. In the browser the store
 * takes the served value once, before the first render, unless it has loaded something itself.
 */
export function useServedStore<T extends { status: string }>(store: WritableAtom<T>, served: T | null): T {
  useState(() => {
    if (typeof window !== 'undefined' && served && store.get().status === 'idle') store.set(served);
  });
  const option = useMemo(() => (served ? { ssr: () => served } : {}), [served]);
  return useStore(store, option);
}
