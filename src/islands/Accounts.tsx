// /accounts: the USD, Brokerage and Digital Assets cards of the active account, each Active or Not
// Created. 'View Details' goes where the wallet's chain or vendor says; 'Open account' (USD) opens
// the USD account once the identity is verified, else links to identity verification; 'Open account'
// (Brokerage) leads to the brokerage page's forms once verified, else to identity verification;
// 'Create Account' on Digital Assets creates the wallet, toasts the party id, and reloads the list. 'Create New Account' opens the account modal.
// An active Digital Assets card shows the wallet's balance as the wallet screen does
// (WalletBalance).
// Above the cards, the identity verification status (the KYC summary, common/KycStatus) and the net
// worth (common/NetWorth), when the page served every part of it.
import { useStore } from '@nanostores/react';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { lazyDialog } from '../components/lazy-dialog';
import { Button } from '../components/Button';
import type { TranslationKey } from '../i18n';
import { useSeededStore } from '../components/page-seed-context';
import { useLang, useT } from '../components/use-t';
import type { PageSeed } from '../shared/page-seed';
import type { NetWorthInput } from '../shared/net-worth';
import { accountName } from '../shared/account-categories';
import { kycState } from '../shared/kyc';
import { $activeAccount, $kyc, kycSummary, refreshAccounts } from '../stores/account';
import { openUsd } from '../stores/usd';
import { apiErrorText } from '../shared/error-text';
import { toast } from '../stores/toasts';
import { useLiveUpdates } from '../stores/live';
import { $wallet, createDigitalWallet, loadWallet, loadWalletCategories, refreshBalance, type Categories, type WalletState } from '../stores/wallet';
import AppShell from './AppShell';
import { WalletBalance } from './common/WalletBalance';
import { KycStatus } from './common/KycStatus';
import { NetWorth } from './common/NetWorth';
import { Glyph, type GlyphName } from './shell/icons';
import { PageHeader } from './shell/PageHeader';

const CreateAccountModal = lazyDialog(() => import('./shell/CreateAccountModal'));

type Wallet = NonNullable<Categories['digital_asset_account']>;
type CardKind = 'usd' | 'brokerage' | 'digital';

/** Where 'View Details' goes for a wallet: by its chain, else its vendor; /accounts otherwise. */
export function detailsRoute(wallet: { chain?: string | null; vendor?: string | null } | null | undefined): string {
  const by = (v: string | null | undefined) =>
    v === 'canton' ? '/accounts/digital-assets' : v === 'usd' ? '/accounts/usd' : v === 'brokerage' ? '/accounts/brokerage' : null;
  return by(wallet?.chain) ?? by(wallet?.vendor) ?? '/accounts';
}

const CARDS: readonly { kind: CardKind; title: TranslationKey; description: TranslationKey; icon: GlyphName; slot: keyof Categories }[] = [
  { kind: 'usd', title: 'accounts.usd.title', description: 'accounts.usd.description', icon: 'card', slot: 'usd_account' },
  { kind: 'brokerage', title: 'accounts.brokerage.title', description: 'accounts.brokerage.description', icon: 'investment', slot: 'brokerage_account' },
  {
    kind: 'digital',
    title: 'accounts.digitalAssets.title',
    description: 'accounts.digitalAssets.description',
    icon: 'accounts',
    slot: 'digital_asset_account',
  },
];

type Balance = NonNullable<WalletState['balance']>;

interface ServedAccounts {
  /** The active account's wallet categories as the Worker read them (null: that read failed). */
  served?: { categories: Categories | null; balance: Balance | null; netWorth?: Pick<NetWorthInput, 'usd' | 'brokerage'> | null } | null;
}

function Accounts({ served }: ServedAccounts) {
  const t = useT();
  const lang = useLang();
  const active = useSeededStore($activeAccount, (s) => s.activeAccount);
  const accountId = active?.account_id;
  // Rendered on the Worker: the cards come with their categories (read for this account just now).
  const servedCategories = served?.categories ?? null;
  const [categories, setCategories] = useState<Categories | null>(servedCategories);
  const [loading, setLoading] = useState(servedCategories === null);
  const skipFirstLoad = useRef(servedCategories !== null);
  const [creating, setCreating] = useState(false);
  const [modal, setModal] = useState(false);
  const walletState = useStore($wallet);
  const hasDigital = Boolean(categories?.digital_asset_account);

  // The card's balance comes from the same store as the wallet screen's, so the two cannot differ.
  useEffect(() => {
    if (hasDigital && accountId) void loadWallet(accountId);
  }, [hasDigital, accountId]);
  // Money of this party moved elsewhere (a transfer to or from it): refetch the card's balance.
  const changes = useLiveUpdates(hasDigital ? (walletState.wallet?.address ?? null) : null);
  useEffect(() => {
    if (changes > 0) void refreshBalance();
  }, [changes]);

  const load = useCallback(async () => {
    if (!accountId) {
      setCategories(null);
      setLoading(false);
      return;
    }
    setLoading(true);
    try {
      setCategories(await loadWalletCategories(accountId));
    } catch (err) {
      console.error('Failed to fetch wallets', err instanceof Error ? err.message : err);
      setCategories(null);
    } finally {
      setLoading(false);
    }
  }, [accountId]);

  useEffect(() => {
    if (skipFirstLoad.current) {
      skipFirstLoad.current = false;
      return;
    }
    void load();
  }, [load]);

  const kyc = useSeededStore($kyc, (s) => kycSummary(s.account));
  const verified = kycState(kyc?.status) === 'approved';
  const [openingUsd, setOpeningUsd] = useState(false);
  async function openUsdAccount() {
    if (!accountId) return;
    setOpeningUsd(true);
    try {
      await openUsd(accountId);
      toast({ type: 'success', title: t('usd.open.done') });
      await load();
    } catch (err) {
      toast({ type: 'error', title: apiErrorText(lang, err) });
    } finally {
      setOpeningUsd(false);
    }
  }

  async function createDigital() {
    if (!accountId) {
      toast({ type: 'error', title: t('toast.authError.title'), description: t('toast.authError.description') });
      return;
    }
    setCreating(true);
    try {
      const created = await createDigitalWallet(accountId);
      toast({
        type: 'success',
        title: t('toast.digitalAccountCreated.title'),
        description: t('toast.digitalAccountCreated.description', { partyId: created.cantonPartyId }),
      });
      await Promise.all([load(), refreshAccounts()]);
    } catch (err) {
      console.error('Failed to create digital asset account', err instanceof Error ? err.message : err);
      toast({ type: 'error', title: t('toast.digitalAccountFailed.title'), description: t('toast.digitalAccountFailed.description') });
    } finally {
      setCreating(false);
    }
  }

  return (
    <>
      <PageHeader
        title={t('accounts.title')}
        description={active ? t('accounts.subtitle', { name: accountName(active, t) }) : undefined}
        actions={
          <Button variant="outline" onClick={() => setModal(true)} data-action="create-account">
            <Glyph name="plus" className="h-4 w-4" />
            {t('shell.accountSelector.createNew')}
          </Button>
        }
      />
      <KycStatus className="mb-6" />
      {served?.netWorth && (
        <NetWorth
          usd={served.netWorth.usd}
          brokerage={served.netWorth.brokerage}
          wallet={walletState.status === 'ready' && walletState.accountId === accountId ? walletState.balance : (served.balance ?? null)}
        />
      )}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy={loading}>
        {CARDS.map((card) => {
          const wallet = (categories?.[card.slot] ?? null) as Wallet | null;
          const isActive = wallet !== null;
          return (
            <section
              key={card.kind}
              data-card={card.kind}
              className="flex flex-col rounded-xl border border-gray-200 bg-white p-5"
              aria-labelledby={`card-${card.kind}`}
            >
              <div className="flex items-start justify-between gap-3">
                <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-gray-100 text-gray-700">
                  <Glyph name={card.icon} />
                </span>
                {loading ? (
                  <span className="h-6 w-20 animate-pulse rounded-full bg-gray-100" aria-hidden="true" />
                ) : (
                  <span
                    data-status={isActive ? 'active' : 'not-created'}
                    className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${isActive ? 'bg-green-100 text-green-800' : 'bg-gray-100 text-gray-600'}`}
                  >
                    {isActive ? t('common.active') : t('accounts.status.notCreated')}
                  </span>
                )}
              </div>
              <h2 id={`card-${card.kind}`} className="mt-4 text-lg font-semibold text-gray-900">
                {t(card.title)}
              </h2>
              <p className="mt-1 flex-1 text-sm text-gray-600">{t(card.description)}</p>
              {card.kind === 'digital' && isActive && walletState.status === 'ready' && walletState.accountId === accountId ? (
                <div className="mt-4">
                  <WalletBalance balance={walletState.balance} />
                </div>
              ) : (
                // The balance the Worker read, until the wallet store has loaded its own.
                card.kind === 'digital' &&
                isActive &&
                served?.balance && (
                  <div className="mt-4">
                    <WalletBalance balance={served.balance} />
                  </div>
                )
              )}
              <div className="mt-5 flex flex-wrap gap-2">
                {isActive && (
                  <a
                    href={detailsRoute(wallet)}
                    className="inline-flex min-h-11 items-center justify-center rounded-lg bg-gray-900 px-4 text-sm font-semibold text-white hover:bg-gray-800"
                  >
                    {t('accounts.viewDetails')}
                  </a>
                )}
                {!isActive && card.kind === 'usd' && verified && (
                  <Button variant="secondary" onClick={() => void openUsdAccount()} loading={openingUsd} disabled={loading}>
                    {t('usd.card.open')}
                  </Button>
                )}
                {!isActive && card.kind === 'usd' && !verified && (
                  <a
                    href="/settings/identity"
                    className="inline-flex min-h-11 items-center justify-center rounded-lg border border-gray-300 px-4 text-sm font-semibold text-gray-800 hover:bg-gray-50"
                  >
                    {t('usd.card.open')}
                    <span className="sr-only">: {t('usd.unverified.link')}</span>
                  </a>
                )}
                {!isActive && card.kind === 'brokerage' && (
                  // Opening takes the questionnaire and the W-8BEN: both are on the brokerage page.
                  <a
                    href={verified ? '/accounts/brokerage' : '/settings/identity'}
                    className="inline-flex min-h-11 items-center justify-center rounded-lg border border-gray-300 px-4 text-sm font-semibold text-gray-800 hover:bg-gray-50"
                  >
                    {t('broker.card.open')}
                    {!verified && <span className="sr-only">: {t('broker.unverified.link')}</span>}
                  </a>
                )}
                {!isActive && card.kind === 'digital' && (
                  <Button variant="secondary" onClick={() => void createDigital()} loading={creating} disabled={loading}>
                    {creating ? t('accounts.creating') : t('accounts.createAccount')}
                  </Button>
                )}
              </div>
            </section>
          );
        })}
      </div>
      {modal && (
        <Suspense fallback={null}>
          <CreateAccountModal onClose={() => setModal(false)} />
        </Suspense>
      )}
    </>
  );
}

export default function AccountsPage({ seed, served }: ServedAccounts & { seed?: PageSeed }) {
  return (
    <AppShell title="accounts.title" seed={seed}>
      <Accounts served={served} />
    </AppShell>
  );
}
