// The portfolio of an open brokerage account (/accounts/brokerage): total value, cash and buying
// power, today's change and total return (a simple return, its method named), the value over time
// (./PortfolioChart.tsx, from the daily snapshots), allocation by asset type as a table, the
// positions (each linking to its asset page), the open orders (each cancelled after a confirmation)
// and the order history, newest first, a page at a time. Served in the HTML with the account; the
// state and calls are in src/stores/portfolio.ts.
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { ConfirmModal } from '../../components/ConfirmModal';
import { useServedStore, useTimeZone } from '../../components/page-seed-context';
import { useLang, useT } from '../../components/use-t';
import { CENTS_SCALE, decimalToString, divideDecimals, parseUnits } from '../../shared/decimal';
import { apiErrorText } from '../../shared/error-text';
import { formatCents, formatDate, formatDecimal, formatPrice } from '../../shared/format';
import { assetPath } from '../../shared/asset-links';
import type { BrokerageAccount } from '../../shared/schemas/brokerage';
import type { Order, Position } from '../../shared/schemas/order';
import type { ServedPortfolio } from '../../shared/served-portfolio';
import { $portfolio, cancelOrder, followOpenOrders, loadMoreHistory, loadPortfolio } from '../../stores/portfolio';
import { toast } from '../../stores/toasts';
import { Change } from '../common/Change';
import { Figure } from '../common/Figure';
import { PortfolioChart } from './PortfolioChart';

const CARD = 'rounded-xl border border-gray-200 bg-white p-4 sm:p-6';
const H2 = 'text-lg font-semibold text-gray-900';

/** `part` of `whole` as a percentage with 2 decimals ("42.50%"), exact; "0.00%" of nothing. */
function share(part: number, whole: number): string {
  if (whole <= 0) return '0.00%';
  const ratio = divideDecimals({ units: BigInt(part) * 100n, scale: 0 }, { units: BigInt(whole), scale: 0 }, 2);
  return `${formatDecimal(decimalToString(ratio), 2, 2)}%`;
}

/** Total return over cost basis as the API's ratio text, null without a cost basis. */
function returnRatio(positions: Position[]): string | null {
  const cost = positions.reduce((sum, p) => sum + BigInt(p.cost_basis_cents), 0n);
  const pl = positions.reduce((sum, p) => sum + BigInt(p.unrealized_pl_cents), 0n);
  return cost > 0n ? decimalToString(divideDecimals({ units: pl, scale: 0 }, { units: cost, scale: 0 }, 4)) : null;
}

/** "Buy AAPL · 2 shares, limit $180.00" / "Sell AAPL · $10.00" */
function OrderLine({ order }: { order: Order }) {
  const t = useT();
  const amount = order.qty ? t('portfolio.order.shares', { qty: formatDecimal(order.qty, 6) }) : formatCents(parseUnits(order.notional ?? '0', CENTS_SCALE));
  const limit = order.limit_price ? `, ${t('portfolio.order.limitAt', { price: formatPrice(order.limit_price) })}` : '';
  return (
    <>
      <span className="font-medium text-gray-900">
        {t(order.side === 'buy' ? 'common.buy' : 'common.sell')} {order.symbol}
      </span>
      <span className="text-gray-700">
        {' · '}
        {amount}
        {limit}
      </span>
    </>
  );
}

function OrderItem({ order, action }: { order: Order; action?: ReactNode }) {
  const t = useT();
  const zone = useTimeZone();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-order={order.id} data-status={order.status}>
      <div className="min-w-0 text-sm">
        <p>
          <OrderLine order={order} />
        </p>
        <p className="text-gray-600">
          {t(`trade.status.${order.status}`)}
          {order.status === 'filled' &&
            ` · ${t('portfolio.order.filledAt', { qty: formatDecimal(order.filled_qty, 6), price: formatPrice(order.filled_avg_price) })} = ${formatCents(order.filled_cents)}`}
          {' · '}
          <time dateTime={order.filled_at ?? order.created_at}>{formatDate(order.filled_at ?? order.created_at, { timeZone: zone })}</time>
        </p>
      </div>
      {action}
    </li>
  );
}

function PositionItem({ position }: { position: Position }) {
  const t = useT();
  const cells: [string, ReactNode][] = [
    [t('portfolio.qty'), formatDecimal(position.qty, 6)],
    [t('portfolio.avgCost'), formatPrice(position.avg_entry_price)],
    [t('portfolio.marketValue'), formatCents(position.market_value_cents)],
    [t('portfolio.todayChange'), <Change cents={position.unrealized_intraday_pl_cents} />],
    [t('portfolio.totalReturn'), <Change cents={position.unrealized_pl_cents} ratio={position.unrealized_plpc} />],
  ];
  return (
    <li className="py-3" data-position={position.symbol}>
      <a href={assetPath(position.symbol)} className="text-base font-semibold text-gray-900 underline-offset-2 hover:underline">
        {position.symbol} <span className="text-sm font-normal text-gray-600">{position.name}</span>
      </a>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5">
        {cells.map(([label, value]) => (
          <div key={label}>
            <dt className="text-gray-600">{label}</dt>
            <dd className="font-medium tabular-nums text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

export function Portfolio({ account, served }: { account: BrokerageAccount; served: ServedPortfolio | null }) {
  const t = useT();
  const lang = useLang();
  const state = useServedStore($portfolio, served ? { status: 'ready', ...served } : null);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const accountId = account.account_id;
  const load = () => loadPortfolio(accountId).catch(() => undefined);
  useEffect(() => {
    if (state.status === 'idle') void loadPortfolio(accountId).catch(() => undefined);
  }, [state.status, accountId]);
  useEffect(() => followOpenOrders(accountId), [accountId]);

  async function confirmCancel() {
    if (!cancelling) return;
    setBusy(true);
    setFailure(null);
    try {
      await cancelOrder(accountId, cancelling.id);
      setCancelling(null);
      toast({ type: 'success', title: t('portfolio.cancel.done') });
    } catch (err) {
      setFailure(apiErrorText(lang, err));
    } finally {
      setBusy(false);
    }
  }

  const ready = state.status === 'ready' ? state : null;
  const positions = ready?.positions ?? [];
  return (
    <>
      <section aria-labelledby="broker-portfolio" className={`mt-6 ${CARD}`}>
        <h2 id="broker-portfolio" className={H2}>
          {t('broker.portfolio.title')}
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          <Figure label={t('portfolio.totalValue')} value={formatCents(account.equity_cents)} testId="portfolio-value" />
          <div>
            <p className="text-sm text-gray-600">{t('portfolio.todayChange')}</p>
            <p className="mt-1 text-lg font-semibold">
              <Change cents={account.change_today_cents} testId="portfolio-today" />
            </p>
          </div>
          <div>
            <p className="text-sm text-gray-600">{t('portfolio.totalReturn')}</p>
            <p className="mt-1 text-lg font-semibold">
              <Change cents={account.unrealized_pl_cents} ratio={ready ? returnRatio(positions) : null} testId="portfolio-return" />
            </p>
          </div>
        </div>
        <p className="mt-2 text-xs text-gray-500">{t('portfolio.method')}</p>

        <h3 className="mt-6 text-base font-semibold text-gray-900">{t('portfolio.chart.title')}</h3>
        <PortfolioChart accountId={accountId} served={served?.chart} />

        <h3 className="mt-6 text-base font-semibold text-gray-900" id="portfolio-allocation">
          {t('portfolio.allocation.title')}
        </h3>
        <table className="mt-2 w-full text-left text-sm" aria-labelledby="portfolio-allocation">
          <thead className="text-gray-600">
            <tr>
              <th scope="col" className="py-1 font-medium">
                {t('portfolio.allocation.type')}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t('portfolio.marketValue')}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t('portfolio.allocation.share')}
              </th>
            </tr>
          </thead>
          <tbody className="tabular-nums text-gray-900">
            {(
              [
                ['portfolio.allocation.stocks', account.long_market_value_cents],
                ['broker.cash', account.cash_cents],
              ] as const
            ).map(([label, cents]) => (
              <tr key={label} className="border-t border-gray-100">
                <th scope="row" className="py-2 font-normal">
                  {t(label)}
                </th>
                <td className="py-2 text-right">{formatCents(cents)}</td>
                <td className="py-2 text-right">{share(cents, account.equity_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="broker-holdings" className={`mt-6 ${CARD}`}>
        <h2 id="broker-holdings" className={H2}>
          {t('broker.holdings.title')}
        </h2>
        {state.status === 'error' ? (
          <div role="alert" className="mt-2 text-sm text-red-700">
            {t('portfolio.error')}{' '}
            <Button size="sm" variant="outline" onClick={() => void load()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : !ready ? (
          <p className="mt-2 text-sm text-gray-600">{t('common.loading')}</p>
        ) : positions.length === 0 ? (
          <p className="mt-2 text-sm font-medium text-gray-900" data-testid="broker-holdings-empty">
            {t('broker.holdings.empty')}
          </p>
        ) : (
          <ul className="mt-2 divide-y divide-gray-100" data-testid="positions">
            {positions.map((p) => (
              <PositionItem key={p.symbol} position={p} />
            ))}
          </ul>
        )}
      </section>

      {ready && (
        <>
          <section aria-labelledby="broker-open-orders" className={`mt-6 ${CARD}`}>
            <h2 id="broker-open-orders" className={H2}>
              {t('portfolio.open.title')}
            </h2>
            {ready.open.length === 0 ? (
              <p className="mt-2 text-sm text-gray-600">{t('portfolio.open.empty')}</p>
            ) : (
              <ul className="mt-2 divide-y divide-gray-100" data-testid="open-orders">
                {ready.open.map((o) => (
                  <OrderItem
                    key={o.id}
                    order={o}
                    action={
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => {
                          setFailure(null);
                          setCancelling(o);
                        }}
                        data-action="cancel-order"
                      >
                        {t('portfolio.cancel')}
                      </Button>
                    }
                  />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="broker-history" className={`mt-6 ${CARD}`}>
            <h2 id="broker-history" className={H2}>
              {t('portfolio.history.title')}
            </h2>
            {ready.history.length === 0 ? (
              <p className="mt-2 text-sm text-gray-600">{t('portfolio.history.empty')}</p>
            ) : (
              <ul className="mt-2 divide-y divide-gray-100" data-testid="order-history">
                {ready.history.map((o) => (
                  <OrderItem key={o.id} order={o} />
                ))}
              </ul>
            )}
            {ready.more && (
              <Button
                className="mt-3"
                variant="outline"
                onClick={() => void loadMoreHistory(accountId).catch((err: unknown) => toast({ type: 'error', title: apiErrorText(lang, err) }))}
              >
                {t('portfolio.history.more')}
              </Button>
            )}
          </section>
        </>
      )}

      <ConfirmModal
        open={cancelling !== null}
        title={t('portfolio.cancel')}
        failure={failure}
        busy={busy}
        keepLabel={t('portfolio.cancel.keep')}
        confirmLabel={t('portfolio.cancel')}
        action="cancel-confirm"
        onConfirm={() => void confirmCancel()}
        onClose={() => setCancelling(null)}
      >
        {cancelling &&
          t('portfolio.cancel.confirm', { side: t(cancelling.side === 'buy' ? 'common.buy' : 'common.sell').toLowerCase(), symbol: cancelling.symbol })}
      </ConfirmModal>
    </>
  );
}
