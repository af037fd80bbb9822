// /accounts/digital-assets: the active account's Canton wallet. Back link, 'Loading account
// data...', the header with its Active badge, the party id (6...6), the balance in USD with the
// available and pending amounts (common/WalletBalance), Copy Party ID, Auto-Accept and Transfer
// 100, and the assets table (Value = balance x last price) with Buy (New Transaction: dollars for CC)
// and Sell (not offered for Canton assets: its dialog says so); the empty and no-account states. Person-to-person transfers: Send
// (wallet/SendDialog), the "Action required" offers (wallet/ActionRequired), the preapproval
// switch, the balance's breakdown, 'Transfer 100' captioned as test funds, and a refetch of
// balance, offers and assets after every movement and every live update. Rendered on the Worker
// with the wallet the Worker read (`served`, wallet/served.ts), hydrated with it, and only then
// loading and refetching as before (the served parts are not read again on hydration).
import { useStore } from '@nanostores/react';
import { Suspense, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { lazyDialog } from '../components/lazy-dialog';
import { Button } from '../components/Button';
import { ListTable, type ListColumn } from '../components/ListTable';
import { useSeededStore, useServedStore } from '../components/page-seed-context';
import { useT } from '../components/use-t';
import { usdCents } from '../shared/decimal';
import { abbreviatePartyId, formatCents, formatLedgerAmount, formatPrice } from '../shared/format';
import { assetPath, logoUrl } from '../shared/asset-links';
import { $activeAccount } from '../stores/account';
import { useLiveUpdates } from '../stores/live';
import {
  $offers,
  $preapproval,
  actOnOffer,
  loadMoreOffers,
  loadOffers,
  loadPreapproval,
  refreshWalletAndOffers,
  type OfferAction,
  type PendingOffer,
} from '../stores/p2p';
import { toast } from '../stores/toasts';
import { $wallet, $walletBusy, autoAccept, loadWallet, transfer, type WalletAsset } from '../stores/wallet';
import AppShell from './AppShell';
import { AssetLogo } from './common/AssetLogo';
import { BackLink } from './common/BackLink';
import { LoadingPanel } from './common/LoadingPanel';
import { refocus } from './common/refocus';
import { useCopied } from './common/use-copied';
import { WalletBalance } from './common/WalletBalance';
import { Glyph } from './shell/icons';
import type { PageSeed } from '../shared/page-seed';
import { ActionRequired } from './wallet/ActionRequired';
import { PreapprovalSwitch } from './wallet/PreapprovalSwitch';
import { servedStates, type ServedWallet } from './wallet/served';

// The send dialog is not first-load JavaScript: it mounts (closed) once the island has hydrated.
const SendDialog = lazyDialog(() => import('./wallet/SendDialog').then((m) => ({ default: m.SendDialog })));
const NewTransactionModal = lazyDialog(() => import('./transactions/NewTransactionModal'));
const CantonSellDialog = lazyDialog(() => import('./wallet/CantonSellDialog'));

const OFFER_DONE = { accept: 'wallet.offers.accepted', reject: 'wallet.offers.rejected', withdraw: 'wallet.offers.withdrawn' } as const;

function NoAccount() {
  const t = useT();
  return (
    <section className="mx-auto max-w-lg rounded-xl border border-gray-200 bg-white p-8 text-center" data-state="no-account">
      <Glyph name="accounts" className="mx-auto h-10 w-10 text-gray-300" />
      <h1 className="mt-4 text-xl font-semibold text-gray-900">{t('wallet.noAccount.title')}</h1>
      <p className="mt-2 text-sm text-gray-600">{t('wallet.noAccount.description')}</p>
      <a
        href="/accounts"
        className="mt-6 inline-flex min-h-11 items-center justify-center rounded-lg bg-black px-4 text-sm font-medium text-white hover:bg-gray-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900"
      >
        {t('wallet.noAccount.goBack')}
      </a>
    </section>
  );
}

/**
 * A Canton asset's Buy and Sell. The wallet's assets are not brokerage assets: Buy is New Transaction
 * (dollars for CC, credited to this wallet), and nothing sells them for dollars, which Sell's dialog
 * says instead of doing nothing.
 */
function AssetActions({ onBuy, onSell }: { onBuy: () => void; onSell: () => void }) {
  const t = useT();
  return (
    <span className="flex justify-end gap-2">
      <Button size="sm" variant="secondary" onClick={onBuy} data-action="wallet-buy">
        {t('common.buy')}
      </Button>
      <Button size="sm" variant="outline" onClick={onSell} data-action="wallet-sell">
        {t('common.sell')}
      </Button>
    </span>
  );
}

interface ServedProps {
  /** What the Worker read for this request (a page rendered on the Worker), else nothing. */
  served?: ServedWallet | null;
}

function DigitalAssets({ served }: ServedProps) {
  const t = useT();
  const active = useSeededStore($activeAccount, (s) => s.activeAccount);
  const states = useMemo(() => servedStates(served), [served]);
  const { status, wallet, balance, assets } = useServedStore($wallet, states.wallet);
  // Busy for the whole intent, retries included (the store owns it, so a double press is one intent).
  const busy = useStore($walletBusy);
  const transferRef = useRef<HTMLButtonElement>(null);
  const acceptRef = useRef<HTMLButtonElement>(null);
  const { copiedKey, copy } = useCopied();
  const accountId = active?.account_id ?? null;
  const offers = useServedStore($offers, states.offers);
  const preapproval = useServedStore($preapproval, states.preapproval);
  const [sending, setSending] = useState(false);
  const [buying, setBuying] = useState(false);
  const [selling, setSelling] = useState<string | null>(null);
  const sendRef = useRef<HTMLButtonElement>(null);
  // The offers' time left counts from the server's clock while hydrating, then from the browser's.
  const [now, setNow] = useState<number | undefined>(served?.now);
  // The send dialog mounts (closed) once the island has hydrated: it is not first-load JavaScript.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setNow(undefined);
    setHydrated(true);
  }, []);
  // What the Worker served for this account is not read again on hydration.
  const servedFor = useRef({ wallet: states.wallet?.accountId, offers: states.offers?.accountId, preapproval: states.preapproval?.accountId });
  const fresh = useEffectEvent((part: keyof typeof servedFor.current) => {
    const skip = servedFor.current[part] !== undefined && servedFor.current[part] === accountId;
    servedFor.current[part] = undefined;
    return !skip;
  });

  useEffect(() => {
    if (fresh('wallet')) void loadWallet(accountId);
  }, [accountId]);
  // Offers and the preapproval exist only once the account has its wallet (else they answer 404).
  const hasWallet = status === 'ready' && wallet !== null;
  useEffect(() => {
    if (!hasWallet) return;
    if (fresh('offers')) void loadOffers(accountId);
    if (fresh('preapproval')) void loadPreapproval(accountId);
  }, [accountId, hasWallet]);

  const partyId = wallet?.address ?? '';
  // Another screen or person moved money of this party: refetch what it changes.
  const live = useLiveUpdates(partyId || null);
  useEffect(() => {
    if (live > 0) void refreshWalletAndOffers(accountId);
  }, [live, accountId]);

  async function offerAction(offer: PendingOffer, action: OfferAction) {
    if (!accountId) return;
    const failed = await actOnOffer(accountId, offer.offerId, action);
    toast(
      failed
        ? { type: 'error', title: t('wallet.offers.failed'), description: failed }
        : { type: 'success', title: t('common.success'), description: t(OFFER_DONE[action]) },
    );
  }

  async function moreOffers(direction: 'incoming' | 'outgoing') {
    const failed = await loadMoreOffers(direction);
    if (failed) toast({ type: 'error', title: t('wallet.offers.moreFailed'), description: failed });
  }

  async function copyPartyId() {
    try {
      await copy(partyId, 'party');
      toast({ type: 'success', title: t('common.copied'), description: t('toast.partyIdCopied'), duration: 2000 });
    } catch {
      toast({ type: 'error', title: t('common.error'), description: t('toast.copyHashFailed.description') });
    }
  }

  async function run(kind: 'transfer' | 'accept') {
    await (kind === 'transfer' ? transfer() : autoAccept());
    await loadOffers(accountId, { quiet: true });
    // Both buttons were disabled while busy; give the keyboard focus back once they are enabled.
    setTimeout(() => refocus((kind === 'transfer' ? transferRef : acceptRef).current));
  }

  if (status === 'idle' || status === 'loading') {
    return (
      <>
        <BackLink href="/accounts" label={t('wallet.backToAccounts')} />
        <LoadingPanel text={t('wallet.loading')} />
      </>
    );
  }
  if (status === 'none') {
    return (
      <>
        <BackLink href="/accounts" label={t('wallet.backToAccounts')} />
        <NoAccount />
      </>
    );
  }
  if (status === 'error') {
    return (
      <>
        <BackLink href="/accounts" label={t('wallet.backToAccounts')} />
        <section role="alert" className="mx-auto max-w-lg rounded-xl border border-gray-200 bg-white p-8 text-center">
          <h1 className="text-xl font-semibold text-gray-900">{t('toast.accountLoadError.title')}</h1>
          <p className="mt-2 text-sm text-gray-600">{t('toast.accountLoadError.description')}</p>
          <Button className="mt-6" variant="outline" onClick={() => void loadWallet(accountId)}>
            {t('common.retry')}
          </Button>
        </section>
      </>
    );
  }

  const columns: ListColumn<WalletAsset>[] = [
    {
      id: 'asset',
      header: t('wallet.column.asset'),
      cell: (a) => (
        <a
          href={assetPath(a.symbol)}
          className="flex min-h-11 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900"
        >
          <AssetLogo symbol={a.symbol} src={logoUrl(a.symbol, a.logo_url)} />
          <span className="min-w-0">
            <span className="block font-semibold text-gray-900">{a.symbol}</span>
            <span className="block truncate text-xs text-gray-500">{a.name}</span>
          </span>
        </a>
      ),
    },
    {
      id: 'balance',
      header: t('wallet.column.balance'),
      cell: (a) => <span data-balance="">{formatLedgerAmount(a.balance)}</span>,
      className: 'whitespace-nowrap text-right tabular-nums',
      headerClassName: 'text-right',
    },
    {
      id: 'price',
      header: t('wallet.column.price'),
      cell: (a) => formatPrice(a.last_price),
      className: 'whitespace-nowrap text-right tabular-nums',
      headerClassName: 'text-right',
    },
    {
      id: 'value',
      header: t('wallet.column.value'),
      cell: (a) => <span data-value="">{formatCents(usdCents(a.balance, a.last_price))}</span>,
      className: 'whitespace-nowrap text-right font-medium tabular-nums',
      headerClassName: 'text-right',
    },
    {
      id: 'actions',
      header: <span className="sr-only sm:not-sr-only">{t('wallet.column.actions')}</span>,
      cell: (a) => <AssetActions onBuy={() => setBuying(true)} onSell={() => setSelling(a.symbol)} />,
      headerClassName: 'text-right',
    },
  ];

  return (
    <>
      <BackLink href="/accounts" label={t('wallet.backToAccounts')} />
      <section className="rounded-xl border border-gray-200 bg-white p-5 sm:p-6" aria-labelledby="wallet-title">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex items-center gap-3">
            <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-gray-900 text-white">
              <Glyph name="accounts" />
            </span>
            <div>
              <h1 id="wallet-title" className="text-xl font-semibold text-gray-900 sm:text-2xl">
                {t('wallet.title')}
              </h1>
              <p className="text-sm text-gray-600">{t('wallet.subtitle')}</p>
            </div>
          </div>
          <span data-status="active" className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-medium text-green-800">
            {t('common.active')}
          </span>
        </div>

        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <WalletBalance balance={balance} size="lg" breakdown />
          <div>
            <p className="text-sm text-gray-600">{t('wallet.partyId')}</p>
            <p className="mt-1 break-all font-mono text-sm text-gray-900" title={partyId || undefined} data-party-id="">
              {abbreviatePartyId(partyId, t('common.na'))}
            </p>
          </div>
        </div>

        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-start">
          <Button ref={sendRef} variant="primary" onClick={() => setSending(true)} disabled={!partyId || !accountId || busy !== null} data-action="send">
            {t('wallet.send.button')}
          </Button>
          <Button variant="outline" onClick={() => void copyPartyId()} disabled={!partyId} data-action="copy-party">
            {copiedKey === 'party' ? <Glyph name="check" className="h-4 w-4" /> : <Glyph name="copy" className="h-4 w-4" />}
            {copiedKey === 'party' ? t('common.copied') : t('wallet.copyPartyId')}
          </Button>
          <div className="flex flex-col gap-1 sm:items-center">
            <Button
              ref={acceptRef}
              variant="outline"
              onClick={() => void run('accept')}
              loading={busy === 'accept'}
              disabled={busy !== null}
              aria-describedby="wallet-auto-accept-hint"
              data-action="auto-accept"
            >
              {busy === 'accept' ? t('common.processing') : t('wallet.autoAccept')}
            </Button>
            <span id="wallet-auto-accept-hint" className="text-xs text-gray-600">
              {t('wallet.autoAcceptHint')}
            </span>
          </div>
          <div className="flex flex-col gap-1 sm:items-center">
            <Button
              ref={transferRef}
              variant="outline"
              onClick={() => void run('transfer')}
              loading={busy === 'transfer'}
              disabled={busy !== null}
              aria-describedby="wallet-test-funds"
              data-action="transfer"
            >
              {busy === 'transfer' ? t('wallet.transferring') : t('wallet.transfer')}
            </Button>
            <span id="wallet-test-funds" className="text-xs text-gray-600" data-test-funds="">
              {t('wallet.testFunds')}
            </span>
          </div>
        </div>

        <div className="mt-6 border-t border-gray-200 pt-5">
          <PreapprovalSwitch state={preapproval} />
        </div>
      </section>

      <ActionRequired
        state={offers}
        now={now}
        onAction={(offer, action) => void offerAction(offer, action)}
        onRetry={() => void loadOffers(accountId)}
        onMore={moreOffers}
      />

      {accountId && hydrated && (
        <Suspense fallback={null}>
          <SendDialog
            open={sending}
            onClose={() => {
              setSending(false);
              setTimeout(() => refocus(sendRef.current));
            }}
            accountId={accountId}
            available={balance?.balance ?? '0'}
            price={balance?.price ?? null}
            onSent={() => void refreshWalletAndOffers(accountId)}
          />
        </Suspense>
      )}
      {accountId && buying && (
        <Suspense fallback={null}>
          <NewTransactionModal onClose={() => setBuying(false)} onExecuted={() => void refreshWalletAndOffers(accountId)} />
        </Suspense>
      )}
      {selling && (
        <Suspense fallback={null}>
          <CantonSellDialog symbol={selling} onClose={() => setSelling(null)} />
        </Suspense>
      )}

      <section className="mt-6 overflow-hidden rounded-xl border border-gray-200 bg-white" aria-labelledby="wallet-assets">
        <h2 id="wallet-assets" className="border-b border-gray-200 px-5 py-4 text-lg font-semibold text-gray-900">
          {t('wallet.assets.title')}
        </h2>
        <ListTable
          columns={columns}
          rows={assets}
          rowKey={(a) => a.id}
          emptyTitle={t('wallet.empty.title')}
          emptyDescription={t('wallet.empty.description')}
          caption={t('wallet.assets.title')}
          renderMobileCard={(a) => (
            <div className="space-y-3">
              {columns[0]!.cell(a, 0)}
              <dl className="grid grid-cols-3 gap-2 text-sm">
                <div>
                  <dt className="text-xs text-gray-500">{t('wallet.column.balance')}</dt>
                  <dd className="tabular-nums">{formatLedgerAmount(a.balance)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-gray-500">{t('wallet.column.price')}</dt>
                  <dd className="tabular-nums">{formatPrice(a.last_price)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-gray-500">{t('wallet.column.value')}</dt>
                  <dd className="font-medium tabular-nums">{formatCents(usdCents(a.balance, a.last_price))}</dd>
                </div>
              </dl>
              <AssetActions onBuy={() => setBuying(true)} onSell={() => setSelling(a.symbol)} />
            </div>
          )}
        />
      </section>
    </>
  );
}

export default function DigitalAssetsPage({ seed, served }: ServedProps & { seed?: PageSeed }) {
  return (
    <AppShell title="wallet.title" seed={seed}>
      <DigitalAssets served={served} />
    </AppShell>
  );
}
