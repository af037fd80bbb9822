// The signed-in user's accounts: the account profile ($account), the list of the user's accounts
// ($accounts), the active one ($activeAccount) and the KYC summary derived from the profile ($kyc).
// They follow $auth: a sign-in refreshes all three, a sign-out clears them. Error semantics are the
// spec's: an answer with success false throws its error text (or the call's fallback); loading and
// list errors are logged and clear the state; switch, metadata, delete and set-primary return false
// on failure; create rethrows.
import { atom, computed } from 'nanostores';
import { accountApi, unwrap } from './api';
import { rememberActiveAccount } from '../lib/prefetch-hints';
import type { Lang } from '../i18n';
import { $auth, currentUserId } from './auth';
import { $lang, applyAccountLanguage, setLanguage } from './lang';

type AccountsApi = ReturnType<typeof accountApi>['accounts'];
type DataOf<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<typeof unwrap<Awaited<ReturnType<F>>>>>;

/** The account profile: GET /accounts/{userId}. */
export type Account = DataOf<AccountsApi[':userId']['$get']>;
/** A user-account link: an element of GET /accounts/user/accounts. */
export type UserAccount = NonNullable<DataOf<AccountsApi['user']['accounts']['$get']>['accounts']>[number];
type JsonOf<F> = F extends (args: infer A, ...rest: never[]) => unknown ? (A extends { json: infer J } ? J : never) : never;
/** POST /accounts/user/create-account body (from the BFF's own validator). */
export type CreateAccountBody = JsonOf<AccountsApi['user']['create-account']['$post']>;
/** PUT /accounts/user/accounts/{id}/metadata body. */
export type UpdateAccountMetadataBody = JsonOf<AccountsApi['user']['accounts'][':id']['metadata']['$put']>;

export interface KycSummary {
  id: string | null;
  account_id: string;
  status: string | null;
  created_at: string | null;
  updated_at: string | null;
}

export type AccountStatus = 'idle' | 'loading' | 'ready';

export const $account = atom<Account | null>(null);
export const $accounts = atom<UserAccount[]>([]);
export const $activeAccount = atom<UserAccount | null>(null);
/** idle = signed out; loading = the first refresh after sign-in is running; ready = loaded (or failed). */
export const $accountStatus = atom<AccountStatus>('idle');
/** The last profile load failed (the KYC status then says so instead of "not started"). */
export const $accountLoadFailed = atom<boolean>(false);

/** KYC summary: status is idv_status, else idv.status; recomputed whenever $account changes. */
export function kycSummary(account: Account | null): KycSummary | null {
  if (!account) return null;
  const idv = account.idv ?? null;
  return {
    id: idv?.id ?? null,
    account_id: account.id,
    status: account.idv_status ?? idv?.status ?? null,
    created_at: idv?.created_at ?? null,
    updated_at: idv?.updated_at ?? null,
  };
}
export const $kyc = computed($account, kycSummary);

/** An answer `{success:false, error}` throws its error text, or the call's fallback message. */
function ensureSuccess<T extends { success?: boolean; error?: string | null }>(data: T, fallback: string): T {
  if (!data || data.success === false) throw new Error(data?.error || fallback);
  return data;
}

const logged = (what: string, err: unknown) => console.error(what, err instanceof Error ? err.message : err);

export async function refreshAccount(): Promise<void> {
  const userId = currentUserId();
  try {
    if (!userId) throw new Error('No access token available');
    $account.set(await unwrap(accountApi().accounts[':userId'].$get({ param: { userId } })));
    $accountLoadFailed.set(false);
  } catch (err) {
    logged('Failed to load account', err);
    $account.set(null);
    $accountLoadFailed.set(true);
  }
}

export async function refreshAccounts(): Promise<void> {
  try {
    const data = ensureSuccess(await unwrap(accountApi().accounts.user.accounts.$get()), 'Failed to fetch user accounts');
    $accounts.set(data.accounts ?? []);
  } catch (err) {
    logged('Failed to fetch user accounts', err);
    $accounts.set([]);
  }
}

export async function refreshActiveAccount(): Promise<void> {
  try {
    const data = ensureSuccess(await unwrap(accountApi().accounts.user['active-account'].$get()), 'Failed to fetch active account');
    $activeAccount.set(data.account ?? null);
  } catch (err) {
    logged('Failed to fetch active account', err);
    $activeAccount.set(null);
  }
}

/** What a sign-in does: the account, the account list and the active account, together. */
export async function refreshAll(): Promise<void> {
  await Promise.all([refreshAccount(), refreshAccounts(), refreshActiveAccount()]);
}

export function clearAccounts(): void {
  $account.set(null);
  $accounts.set([]);
  $activeAccount.set(null);
  $accountStatus.set('idle');
  $accountLoadFailed.set(false);
}

/** Switching refreshes the list and the active account; false on failure. */
export async function switchAccount(accountId: string): Promise<boolean> {
  try {
    ensureSuccess(await unwrap(accountApi().accounts.user['switch-account'].$post({ json: { accountId } })), 'Failed to switch account');
    await Promise.all([refreshAccounts(), refreshActiveAccount()]);
    return true;
  } catch (err) {
    logged('Failed to switch account', err);
    return false;
  }
}

/** Creates an account and refreshes the list; rethrows on failure (the modal shows the error). */
export async function createAccount(input: CreateAccountBody): Promise<string> {
  const data = ensureSuccess(await unwrap(accountApi().accounts.user['create-account'].$post({ json: input })), 'Failed to create account');
  await refreshAccounts();
  return data.accountId;
}

export async function setPrimary(accountId: string): Promise<boolean> {
  try {
    ensureSuccess(await unwrap(accountApi().accounts.user.accounts[':id']['set-primary'].$post({ param: { id: accountId } })), 'Failed to set primary account');
    await refreshAccounts();
    return true;
  } catch (err) {
    logged('Failed to set primary account', err);
    return false;
  }
}

export async function deleteAccount(accountId: string): Promise<boolean> {
  try {
    ensureSuccess(await unwrap(accountApi().accounts.user.accounts[':id'].$delete({ param: { id: accountId } })), 'Failed to delete account');
    await refreshAccounts();
    return true;
  } catch (err) {
    logged('Failed to delete account', err);
    return false;
  }
}

export async function updateMetadata(accountId: string, body: UpdateAccountMetadataBody): Promise<boolean> {
  try {
    ensureSuccess(
      await unwrap(accountApi().accounts.user.accounts[':id'].metadata.$put({ param: { id: accountId }, json: body })),
      'Failed to update account metadata',
    );
    await refreshAccounts();
    return true;
  } catch (err) {
    logged('Failed to update account metadata', err);
    return false;
  }
}

/**
 * Saves the interface language on the account (PATCH /accounts/{userId}) and switches every island
 * at once; on failure the language stays as it was and false is returned.
 */
export async function saveLanguage(language: Lang): Promise<boolean> {
  const previous = $lang.get();
  setLanguage(language);
  try {
    const userId = currentUserId();
    if (!userId) throw new Error('No access token available');
    const profile = await unwrap(accountApi().accounts[':userId'].$patch({ param: { userId }, json: { language } }));
    $account.set(profile);
    return true;
  } catch (err) {
    logged('Failed to save the language', err);
    setLanguage(previous);
    return false;
  }
}

let syncedUser: string | null = null;
let unbind: (() => void) | undefined;

/**
 * The account data a page rendered on the server read for `userId` (src/shared/page-seed.ts): the
 * stores start with it, as if the sign-in refresh had just loaded it, so the islands hydrate the
 * server's HTML and the gate makes no second round of the same three reads. Browser only.
 */
export function seedAccounts(userId: string, account: Account | null, accounts: UserAccount[], active: UserAccount | null): void {
  syncedUser = userId;
  $account.set(account);
  $accounts.set(accounts);
  $activeAccount.set(active);
  $accountLoadFailed.set(account === null);
  $accountStatus.set('ready');
  // The next page may start its reads for this account early (the sync's listener is not on yet).
  if (active) rememberActiveAccount(userId, active.account_id);
}

function onAuth({ status, user }: ReturnType<typeof $auth.get>): void {
  if (status === 'authenticated' && user) {
    if (user.id === syncedUser) return;
    syncedUser = user.id;
    $accountStatus.set('loading');
    void refreshAll().finally(() => {
      if (syncedUser === user.id) $accountStatus.set('ready');
    });
  } else if (status === 'unauthenticated') {
    syncedUser = null;
    clearAccounts();
  }
}

/**
 * Makes the account stores follow $auth (idempotent): a new signed-in user refreshes all three (a
 * token refresh of the same user does not), a sign-out clears them; the account's language, when it
 * has one, becomes the interface language. Returns a function that stops it.
 */
export function startAccountSync(): () => void {
  if (!unbind) {
    const offLang = $account.subscribe((account) => applyAccountLanguage(account?.language));
    const offAuth = $auth.subscribe(onAuth);
    // Loaded or switched: the next page may start its reads for it early. Signed out: forgotten.
    const offHint = $activeAccount.listen((active) => {
      if (active) rememberActiveAccount(currentUserId(), active.account_id);
      else if ($auth.get().status === 'unauthenticated') rememberActiveAccount(null, null);
    });
    unbind = () => {
      offLang();
      offAuth();
      offHint();
    };
  }
  return () => {
    unbind?.();
    unbind = undefined;
    syncedUser = null;
  };
}
