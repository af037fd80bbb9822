// The Canton party of the account's digital-assets wallet, for screens that do not load the wallet
// itself but follow its live updates (the transactions screen). Null while unknown, without a wallet,
// or when the lookup fails (the screen then simply gets no live refetch).
import { useEffect, useState } from 'react';
import { api, unwrap } from '../../stores/api';
import { $wallet } from '../../stores/wallet';

export function useWalletParty(accountId: string | null): string | null {
  const [partyId, setPartyId] = useState<string | null>(null);
  useEffect(() => {
    setPartyId(null);
    if (!accountId) return;
    const loaded = $wallet.get();
    if (loaded.accountId === accountId && loaded.wallet?.address) {
      setPartyId(loaded.wallet.address);
      return;
    }
    let live = true;
    // In the next task: the lookup is not needed for the first paint, and on a page rendered on the
    // Worker it would lengthen hydration's effects into one long task (Total Blocking Time).
    const timer = setTimeout(() =>
      unwrap(api().wallets[':accountId'].categories.$get({ param: { accountId } })).then(
        (categories) => live && setPartyId(categories.digital_asset_account?.address ?? null),
        () => {},
      ),
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [accountId]);
  return partyId;
}
