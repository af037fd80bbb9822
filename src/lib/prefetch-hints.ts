// The signed-in user's active account id, remembered on this device so the next page's HTML can start
// that page's first account-scoped read (transactions, wallet categories) while its JavaScript
// downloads (src/layouts/AppLayout.astro, src/stores/api.ts). Only a hint: the BFF scopes every read to
// the signed-in user, a read for an account that is no longer active is simply never used, and a
// sign-out forgets it.

export const ACTIVE_ACCOUNT_HINT_KEY = 'dolar-active-account';

/** Remembers (or, with null, forgets) the active account of `userId`. */
export function rememberActiveAccount(userId: string | null | undefined, accountId: string | null | undefined): void {
  try {
    if (userId && accountId) globalThis.localStorage?.setItem(ACTIVE_ACCOUNT_HINT_KEY, JSON.stringify({ user: userId, account: accountId }));
    else globalThis.localStorage?.removeItem(ACTIVE_ACCOUNT_HINT_KEY);
  } catch {
    /* storage unavailable: no hint, the page reads after its account loads */
  }
}
