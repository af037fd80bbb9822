// /accounts/digital-assets/{symbol}. One static page serves every symbol (the Worker maps the path
// to it); the symbol comes from the address. Lookup is case-insensitive: the stock by its
// upper-case symbol, else the Canton asset, else a built-in sample row. Not found: the 'Asset not
// found' toast, then /market. The figures are the ones the market row shows (shared/market.ts);
// figures that are not market data say so. Your Holdings shows the wallet's balance, the same way
// as the wallet screen, when the asset is the wallet's coin. The timeframe buttons drive the price
// chart (asset/PriceChart.tsx, its library loaded lazily).
// Rendered on the Worker with the asset and the wallet the Worker read (`served`), hydrated with
// them (and the chart's text and line for the default timeframe, served.chart); a symbol the Worker did not
// find is looked up by the island as before.
import { Suspense, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { lazyDialog } from '../components/lazy-dialog';
import { Button } from '../components/Button';
import { cx } from '../components/cx';
import type { TranslationKey } from '../i18n';
import { useSeededStore, useServedStore } from '../components/page-seed-context';
import { useT } from '../components/use-t';
import type { PageSeed } from '../shared/page-seed';
import type { ServedAsset } from '../shared/served-wallet';
import { formatChangePercent, formatCompact, formatMarketCap, formatPrice, formatVolume } from '../shared/format';
import {
  changeTone,
  DEFAULT_TIMEFRAME,
  NETWORK_KEYS,
  statText,
  symbolFromPath,
  TIMEFRAMES,
  type AssetDetail as Detail,
  type AssetKind,
  type Timeframe,
} from '../shared/market';
import { $lang } from '../stores/lang';
import { findAsset, loadHistory } from '../stores/market';
import { flashToast } from '../stores/flash';
import { toast } from '../stores/toasts';
import { $activeAccount } from '../stores/account';
import { $wallet, loadWallet } from '../stores/wallet';
import { loadPosition } from '../stores/portfolio';
import type { Position } from '../shared/schemas/order';
import { PositionFigures } from './asset/PositionFigures';
import { parseDecimal } from '../shared/decimal';
import { t as translate } from '../i18n';
import AppShell from './AppShell';
import { AssetLogo } from './common/AssetLogo';
import { BackLink } from './common/BackLink';
import { LoadingPanel } from './common/LoadingPanel';
import { PriceChart } from './asset/PriceChart';
import { PeriodButtons } from './common/PeriodButtons';
import { WalletBalance } from './common/WalletBalance';
import { servedWalletState } from './wallet/served';

const OrderTicket = lazyDialog(() => import('./asset/OrderTicket'));
const NewTransactionModal = lazyDialog(() => import('./transactions/NewTransactionModal'));
const CantonSellDialog = lazyDialog(() => import('./wallet/CantonSellDialog'));

const TYPE_KEYS: Record<AssetKind, TranslationKey> = {
  stock: 'asset.type.stock',
  crypto: 'asset.type.crypto',
  fiat: 'asset.type.fiat',
  other: 'asset.type.other',
};

type State = { status: 'loading' } | { status: 'found'; detail: Detail } | { status: 'notFound' } | { status: 'error' };

function notFound(symbol: string) {
  const lang = $lang.get();
  flashToast({
    type: 'error',
    title: translate(lang, 'toast.assetNotFound.title'),
    description: translate(lang, 'toast.assetNotFound.description', { symbol }),
  });
  location.replace('/market');
}

function Stat({ label, value, tone }: { label: string; value: string; tone?: 'up' | 'down' | undefined }) {
  return (
    <div className="rounded-lg bg-gray-50 p-4">
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-500">{label}</dt>
      <dd className={cx('mt-1 text-lg font-semibold tabular-nums', tone === 'up' ? 'text-green-700' : tone === 'down' ? 'text-red-700' : 'text-gray-900')}>
        {value}
      </dd>
    </div>
  );
}

/**
 * The change in percent over `range` from the asset's price history, the one source of every change
 * figure (shared/market.ts, dayChange): undefined until it answers (or when it fails), null when the
 * history has none.
 */
function useHistoryChange(symbol: string, range: Timeframe): number | null | undefined {
  const [change, setChange] = useState<{ key: string; percent: number | null }>();
  const key = `${symbol} ${range}`;
  useEffect(() => {
    let live = true;
    loadHistory(symbol, range).then(
      (h) => {
        if (live) setChange({ key, percent: h.change_percent == null ? null : Number(h.change_percent) });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [symbol, range, key]);
  return change?.key === key ? change.percent : undefined;
}

function Found({ detail, served }: { detail: Detail; served?: ServedAsset | null }) {
  const t = useT();
  const [timeframe, setTimeframe] = useState<Timeframe>(DEFAULT_TIMEFRAME);
  const [trade, setTrade] = useState<'buy' | 'sell' | null>(null);
  const na = t('common.na');
  // Before its history answers, the 24 h change is the list's (read from the same history).
  const day = useHistoryChange(detail.symbol, '24h');
  const change24h = day === undefined ? detail.change24h : day;
  const change7d = useHistoryChange(detail.symbol, '1w') ?? detail.change7d;
  const change30d = useHistoryChange(detail.symbol, '1m') ?? detail.change30d;
  const tone = change24h == null ? null : changeTone(change24h);
  const network = detail.network == null ? na : NETWORK_KEYS[detail.network.toLowerCase()] ? t(NETWORK_KEYS[detail.network.toLowerCase()]!) : detail.network;
  const changeStat = (v: number | null) => ({ value: statText(v, formatChangePercent, na), tone: v == null || v === 0 ? undefined : changeTone(v) });
  const active = useSeededStore($activeAccount, (s) => s.activeAccount);
  const servedWallet = useMemo(() => servedWalletState(served?.wallet), [served]);
  const wallet = useServedStore($wallet, servedWallet);
  // The wallet the Worker served for this account is not read again on hydration.
  const servedFor = useRef(servedWallet?.accountId);
  useEffect(() => {
    const accountId = active?.account_id ?? null;
    const skip = servedFor.current !== undefined && servedFor.current === accountId;
    servedFor.current = undefined;
    if (!skip) void loadWallet(accountId);
  }, [active?.account_id]);
  // The wallet's coin (CC) is held in the wallet: show it as the wallet screen does.
  const walletCoin =
    wallet.status === 'ready' && wallet.balance && wallet.balance.instrument.toLowerCase() === detail.symbol.toLowerCase() ? wallet.balance : null;
  const held = walletCoin ? parseDecimal(walletCoin.balance) : null;
  // Sell needs CC that can move now: the available part, not what is locked or still pending.
  const holdings = held && held.units > 0n ? held.units : 0n;
  // Stocks and ETFs trade in the brokerage (the order ticket); Canton assets such as CC are bought
  // with New Transaction and live in the wallet, where nothing sells them for dollars (Sell says so).
  const brokerageAsset = detail.kind === 'stock';
  const [position, setPosition] = useState<Position | null>(served?.position ?? null);
  // The position the Worker served is not read again on hydration; a page without it reads it.
  const accountId = active?.account_id ?? null;
  const refreshPosition = () => {
    if (accountId && brokerageAsset) loadPosition(accountId, detail.symbol).then(setPosition, () => undefined);
  };
  const readPosition = useEffectEvent(refreshPosition);
  useEffect(() => {
    if (!served) readPosition();
  }, [served, accountId]);
  const canSell = brokerageAsset ? (parseDecimal(position?.qty_available ?? '0')?.units ?? 0n) > 0n : holdings > 0n;

  return (
    <>
      <BackLink href="/market" label={t('asset.backToMarket')} />
      <section className="rounded-xl border border-gray-200 bg-white p-5 sm:p-6" aria-labelledby="asset-title">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div className="flex min-w-0 items-center gap-4">
            <AssetLogo symbol={detail.symbol} src={detail.logo} size="lg" />
            <div className="min-w-0">
              <h1 id="asset-title" className="text-2xl font-semibold text-gray-900" data-symbol="">
                {detail.symbol}
              </h1>
              <p className="truncate text-sm text-gray-600">{detail.name}</p>
              {detail.network != null && (
                <span className="mt-1 inline-block rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700" data-network="">
                  {network}
                </span>
              )}
            </div>
          </div>
          <div className="text-right">
            <p className="text-3xl font-semibold tabular-nums text-gray-900" data-price="">
              {formatPrice(detail.price)}
            </p>
            <p
              className={cx('text-sm font-medium tabular-nums', tone === 'up' ? 'text-green-700' : tone === 'down' ? 'text-red-700' : 'text-gray-500')}
              data-change={tone ?? 'none'}
            >
              <span className="sr-only">{t('asset.change24h')} </span>
              {change24h == null ? (
                t('asset.change24h.none')
              ) : (
                <>
                  {formatChangePercent(change24h)} <span className="text-gray-500">{t('asset.change24h.period')}</span>
                </>
              )}
            </p>
          </div>
        </div>
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <section className="rounded-xl border border-gray-200 bg-white p-5 sm:p-6" aria-label={t('asset.chart.label')}>
            {/* One row of five on a phone, whatever the language ("1 sem.", "1 mois" in French). */}
            <PeriodButtons
              options={TIMEFRAMES}
              value={timeframe}
              onChange={setTimeframe}
              groupLabel={t('asset.timeframe.label')}
              text={(tf) => t(`asset.timeframe.${tf}`)}
              data="timeframe"
              className="grid grid-cols-5 gap-1.5 sm:flex sm:flex-wrap sm:gap-2"
            />
            {/* The spec's placeholder, replaced by the real chart of the chosen timeframe. */}
            <PriceChart symbol={detail.symbol} range={timeframe} served={served?.detail?.symbol === detail.symbol ? served.chart : null} />
          </section>

          <section className="rounded-xl border border-gray-200 bg-white p-5 sm:p-6" aria-labelledby="asset-stats">
            <h2 id="asset-stats" className="text-lg font-semibold text-gray-900">
              {t('asset.stats.title')}
            </h2>
            <dl className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-3">
              <Stat label={t('asset.stats.marketCap')} value={statText(detail.marketCap, formatMarketCap, na)} />
              <Stat label={t('asset.stats.volume24h')} value={statText(detail.volume24h, formatVolume, na)} />
              <Stat label={t('asset.stats.totalSupply')} value={statText(detail.totalSupply, formatCompact, na)} />
              <Stat label={t('asset.stats.circulatingSupply')} value={statText(detail.circulatingSupply, formatCompact, na)} />
              <Stat label={t('asset.stats.change7d')} {...changeStat(change7d)} />
              <Stat label={t('asset.stats.change30d')} {...changeStat(change30d)} />
            </dl>
            {detail.source === 'sample' && (
              <p className="mt-3 text-xs text-gray-500" data-figures="sample">
                {t('asset.figures.sample')}
              </p>
            )}
          </section>
        </div>

        <div className="space-y-6">
          <section className="rounded-xl border border-gray-200 bg-white p-5 sm:p-6" aria-labelledby="asset-holdings">
            <h2 id="asset-holdings" className="text-lg font-semibold text-gray-900">
              {t('asset.holdings.title')}
            </h2>
            {position ? (
              <PositionFigures position={position} />
            ) : walletCoin && (parseDecimal(walletCoin.total)?.units ?? 0n) > 0n ? (
              <div className="mt-4 rounded-lg bg-gray-50 p-4">
                <WalletBalance balance={walletCoin} />
              </div>
            ) : (
              <div className="mt-4 rounded-lg bg-gray-50 p-6 text-center">
                <p className="font-medium text-gray-900">{t('asset.holdings.none', { symbol: detail.symbol })}</p>
                <p className="mt-1 text-sm text-gray-600">{t('asset.holdings.cta')}</p>
              </div>
            )}
          </section>

          <section className="rounded-xl border border-gray-200 bg-white p-5 sm:p-6" aria-labelledby="asset-trade">
            <h2 id="asset-trade" className="text-lg font-semibold text-gray-900">
              {t('asset.trade.title')}
            </h2>
            <div className="mt-4 grid grid-cols-2 gap-3">
              <Button variant="secondary" onClick={() => setTrade('buy')} data-action="trade-buy">
                {t('common.buy')}
              </Button>
              <Button variant="outline" onClick={() => setTrade('sell')} disabled={!canSell} data-action="trade-sell">
                {t('common.sell')}
              </Button>
            </div>
          </section>

          <section className="rounded-xl border border-gray-200 bg-white p-5 sm:p-6" aria-labelledby="asset-quick">
            <h2 id="asset-quick" className="text-lg font-semibold text-gray-900">
              {t('asset.quickStats.title')}
            </h2>
            <dl className="mt-4 divide-y divide-gray-100 text-sm">
              <div className="flex justify-between gap-4 py-2">
                <dt className="text-gray-600">{t('asset.quickStats.network')}</dt>
                <dd className="font-medium text-gray-900">{network}</dd>
              </div>
              <div className="flex justify-between gap-4 py-2">
                <dt className="text-gray-600">{t('asset.quickStats.type')}</dt>
                <dd className="font-medium text-gray-900">{t(TYPE_KEYS[detail.kind])}</dd>
              </div>
              <div className="flex justify-between gap-4 py-2">
                <dt className="text-gray-600">{t('asset.quickStats.currency')}</dt>
                <dd className="font-medium text-gray-900">{detail.currency}</dd>
              </div>
            </dl>
          </section>
        </div>
      </div>

      {trade && (
        <Suspense fallback={null}>
          {brokerageAsset ? (
            <OrderTicket
              side={trade}
              symbol={detail.symbol}
              price={detail.price}
              position={position}
              onClose={() => setTrade(null)}
              onTraded={refreshPosition}
            />
          ) : trade === 'buy' ? (
            <NewTransactionModal onClose={() => setTrade(null)} onExecuted={() => void loadWallet(active?.account_id ?? null)} />
          ) : (
            <CantonSellDialog symbol={detail.symbol} onClose={() => setTrade(null)} />
          )}
        </Suspense>
      )}
    </>
  );
}

function AssetDetail({ served }: { served?: ServedAsset | null }) {
  const t = useT();
  const [state, setState] = useState<State>(() => (served?.detail ? { status: 'found', detail: served.detail } : { status: 'loading' }));
  const [symbol] = useState(() => served?.symbol ?? symbolFromPath(location.pathname) ?? '');
  const [attempt, setAttempt] = useState(0);
  // The asset the Worker found is not looked up again on hydration (a retry or another symbol is).
  const servedDetail = useRef(Boolean(served?.detail));
  // Says so in the language of the moment; a language change does not refetch.
  const loadFailed = useEffectEvent(() => toast({ type: 'error', title: t('toast.assetLoadError.title'), description: t('toast.assetLoadError.description') }));

  useEffect(() => {
    if (servedDetail.current) {
      servedDetail.current = false;
      return;
    }
    let live = true;
    if (!symbol) {
      setState({ status: 'notFound' });
      notFound(symbol);
      return;
    }
    setState({ status: 'loading' });
    findAsset(symbol).then(
      (detail) => {
        if (!live) return;
        if (detail) {
          setState({ status: 'found', detail });
          document.title = `${detail.symbol} · ${detail.name}`;
        } else {
          setState({ status: 'notFound' });
          notFound(symbol);
        }
      },
      (err: unknown) => {
        if (!live) return;
        console.error('Error loading asset', err instanceof Error ? err.message : err);
        setState({ status: 'error' });
        loadFailed();
      },
    );
    return () => {
      live = false;
    };
  }, [symbol, attempt]);

  if (state.status === 'loading') {
    return (
      <>
        <BackLink href="/market" label={t('asset.backToMarket')} />
        <LoadingPanel text={t('asset.loading')} />
      </>
    );
  }
  if (state.status === 'found') return <Found detail={state.detail} served={served} />;
  return (
    <>
      <BackLink href="/market" label={t('asset.backToMarket')} />
      <section role={state.status === 'error' ? 'alert' : undefined} className="mx-auto max-w-lg rounded-xl border border-gray-200 bg-white p-8 text-center">
        <h1 className="text-xl font-semibold text-gray-900">{state.status === 'error' ? t('toast.assetLoadError.title') : t('asset.notFound.title')}</h1>
        <p className="mt-2 text-sm text-gray-600">{state.status === 'error' ? t('toast.assetLoadError.description') : t('asset.notFound.description')}</p>
        {state.status === 'error' && (
          <Button className="mt-6" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
            {t('common.retry')}
          </Button>
        )}
      </section>
    </>
  );
}

export default function AssetDetailPage({ seed, served }: { seed?: PageSeed; served?: ServedAsset | null }) {
  return (
    <AppShell title="asset.title" seed={seed}>
      <AssetDetail served={served} />
    </AppShell>
  );
}
