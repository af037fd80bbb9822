// The order ticket, one dialog for Buy and Sell of a stock or ETF (loaded on demand): side, amount in
// dollars or shares (market) or shares and a limit price (limit), time in force -> a review with the
// estimates (shares, price, cost or proceeds, the 5% collar of a market buy, fees even at $0.00,
// buying power after; "executes at the open" with the next open in the person's time zone while the
// market is closed) -> submit (one client_order_id per review: a double press or a retry places one
// order) -> the order's status, read until it is closed -> the fill's receipt. A refused call says why
// in place, in the person's language, and keeps what was typed. "Sell all" sells the position's
// available shares. Without an open brokerage account the ticket says so and links to it. The logic
// is in src/stores/trade.ts.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { cx } from '../../components/cx';
import { Modal } from '../../components/Modal';
import { useSeededStore, useTimeZone } from '../../components/page-seed-context';
import { useLang, useT } from '../../components/use-t';
import type { TranslationKey } from '../../i18n';
import { apiErrorText } from '../../shared/error-text';
import { formatCents, formatDate, formatDecimal, formatPrice } from '../../shared/format';
import { compareDecimals, parseDecimal } from '../../shared/decimal';
import type { MarketClock } from '../../shared/schemas/brokerage';
import type { Order, Position } from '../../shared/schemas/order';
import { $activeAccount } from '../../stores/account';
import { $brokerage, loadBrokerage, loadMarketClock } from '../../stores/brokerage';
import { refreshAfterTrade } from '../../stores/portfolio';
import { FigureRows } from '../common/FigureRows';
import {
  draftOf,
  isClosed,
  placeOrder,
  reviewOf,
  sellAll,
  watchOrder,
  type OrderReview,
  type TicketErrors,
  type TicketForm,
  type TicketMode,
} from '../../stores/trade';

const FIELD =
  'mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-base text-gray-900 focus:border-gray-900 focus:outline-none focus:ring-2 focus:ring-gray-900/20 aria-[invalid=true]:border-red-600';
const CHOICE =
  'flex min-h-11 items-center gap-2 rounded-lg border border-gray-300 px-3 text-sm text-gray-800 has-[:checked]:border-gray-900 has-[:checked]:bg-gray-50';
const MODES: TicketMode[] = ['notional', 'qty', 'limit'];

export interface OrderTicketProps {
  symbol: string;
  side: 'buy' | 'sell';
  /** The asset's price now (its market row), null when there is none. */
  price: string | number | null;
  /** The position in `symbol`, null when none is held. */
  position: Position | null;
  onClose: () => void;
  /** Called after an order was placed or changed (the page reads its figures again). */
  onTraded?: () => void;
}

function Alert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {children}
    </p>
  );
}

/** The order's status and, once filled, its receipt. */
function OrderStatus({ order }: { order: Order }) {
  const t = useT();
  const zone = useTimeZone();
  return (
    <div className="space-y-3" data-testid="order-status" data-status={order.status}>
      <p role="status" aria-live="polite" className="text-sm font-medium text-gray-900">
        {t('trade.status.title')}: {t(`trade.status.${order.status}` as TranslationKey)}
      </p>
      {order.status === 'filled' ? (
        <section aria-label={t('trade.receipt.title')} data-testid="order-receipt">
          <h3 className="text-base font-semibold text-gray-900">{t('trade.receipt.title')}</h3>
          <FigureRows
            rows={[
              [t('trade.receipt.qty'), formatDecimal(order.filled_qty, 6)],
              [t('trade.receipt.price'), formatPrice(order.filled_avg_price)],
              [t('trade.review.fee'), formatCents(order.fee_cents)],
              [t('trade.receipt.total'), formatCents(order.filled_cents), 'receipt-total'],
              [t('trade.receipt.time'), formatDate(order.filled_at, { timeZone: zone })],
            ]}
          />
        </section>
      ) : (
        !isClosed(order) && <p className="text-sm text-gray-600">{t('trade.status.live')}</p>
      )}
    </div>
  );
}

export default function OrderTicket({ symbol, side: initialSide, price, position, onClose, onTraded }: OrderTicketProps) {
  const t = useT();
  const lang = useLang();
  const zone = useTimeZone();
  const base = useId();
  const brokerage = useStore($brokerage);
  const active = useSeededStore($activeAccount, (seed) => seed.activeAccount);
  const accountId = active?.account_id ?? null;
  const [clock, setClock] = useState<MarketClock | null>(null);
  const [form, setForm] = useState<TicketForm>({ side: initialSide, mode: 'notional', amount: '', limit: '', time_in_force: 'day' });
  const [errors, setErrors] = useState<TicketErrors>({});
  const [review, setReview] = useState<OrderReview | null>(null);
  const [order, setOrder] = useState<Order | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmSellAll, setConfirmSellAll] = useState(false);

  useEffect(() => {
    if (brokerage.status === 'idle' && accountId) loadBrokerage(accountId).catch((err: unknown) => setFailure(apiErrorText(lang, err)));
  }, [brokerage.status, accountId, lang]);
  useEffect(() => {
    loadMarketClock().then(setClock, () => undefined);
  }, []);
  // An open order is read until it closes; each change refreshes the page's figures.
  const orderId = order?.id;
  const orderOpen = order ? !isClosed(order) : false;
  useEffect(() => {
    if (!accountId || !order || !orderOpen) return;
    return watchOrder(accountId, order, (next) => {
      setOrder(next);
      if (isClosed(next)) void refreshAfterTrade(accountId).finally(() => onTraded?.());
    });
    // Watch once per placed order, not per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the watch starts from the placed order and feeds itself
  }, [accountId, orderId, orderOpen]);

  const set = <K extends keyof TicketForm>(field: K, value: TicketForm[K]) => {
    setForm((f) => ({ ...f, [field]: value, ...(field === 'mode' && value === 'notional' ? { time_in_force: 'day' as const } : {}) }));
    setErrors({});
    setFailure(null);
  };
  const account = brokerage.status === 'idle' ? null : brokerage;
  const canTrade = account?.status === 'active' && !account.trading_blocked;
  const priceText = price == null ? null : String(price);
  const available = position ? parseDecimal(position.qty_available) : null;
  const title = t(form.side === 'buy' ? 'trade.title.buy' : 'trade.title.sell', { symbol });

  function toReview(e: FormEvent) {
    e.preventDefault();
    if (!account || !priceText) return;
    const drafted = draftOf(form, lang);
    if ('errors' in drafted) {
      setErrors(drafted.errors);
      document.getElementById(`${base}-${drafted.errors.amount ? 'amount' : 'limit'}`)?.focus();
      return;
    }
    const next = reviewOf(symbol, drafted.draft, priceText, BigInt(account.buying_power_cents));
    if (form.side === 'sell' && available && compareDecimals(parseDecimal(next.qty)!, available) > 0) {
      setErrors({ amount: 'trade.error.tooMany' });
      return;
    }
    setReview(next);
  }

  async function run(place: () => Promise<Order>) {
    if (!accountId) return;
    setBusy(true);
    setFailure(null);
    try {
      const placed = await place();
      setOrder(placed);
      await refreshAfterTrade(accountId).catch(() => undefined);
      onTraded?.();
    } catch (err) {
      setFailure(apiErrorText(lang, err));
    } finally {
      setBusy(false);
      setConfirmSellAll(false);
    }
  }

  const marketClosed = clock ? !clock.is_open : false;
  const nextOpen = clock ? formatDate(clock.next_open, { timeZone: zone }) : '';
  const buy = form.side === 'buy';

  let body: ReactNode;
  let footer: ReactNode;
  if (!account) {
    body = failure ? <Alert>{failure}</Alert> : <p className="text-sm text-gray-600">{t('common.loading')}</p>;
  } else if (!canTrade) {
    body = (
      <section aria-labelledby={`${base}-no-account`} data-testid="ticket-no-account">
        <h3 id={`${base}-no-account`} className="text-base font-semibold text-gray-900">
          {t('trade.noAccount.title')}
        </h3>
        <p className="mt-2 text-sm text-gray-700">{t('trade.noAccount.body')}</p>
        <a
          href="/accounts/brokerage"
          className="mt-4 inline-flex min-h-11 items-center justify-center rounded-lg bg-gray-900 px-4 text-sm font-semibold text-white hover:bg-gray-800"
        >
          {t('trade.noAccount.link')}
        </a>
      </section>
    );
  } else if (order) {
    body = <OrderStatus order={order} />;
    footer = <Button onClick={onClose}>{t('common.close')}</Button>;
  } else if (review) {
    const limit = review.order.type === 'limit';
    body = (
      <div className="space-y-3" data-testid="order-review">
        <h3 className="text-base font-semibold text-gray-900">{t('trade.review.title')}</h3>
        {failure && <Alert>{failure}</Alert>}
        {review.short && <Alert>{t('order.error.buyingPower')}</Alert>}
        <FigureRows
          rows={[
            [t('trade.review.qty'), formatDecimal(review.qty, 6), 'review-qty'],
            [t(limit ? 'trade.review.limitPrice' : 'trade.review.price'), formatPrice(review.price)],
            [t(buy ? 'trade.review.cost' : 'trade.review.proceeds'), formatCents(review.cents), 'review-cents'],
            [t('trade.review.fee'), formatCents(review.feeCents), 'review-fee'],
            [t('trade.review.buyingPowerAfter'), formatCents(review.buyingPowerAfterCents)],
          ]}
        />
        {review.collar && <p className="text-sm text-gray-600">{t('trade.review.collar', { price: formatPrice(review.collar) })}</p>}
        {limit && <p className="text-sm text-gray-600">{t('trade.review.limitWait')}</p>}
        {!limit && marketClosed && (
          <p className="text-sm font-medium text-gray-900" data-testid="review-at-open">
            {t('trade.review.atOpen', { time: nextOpen })}
          </p>
        )}
      </div>
    );
    footer = (
      <>
        <Button variant="outline" onClick={() => setReview(null)} disabled={busy}>
          {t('trade.edit')}
        </Button>
        <Button
          variant={buy ? 'secondary' : 'primary'}
          loading={busy}
          disabled={review.short}
          onClick={() => void run(() => placeOrder(accountId!, review))}
          data-action="place-order"
        >
          {t(buy ? 'trade.submit.buy' : 'trade.submit.sell')}
        </Button>
      </>
    );
  } else {
    const id = (field: string) => `${base}-${field}`;
    const errorOf = (field: 'amount' | 'limit') =>
      errors[field] ? (
        <p id={`${id(field)}-error`} className="mt-1 text-sm text-red-700">
          {t(errors[field], { qty: position ? formatDecimal(position.qty_available, 6) : '0' })}
        </p>
      ) : null;
    const input = (field: 'amount' | 'limit', label: TranslationKey) => (
      <div>
        <label htmlFor={id(field)} className="text-sm font-medium text-gray-700">
          {t(label)}
        </label>
        <input
          id={id(field)}
          inputMode="decimal"
          autoComplete="off"
          value={form[field]}
          onChange={(e) => set(field, e.target.value)}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={errors[field] ? `${id(field)}-error` : undefined}
          className={FIELD}
          data-field={field}
        />
        {errorOf(field)}
      </div>
    );
    body = (
      <form id={id('form')} onSubmit={toReview} noValidate className="space-y-4">
        {failure && <Alert>{failure}</Alert>}
        <fieldset>
          <legend className="text-sm font-medium text-gray-700">{t('trade.side')}</legend>
          <div className="mt-1 grid grid-cols-2 gap-2">
            {(['buy', 'sell'] as const).map((s) => (
              <label key={s} className={CHOICE}>
                <input
                  type="radio"
                  name={id('side')}
                  checked={form.side === s}
                  disabled={s === 'sell' && !(available && available.units > 0n)}
                  onChange={() => set('side', s)}
                />
                {t(s === 'buy' ? 'common.buy' : 'common.sell')}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-gray-700">{t('trade.mode')}</legend>
          <div className="mt-1 grid gap-2 sm:grid-cols-3">
            {MODES.map((m) => (
              <label key={m} className={CHOICE}>
                <input type="radio" name={id('mode')} value={m} checked={form.mode === m} onChange={() => set('mode', m)} />
                {t(`trade.mode.${m}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {input('amount', form.mode === 'notional' ? 'trade.amount.notional' : 'trade.amount.qty')}
        {form.mode === 'limit' && input('limit', 'trade.limit')}
        <fieldset>
          <legend className="text-sm font-medium text-gray-700">{t('trade.tif')}</legend>
          <div className="mt-1 grid gap-2 sm:grid-cols-2">
            {(['day', 'gtc'] as const).map((tif) => (
              <label key={tif} className={cx(CHOICE, tif === 'gtc' && form.mode === 'notional' && 'opacity-60')}>
                <input
                  type="radio"
                  name={id('tif')}
                  checked={form.time_in_force === tif}
                  disabled={tif === 'gtc' && form.mode === 'notional'}
                  onChange={() => set('time_in_force', tif)}
                />
                {t(`trade.tif.${tif}`)}
              </label>
            ))}
          </div>
          <p className="mt-1 text-xs text-gray-500">{t('trade.tif.dayOnly')}</p>
        </fieldset>
        <div className="text-sm text-gray-700">
          {priceText ? <p>{t('trade.price', { price: formatPrice(priceText) })}</p> : <Alert>{t('trade.error.noPrice')}</Alert>}
          <p>
            {buy
              ? t('trade.buyingPower', { amount: formatCents(account.buying_power_cents) })
              : t('trade.available', { qty: formatDecimal(position?.qty_available ?? '0', 6) })}
          </p>
        </div>
        {!buy && position && available && available.units > 0n && (
          <div className="rounded-lg bg-gray-50 p-3">
            {confirmSellAll ? (
              <div className="space-y-2">
                <p className="text-sm text-gray-900">{t('trade.sellAll.confirm', { qty: formatDecimal(position.qty_available, 6), symbol })}</p>
                <div className="flex gap-2">
                  <Button size="sm" variant="outline" onClick={() => setConfirmSellAll(false)} disabled={busy}>
                    {t('common.cancel')}
                  </Button>
                  <Button size="sm" loading={busy} onClick={() => void run(() => sellAll(accountId!, symbol))} data-action="sell-all-confirm">
                    {t('trade.sellAll')}
                  </Button>
                </div>
              </div>
            ) : (
              <Button size="sm" variant="outline" onClick={() => setConfirmSellAll(true)} data-action="sell-all">
                {t('trade.sellAll')}
              </Button>
            )}
          </div>
        )}
      </form>
    );
    footer = (
      <>
        <Button variant="outline" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" form={id('form')} disabled={!priceText} data-action="review-order">
          {t('trade.review')}
        </Button>
      </>
    );
  }

  return (
    <Modal open onClose={onClose} closeBlocked={busy} size="md" title={title} description={t('trade.simulated')} footer={footer}>
      {body}
    </Modal>
  );
}
