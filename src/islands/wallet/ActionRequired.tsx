// The wallet's "Action required" list: incoming offers (the sender's masked name, or the
// treasury's faucet offer named as test funds, the amount, its USD value and the time left) with
// Accept and Reject per row, and the user's own outgoing pending offers with Withdraw. Each list shows
// a page, largest amount first, with its total, and "Show more" loads its next page (the first new
// row then takes the focus, so a keyboard user goes on from where they were). Loading, empty and
// error (with Try again) states; every action refetches balance, offers and assets (the store).
import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../components/use-t';
import { formatCents, formatLedgerAmount } from '../../shared/format';
import { OFFERS_PAGE_SIZE, type OfferDirection } from '../../shared/schemas/send-rules';
import { counterpartyName } from '../../shared/transaction-labels';
import { $offerBusy, type OfferAction, type OffersState, type PendingOffer } from '../../stores/p2p';
import { timeLeft } from './offer-time';

export interface ActionRequiredProps {
  state: OffersState;
  onAction: (offer: PendingOffer, action: OfferAction) => void;
  onRetry: () => void;
  /** "Show more" of one list: loads its next page. */
  onMore?: (direction: OfferDirection) => void | Promise<unknown>;
  /** For the time left; injected by tests. */
  now?: number;
}

function OfferRow({ offer, onAction, now }: { offer: PendingOffer; onAction: ActionRequiredProps['onAction']; now: number }) {
  const t = useT();
  const busy = useStore($offerBusy);
  const name = counterpartyName(t, offer.counterpartyKind, offer.counterpartyName);
  const amount = formatLedgerAmount(offer.amount, 'CC');
  const left = timeLeft(offer.expiresAt, now);
  const mine = busy?.offerId === offer.offerId ? busy.action : null;
  const button = (action: OfferAction, variant: 'primary' | 'outline', label: string, aria: string) => (
    <Button
      size="sm"
      variant={variant}
      onClick={() => onAction(offer, action)}
      loading={mine === action}
      disabled={busy !== null}
      aria-label={aria}
      data-action={`offer-${action}`}
      className="min-h-11 sm:min-h-9"
    >
      {label}
    </Button>
  );
  return (
    <li
      tabIndex={-1}
      className="flex flex-col gap-3 px-5 py-4 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-blue-500 sm:flex-row sm:items-center sm:justify-between"
      data-offer={offer.direction}
      data-offer-kind={offer.counterpartyKind}
    >
      <div className="min-w-0">
        <p className="break-words font-medium text-gray-900" data-offer-name="">
          {offer.direction === 'incoming' ? t('wallet.offers.from', { name }) : t('wallet.offers.to', { name })}
        </p>
        <p className="mt-0.5 text-sm text-gray-600 tabular-nums">
          <span className="font-medium text-gray-900" data-offer-amount="">
            {amount}
          </span>
          <span aria-hidden="true"> · </span>
          <span data-offer-usd="">{formatCents(offer.amount_usd_cents)}</span>
          <span aria-hidden="true"> · </span>
          <span data-offer-left="">{t('wallet.offers.timeLeft', left)}</span>
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        {offer.direction === 'incoming' ? (
          <>
            {button('accept', 'primary', t('wallet.offers.accept'), t('wallet.offers.acceptLabel', { amount, name }))}
            {button('reject', 'outline', t('wallet.offers.reject'), t('wallet.offers.rejectLabel', { amount, name }))}
          </>
        ) : (
          button('withdraw', 'outline', t('wallet.offers.withdraw'), t('wallet.offers.withdrawLabel', { amount, name }))
        )}
      </div>
    </li>
  );
}

function OfferList({
  direction,
  state,
  onAction,
  onMore,
  now,
}: {
  direction: OfferDirection;
  state: OffersState;
  onAction: ActionRequiredProps['onAction'];
  onMore: ActionRequiredProps['onMore'];
  now: number;
}) {
  const t = useT();
  const list = useRef<HTMLUListElement>(null);
  /** The index of the first row "Show more" asked for: it takes the focus once rendered. */
  const focusRow = useRef<number | null>(null);
  const offers = state[direction];
  const total = Math.max(direction === 'incoming' ? state.incomingTotal : state.outgoingTotal, offers.length);
  useEffect(() => {
    const index = focusRow.current;
    if (index === null || offers.length <= index) return;
    focusRow.current = null;
    const row = list.current?.children[index];
    if (row instanceof HTMLElement) row.focus();
  }, [offers.length]);
  if (offers.length === 0) return null;
  const name = t(direction === 'incoming' ? 'wallet.offers.incoming' : 'wallet.offers.outgoing');
  const left = total - offers.length;
  function more() {
    // The first new row takes the focus (the button is gone once the list is whole).
    focusRow.current = offers.length;
    void onMore?.(direction);
  }
  return (
    <>
      <h3 className="bg-gray-50 px-5 py-2 text-sm font-medium text-gray-700">{`${name} (${total})`}</h3>
      <ul ref={list} className="divide-y divide-gray-100" aria-label={name}>
        {offers.map((offer) => (
          <OfferRow key={offer.offerId} offer={offer} onAction={onAction} now={now} />
        ))}
      </ul>
      {left > 0 && (
        <div
          className="flex flex-wrap items-center justify-between gap-3 border-t border-gray-100 px-5 py-3 text-sm text-gray-600"
          data-offers-more={direction}
        >
          <p aria-live="polite">{t('wallet.offers.shown', { count: offers.length, total })}</p>
          {onMore && (
            <Button
              size="sm"
              variant="outline"
              onClick={more}
              loading={state.more === direction}
              disabled={state.more !== null}
              aria-label={t('wallet.offers.showMoreLabel', { count: Math.min(OFFERS_PAGE_SIZE, left), list: name })}
              data-action={`offers-more-${direction}`}
              className="min-h-11 sm:min-h-9"
            >
              {t('wallet.offers.showMore')}
            </Button>
          )}
        </div>
      )}
    </>
  );
}

export function ActionRequired({ state, onAction, onRetry, onMore, now = Date.now() }: ActionRequiredProps) {
  const t = useT();
  let content;
  if (state.status === 'idle' || state.status === 'loading') {
    content = (
      <div className="flex items-center gap-3 px-5 py-6 text-sm text-gray-600" role="status" data-offers-state="loading">
        <Spinner size="sm" decorative />
        {t('wallet.offers.loading')}
      </div>
    );
  } else if (state.status === 'error') {
    content = (
      <div role="alert" className="px-5 py-6 text-sm" data-offers-state="error">
        <p className="text-gray-900">{t('wallet.offers.error')}</p>
        {state.error && <p className="mt-1 text-gray-600">{state.error}</p>}
        <Button className="mt-3" size="sm" variant="outline" onClick={onRetry} data-action="offers-retry">
          {t('common.retry')}
        </Button>
      </div>
    );
  } else if (state.incoming.length === 0 && state.outgoing.length === 0) {
    content = (
      <p className="px-5 py-6 text-sm text-gray-600" data-offers-state="empty">
        {t('wallet.offers.empty')}
      </p>
    );
  } else {
    content = (
      <div data-offers-state="ready">
        {(['incoming', 'outgoing'] as const).map((direction) => (
          <OfferList key={direction} direction={direction} state={state} onAction={onAction} onMore={onMore} now={now} />
        ))}
      </div>
    );
  }
  return (
    <section className="mt-6 overflow-hidden rounded-xl border border-gray-200 bg-white" aria-labelledby="wallet-offers" data-offers="">
      <h2 id="wallet-offers" className="border-b border-gray-200 px-5 py-4 text-lg font-semibold text-gray-900">
        {t('wallet.offers.title')}
      </h2>
      {content}
    </section>
  );
}
