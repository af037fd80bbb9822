// /market: filter buttons (All Assets, Securities, Currencies, Digital assets), an instant search
// by symbol or name, and the table Asset, Price, Change, Market Cap, Volume, Type. A row opens
// /accounts/digital-assets/{symbol} (click, or Enter when focused); its symbol is a link there.
// Below 768 px the table keeps Asset, Price and Change so it fits a phone without sideways
// scrolling.
import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { ListTable, type ListColumn } from '../components/ListTable';
import { cx } from '../components/cx';
import type { TranslationKey } from '../i18n';
import { useT } from '../components/use-t';
import { formatChangePercent, formatMarketCap, formatPrice, formatVolume } from '../shared/format';
import { assetPath } from '../shared/asset-links';
import { CATEGORY_KEYS, changeTone, filterRows, MARKET_FILTERS, type MarketFilter, type MarketRow } from '../shared/market';
import { showFlashToasts } from '../stores/flash';
import { $market, loadMarket, type MarketState } from '../stores/market';
import { useServedStore } from '../components/page-seed-context';
import type { PageSeed } from '../shared/page-seed';
import AppShell from './AppShell';
import { AssetLogo } from './common/AssetLogo';
import { PageHeader } from './shell/PageHeader';

const FILTER_KEYS: Record<MarketFilter, TranslationKey> = {
  all: 'market.filter.all',
  securities: 'market.filter.securities',
  currencies: 'market.filter.currencies',
  digitalAssets: 'market.filter.digitalAssets',
};

export function Change({ value }: { value: number | null }) {
  if (value == null) return <span className="text-gray-400">-</span>;
  return (
    <span data-tone={changeTone(value)} className={cx('font-medium tabular-nums', changeTone(value) === 'up' ? 'text-green-700' : 'text-red-700')}>
      {formatChangePercent(value)}
    </span>
  );
}

const WIDE = 'hidden md:table-cell';
// Phones: tighter cells so Asset, Price and Change fit 360 px without sideways scrolling.
const TIGHT = 'max-sm:px-2';

function Market({ firstRows, sizerRows }: { firstRows?: MarketRow[] | null; sizerRows?: MarketRow[] | null }) {
  const t = useT();
  // Rendered on the Worker: the first screenful of rows is in the HTML (and the store starts with it
  // in the browser); the full list replaces it once loadMarket answers.
  const served = useMemo<MarketState | null>(() => (firstRows ? { status: 'loading', rows: firstRows } : null), [firstRows]);
  const { status, rows } = useServedStore($market, served);
  const [filter, setFilter] = useState<MarketFilter>('all');
  const [query, setQuery] = useState('');
  const searchId = useId();

  useEffect(() => {
    showFlashToasts();
    void loadMarket();
  }, []);

  // The full list (after hydration), a filter and the search re-render the table at transition
  // priority, in slices, so hydration and typing are never held up by 56 rows being rendered.
  const listRows = useDeferredValue(rows);
  const listQuery = useDeferredValue(query);
  const visible = useMemo(() => filterRows(listRows, filter, listQuery), [listRows, filter, listQuery]);

  // Built once per language, so a list update does not rebuild every cell renderer.
  const columns = useMemo<ListColumn<MarketRow>[]>(
    () => [
      {
        id: 'asset',
        header: t('market.column.asset'),
        cell: (row) => (
          <span className="flex min-w-0 items-center gap-2 sm:gap-3">
            <AssetLogo symbol={row.symbol} src={row.logo} />
            <span className="min-w-0">
              {/* The symbol is the row's link (announced as one); a click anywhere on the row opens it too. */}
              <a
                href={assetPath(row.symbol)}
                className="block font-semibold text-gray-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900"
                data-symbol=""
              >
                {row.symbol}
              </a>
              <span className="block max-w-[5.5rem] truncate text-xs text-gray-500 sm:max-w-[16rem]">{row.name}</span>
            </span>
          </span>
        ),
        className: TIGHT,
        headerClassName: TIGHT,
      },
      {
        id: 'price',
        header: t('market.column.price'),
        cell: (row) => formatPrice(row.price),
        className: cx(TIGHT, 'whitespace-nowrap text-right tabular-nums'),
        headerClassName: cx(TIGHT, 'text-right'),
      },
      {
        id: 'change',
        header: t('market.column.change'),
        cell: (row) => <Change value={row.changePercent} />,
        className: cx(TIGHT, 'whitespace-nowrap text-right'),
        headerClassName: cx(TIGHT, 'text-right'),
      },
      {
        id: 'marketCap',
        header: t('market.column.marketCap'),
        cell: (row) => (row.marketCap == null ? '-' : formatMarketCap(row.marketCap)),
        className: cx(WIDE, 'whitespace-nowrap text-right tabular-nums'),
        headerClassName: cx(WIDE, 'text-right'),
      },
      {
        id: 'volume',
        header: t('market.column.volume'),
        cell: (row) => (row.volume == null ? '-' : formatVolume(row.volume)),
        className: cx(WIDE, 'whitespace-nowrap text-right tabular-nums'),
        headerClassName: cx(WIDE, 'text-right'),
      },
      {
        id: 'type',
        header: t('market.column.type'),
        cell: (row) => (
          <span data-category={row.category} className="inline-block whitespace-nowrap rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700">
            {t(CATEGORY_KEYS[row.category])}
          </span>
        ),
        className: WIDE,
        headerClassName: WIDE,
      },
    ],
    [t],
  );

  return (
    <>
      <PageHeader title={t('market.title')} />
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div role="group" aria-label={t('market.filter.label')} className="flex flex-wrap gap-2">
          {MARKET_FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              aria-pressed={filter === f}
              data-filter={f}
              onClick={() => setFilter(f)}
              className={cx(
                'min-h-11 shrink-0 whitespace-nowrap rounded-full px-4 text-sm font-medium transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900',
                filter === f ? 'bg-gray-900 text-white' : 'border border-gray-300 bg-white text-gray-700 hover:bg-gray-50',
              )}
            >
              {t(FILTER_KEYS[f])}
            </button>
          ))}
        </div>
        <div className="relative lg:w-80">
          <label htmlFor={searchId} className="sr-only">
            {t('market.search.label')}
          </label>
          <input
            id={searchId}
            type="search"
            name="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('market.search.placeholder')}
            autoComplete="off"
            className="block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm text-gray-900 placeholder:text-gray-400 focus:border-gray-900 focus:outline-none focus:ring-2 focus:ring-gray-900/20"
          />
        </div>
      </div>
      <div className="overflow-hidden rounded-xl border border-gray-200 bg-white">
        <ListTable
          columns={columns}
          rows={visible}
          rowKey={(row) => row.id}
          loading={status === 'idle' || (status === 'loading' && rows.length === 0)}
          error={status === 'error' ? t('market.error') : null}
          onRetry={() => void loadMarket()}
          emptyTitle={t('market.empty.title')}
          emptyDescription={t('market.empty.description')}
          onRowClick={(row) => location.assign(assetPath(row.symbol))}
          caption={t('market.title')}
          sizerRows={sizerRows}
        />
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {status === 'ready' ? t('market.resultCount', { count: visible.length }) : ''}
      </p>
    </>
  );
}

export default function MarketPage({ seed, firstRows, sizerRows }: { seed?: PageSeed; firstRows?: MarketRow[] | null; sizerRows?: MarketRow[] | null }) {
  return (
    <AppShell title="market.title" seed={seed}>
      <Market firstRows={firstRows} sizerRows={sizerRows} />
    </AppShell>
  );
}
