// $wallet: the digital-assets account screen: the active account's Canton wallet (from the wallet
// categories), its balance and its assets; 'Transfer 100' (a transfer offer from the treasury, then
// the balance is refetched) and 'Auto-Accept' (accepts the pending offers), each with the toasts of
// the error catalogue. The toasts say what happened: an offer that waits for acceptance is not a
// completed transfer, and accepting nothing is not a success. Each press is one intent: one
// Idempotency-Key kept across its retries (src/lib/idempotency.ts), and `$walletBusy` holds the
// buttons busy until the intent ends, so a second press cannot start a second movement meanwhile.
import { atom } from 'nanostores';
import { t, type TranslateParams, type TranslationKey } from '../i18n';
import { ApiError, api, unwrap } from './api';
import { sendIntent } from '../lib/idempotency';
import { formatLedgerAmount } from '../shared/format';
import { parseDecimal } from '../shared/decimal';
import { apiErrorText } from '../shared/error-text';
import { $activeAccount } from './account';
import { $lang } from './lang';
import { toast } from './toasts';

type WalletsApi = ReturnType<typeof api>['wallets'];
type DataOf<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<typeof unwrap<Awaited<ReturnType<F>>>>>;

export type Categories = DataOf<WalletsApi[':accountId']['categories']['$get']>;
export type Wallet = NonNullable<Categories['digital_asset_account']>;
export type WalletBalance = DataOf<WalletsApi['canton']['balance'][':partyId']['$get']>;
export type WalletAsset = DataOf<WalletsApi['canton']['parties'][':partyId']['assets']['$get']>[number];

export interface WalletState {
  /** none = the active account has no digital-assets wallet (or there is no active account). */
  status: 'idle' | 'loading' | 'ready' | 'none' | 'error';
  accountId: string | null;
  wallet: Wallet | null;
  balance: WalletBalance | null;
  assets: WalletAsset[];
}

export const TRANSFER_AMOUNT = '100';

const initial: WalletState = { status: 'idle', accountId: null, wallet: null, balance: null, assets: [] };
export const $wallet = atom<WalletState>(initial);

/** The money movement in progress, if any: both buttons stay busy and disabled until it ends. */
export type WalletIntent = 'transfer' | 'accept';
export const $walletBusy = atom<WalletIntent | null>(null);

const tr = (key: TranslationKey, params?: TranslateParams) => t($lang.get(), key, params);
// A failure's text in the user's language ('' when the error carried none, so the caller's fallback shows).
const messageOf = (err: unknown) => (err instanceof Error && err.message ? apiErrorText($lang.get(), err) : '');

/** Assets the wallet actually holds (a zero line is not an asset of yours). */
export function heldAssets(assets: readonly WalletAsset[]): WalletAsset[] {
  return assets.filter((a) => {
    const free = parseDecimal(a.balance);
    const locked = parseDecimal(a.locked);
    return (free !== null && free.units !== 0n) || (locked !== null && locked.units !== 0n);
  });
}

async function fetchPartyData(partyId: string): Promise<Pick<WalletState, 'balance' | 'assets'>> {
  const wallets = api().wallets;
  const [balance, assets] = await Promise.all([
    unwrap(wallets.canton.balance[':partyId'].$get({ param: { partyId } })),
    unwrap(wallets.canton.parties[':partyId'].assets.$get({ param: { partyId } })),
  ]);
  return { balance, assets: heldAssets(assets) };
}

/** The account's wallet categories: its USD, brokerage and digital-assets wallets (each or null). */
export const loadWalletCategories = (accountId: string): Promise<Categories> => unwrap(api().wallets[':accountId'].categories.$get({ param: { accountId } }));

/** Opens the account's digital-assets wallet (a Canton party of its own). */
export const createDigitalWallet = (accountId: string) => unwrap(api().wallets['digital-asset'].$post({ json: { account_id: accountId } }));

/** Loads the active account's wallet, balance and assets ('Error loading account' on failure). */
export async function loadWallet(accountId = $activeAccount.get()?.account_id ?? null): Promise<void> {
  if (!accountId) {
    $wallet.set({ ...initial, status: 'none' });
    return;
  }
  $wallet.set({ ...initial, status: 'loading', accountId });
  try {
    const categories = await loadWalletCategories(accountId);
    const wallet = categories.digital_asset_account;
    if (!wallet) {
      $wallet.set({ ...initial, status: 'none', accountId });
      return;
    }
    const party = wallet.address ? await fetchPartyData(wallet.address) : { balance: null, assets: [] };
    $wallet.set({ status: 'ready', accountId, wallet, ...party });
  } catch (err) {
    console.error('Failed to load digital assets account', messageOf(err));
    $wallet.set({ ...initial, status: 'error', accountId });
    toast({ type: 'error', title: tr('toast.accountLoadError.title'), description: tr('toast.accountLoadError.description') });
  }
}

/** Refetches the balance and assets of the loaded wallet (after a transfer or an acceptance). */
export async function refreshBalance(): Promise<void> {
  const state = $wallet.get();
  const partyId = state.wallet?.address;
  if (state.status !== 'ready' || !partyId) return;
  try {
    const party = await fetchPartyData(partyId);
    if ($wallet.get().wallet?.address === partyId) $wallet.set({ ...$wallet.get(), ...party });
  } catch (err) {
    console.error('Failed to refresh the wallet balance', messageOf(err));
  }
}

function requireAccountId(): string | null {
  const accountId = $wallet.get().accountId;
  if (!accountId) toast({ type: 'error', title: tr('common.error'), description: tr('toast.accountIdNotFound') });
  return accountId;
}

/**
 * Runs one intent unless another is running (a second press before the buttons re-render is
 * ignored, not queued). After an intent that ended without a readable answer (network error or a
 * gateway status) the balance is refetched anyway: the movement may have happened.
 */
async function runIntent(kind: WalletIntent, move: (accountId: string) => Promise<void>): Promise<boolean> {
  if ($walletBusy.get() !== null) return false;
  const accountId = requireAccountId();
  if (!accountId) return false;
  $walletBusy.set(kind);
  try {
    await move(accountId);
    await refreshBalance();
    return true;
  } catch (err) {
    if (!(err instanceof ApiError) || err.status >= 500) void refreshBalance();
    throw err;
  } finally {
    $walletBusy.set(null);
  }
}

/**
 * 'Transfer 100': the contract's answer is always the treasury's offer (status PENDING) that the
 * wallet must accept before its balance changes, so the toast says that (amount, the treasury by the
 * name the offers list gives it) instead of the spec's 'Transfer Successful!', which users read as
 * money already in their balance. False on failure.
 */
export async function transfer(): Promise<boolean> {
  try {
    return await runIntent('transfer', async (accountId) => {
      const result = await unwrap(
        sendIntent((key) => api().wallets.transfer.$post({ header: { 'idempotency-key': key }, json: { account_id: accountId, amount: TRANSFER_AMOUNT } })),
      );
      toast({
        type: 'info',
        title: tr('toast.transferOffered.title'),
        description: tr('toast.transferOffered.description', {
          amount: formatLedgerAmount(result.amount, result.instrument),
          from: tr('wallet.offers.treasury'),
        }),
      });
    });
  } catch (err) {
    console.error('Transfer failed', messageOf(err));
    toast({
      type: 'error',
      title: tr('toast.transferFailed.title'),
      description: messageOf(err) || tr('toast.transferFailed.description'),
      duration: 5000,
    });
    return false;
  }
}

/**
 * 'Auto-Accept': accepts the pending offers; 'Success!' with how many transfers and how much ("Accepted
 * 1 transfer: 15.00 CC"; the count alone from an upstream that does not answer the total), or
 * 'Nothing to accept' (info).
 */
function acceptedText(count: number, amount: string | undefined): string {
  return amount === undefined
    ? tr('toast.autoAccepted.count', { count })
    : tr('toast.autoAccepted.description', { count, amount: formatLedgerAmount(amount, 'CC') });
}

export async function autoAccept(): Promise<boolean> {
  try {
    return await runIntent('accept', async (accountId) => {
      const result = await unwrap(
        sendIntent((key) => api().wallets['auto-accept'].$post({ header: { 'idempotency-key': key }, json: { account_id: accountId } })),
      );
      toast(
        result.contractsAccepted > 0
          ? { type: 'success', title: tr('common.success'), description: acceptedText(result.contractsAccepted, result.amountAccepted) }
          : { type: 'info', title: tr('toast.nothingToAccept.title'), description: tr('toast.nothingToAccept.description') },
      );
    });
  } catch (err) {
    console.error('Auto-accept failed', messageOf(err));
    toast({ type: 'error', title: tr('toast.autoAcceptFailed'), description: messageOf(err) || undefined });
    return false;
  }
}
