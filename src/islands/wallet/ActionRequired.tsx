// The wallet's "Action required" list (issue 17): incoming offers (the sender's masked name, or the
// treasury's faucet offer named as test funds, the amount, its USD value and the time left) with
// Accept and Reject per row, and the user's own outgoing pending offers with Withdraw. Loading, empty
// and error (with Try again) states; every action refetches balance, offers and assets (the store).
import { useStore } from '@nanostores/react';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../components/use-t';
import { formatCents, formatLedgerAmount } from '../../shared/format';
import { $offerBusy, type OfferAction, type OffersState, type PendingOffer } from '../../stores/p2p';
import { timeLeft } from './send-form';

export interface ActionRequiredProps {
  state: OffersState;
  onAction: (offer: PendingOffer, action: OfferAction) => void;
  onRetry: () => void;
  /** For the time left; injected by tests. */
  now?: number;
}

function OfferRow({ offer, onAction, now }: { offer: PendingOffer; onAction: ActionRequiredProps['onAction']; now: number }) {
  const t = useT();
  const busy = useStore($offerBusy);
  const name = offer.counterpartyKind === 'treasury' ? t('wallet.offers.treasury') : offer.counterpartyName;
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
    <li className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between" data-offer={offer.direction} data-offer-kind={offer.counterpartyKind}>
      <div className="min-w-0">
        <p className="break-words font-medium text-gray-900" data-offer-name="">
          {offer.direction === 'incoming' ? t('wallet.offers.from', { name }) : t('wallet.offers.to', { name })}
        </p>
        <p className="mt-0.5 text-sm text-gray-600 tabular-nums">
          <span className="font-medium text-gray-900" data-offer-amount="">{amount}</span>
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

export function ActionRequired({ state, onAction, onRetry, now = Date.now() }: ActionRequiredProps) {
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
        {state.incoming.length > 0 && (
          <>
            <h3 className="bg-gray-50 px-5 py-2 text-sm font-medium text-gray-700">{t('wallet.offers.incoming')}</h3>
            <ul className="divide-y divide-gray-100" aria-label={t('wallet.offers.incoming')}>
              {state.incoming.map((offer) => (
                <OfferRow key={offer.offerId} offer={offer} onAction={onAction} now={now} />
              ))}
            </ul>
          </>
        )}
        {state.outgoing.length > 0 && (
          <>
            <h3 className="bg-gray-50 px-5 py-2 text-sm font-medium text-gray-700">{t('wallet.offers.outgoing')}</h3>
            <ul className="divide-y divide-gray-100" aria-label={t('wallet.offers.outgoing')}>
              {state.outgoing.map((offer) => (
                <OfferRow key={offer.offerId} offer={offer} onAction={onAction} now={now} />
              ))}
            </ul>
          </>
        )}
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
