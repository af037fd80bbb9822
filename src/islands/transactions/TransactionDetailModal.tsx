// The transaction detail, opened from a row or card, its id in the URL (?tx=) so that reload and
// back work: every field, the full hash with copy, the counterparty, the transfer offer with its
// status and times (the ledger keeps no other status history), amounts in USD and in the asset as
// exact decimals. A Modal (role=dialog, focus kept inside, Escape closes, focus returns to the
// row). Loaded on demand.
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../components/use-t';
import { formatCents, formatDate, formatDecimal } from '../../shared/format';
import { apiErrorText } from '../../shared/error-text';
import {
  counterpartyName,
  endedUnmoved,
  normalizeTransactionStatus,
  offerStatusKey,
  statusReasonKey,
  transactionStatusKey,
  transactionTypeKey,
} from '../../shared/transaction-labels';
import { $lang } from '../../stores/lang';
import { loadTransactionDetail, type TransactionDetail } from '../../stores/transactions';
import { toast } from '../../stores/toasts';
import { useCopied } from '../common/use-copied';
import { Glyph } from '../shell/icons';
import { transactionDescription } from '../../shared/seeded-text';

type State = { status: 'loading' } | { status: 'ready'; tx: TransactionDetail } | { status: 'error'; message: string };

/** A ledger amount in full (its 10 decimals, trailing zeros after the cents dropped): exact, not rounded. */
const exactAsset = (amount: string) => formatDecimal(amount, 10, 2);

function Field({ label, children, mono = false }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="grid grid-cols-1 gap-0.5 py-2 sm:grid-cols-3 sm:gap-3">
      <dt className="text-sm text-gray-500">{label}</dt>
      <dd className={mono ? 'break-all font-mono text-xs text-gray-900 sm:col-span-2' : 'text-sm text-gray-900 sm:col-span-2'}>{children}</dd>
    </div>
  );
}

export default function TransactionDetailModal({ id, onClose }: { id: string; onClose: () => void }) {
  const t = useT();
  const [state, setState] = useState<State>({ status: 'loading' });
  // Bumped by Try again: the effect below loads the detail again.
  const [attempt, setAttempt] = useState(0);
  const { copiedKey, copy } = useCopied();

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    loadTransactionDetail(id).then(
      (tx) => live && setState({ status: 'ready', tx }),
      (err) => live && setState({ status: 'error', message: apiErrorText($lang.get(), err, 'transactions.detail.loadFailed') }),
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);

  async function copyHash(hash: string) {
    try {
      await copy(hash, 'detail');
      toast({ type: 'success', title: t('toast.hashCopied.title'), description: hash, duration: 3000 });
    } catch {
      toast({ type: 'error', title: t('toast.copyHashFailed.title'), description: t('toast.copyHashFailed.description') });
    }
  }

  const none = <span className="text-gray-400">-</span>;
  let body: ReactNode;
  if (state.status === 'loading') {
    body = (
      <div className="flex justify-center py-8">
        <Spinner />
      </div>
    );
  } else if (state.status === 'error') {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3 py-4">
        <p role="alert" className="text-sm text-red-700">
          {state.message}
        </p>
        <Button variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
          {t('common.retry')}
        </Button>
      </div>
    );
  } else {
    const tx = state.tx;
    const typeKey = transactionTypeKey(tx.type);
    const offer = tx.offer ?? null;
    const name = counterpartyName(t, tx.counterparty_kind, tx.counterparty_name);
    const statusNow = normalizeTransactionStatus(tx.status);
    // A transfer that ended without moving money says why in words (as the list does), not "Failed".
    const reasonKey = endedUnmoved(tx.status) ? statusReasonKey(tx.status_reason) : null;
    const statusText = t(reasonKey ?? transactionStatusKey(statusNow));
    // The side of a transfer that ended without moving money is an offer that went nowhere, not money sent or received.
    const sideKey = endedUnmoved(tx.status)
      ? tx.direction === 'sent'
        ? 'transactions.direction.offerOut'
        : 'transactions.direction.offerIn'
      : tx.direction === 'sent'
        ? 'transactions.direction.out'
        : 'transactions.direction.in';
    body = (
      <div data-detail="transaction">
        <dl className="divide-y divide-gray-100">
          <Field label={t('transactions.detail.id')} mono>
            {tx.id}
          </Field>
          <Field label={t('transactions.column.type')}>{typeKey ? t(typeKey) : tx.type}</Field>
          <Field label={t('transactions.column.status')}>
            <span data-detail-status={tx.status} data-detail-reason={reasonKey ? (tx.status_reason ?? undefined) : undefined}>
              {statusText}
            </span>
          </Field>
          <Field label={t('transactions.detail.amountUsd')}>
            <span data-detail-usd="" className="tabular-nums">
              {formatCents(tx.amount_usd)}
            </span>
          </Field>
          {tx.asset_amount !== null && (
            <Field label={t('transactions.detail.amountAsset', { asset: tx.asset })}>
              <span data-detail-asset-amount="" className="tabular-nums">
                {exactAsset(tx.asset_amount)} {tx.asset}
              </span>
            </Field>
          )}
          <Field label={t('transactions.column.asset')}>{tx.asset}</Field>
          <Field label={t('transactions.column.network')}>{tx.network}</Field>
          <Field label={t('transactions.detail.hash')} mono>
            {tx.tx_hash ? (
              <span className="flex items-start gap-2">
                <span data-detail-hash="">{tx.tx_hash}</span>
                <button
                  type="button"
                  onClick={() => void copyHash(tx.tx_hash!)}
                  aria-label={copiedKey === 'detail' ? t('common.copied') : t('transactions.copyHash')}
                  className="inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900"
                >
                  {copiedKey === 'detail' ? <Glyph name="check" className="h-4 w-4" /> : <Glyph name="copy" className="h-4 w-4" />}
                </button>
              </span>
            ) : (
              none
            )}
          </Field>
          {tx.direction && (
            <Field label={t('transactions.detail.direction')}>
              <span data-detail-direction={tx.direction}>{t(sideKey)}</span>
            </Field>
          )}
          {name && (
            <Field label={t('transactions.detail.counterpartyName')}>
              <span data-detail-counterparty-name="">{name}</span>
            </Field>
          )}
          <Field label={t('transactions.detail.counterparty')} mono>
            {tx.counterparty ? <span data-detail-counterparty="">{tx.counterparty}</span> : none}
          </Field>
          <Field label={t('transactions.detail.description')}>{tx.description == null ? none : transactionDescription(t, tx.description)}</Field>
          <Field label={t('transactions.detail.wallet')} mono>
            {tx.wallet_id ?? none}
          </Field>
        </dl>
        <h3 className="mt-4 text-sm font-semibold text-gray-900">{t('transactions.detail.history')}</h3>
        <ol className="mt-2 space-y-1 text-sm text-gray-700" data-detail-history="">
          {offer ? (
            <>
              <li>
                {t('transactions.detail.offer.offered')}: {formatDate(offer.createdAt)}
              </li>
              <li>
                {t(offerStatusKey(offer.status))}
                {offer.settledAt ? `: ${formatDate(offer.settledAt)}` : ` (${t('transactions.detail.offer.expires')} ${formatDate(offer.expiresAt)})`}
              </li>
            </>
          ) : (
            <>
              <li>
                {t('transactions.detail.created')}: {formatDate(tx.created_at)}
              </li>
              <li>
                {statusText}: {formatDate(tx.updated_at)}
              </li>
            </>
          )}
        </ol>
        {offer && (
          <>
            <h3 className="mt-4 text-sm font-semibold text-gray-900">{t('transactions.detail.offer')}</h3>
            <dl className="divide-y divide-gray-100" data-detail-offer={offer.status}>
              <Field label={t('transactions.detail.offer.id')} mono>
                {offer.offerId}
              </Field>
              <Field label={t('transactions.detail.offer.sender')} mono>
                {offer.senderPartyId}
              </Field>
              <Field label={t('transactions.detail.offer.receiver')} mono>
                {offer.receiverPartyId}
              </Field>
              <Field label={t('transactions.column.amount')}>
                {exactAsset(offer.amount)} {offer.instrument}
              </Field>
              <Field label={t('transactions.detail.offer.expires')}>{formatDate(offer.expiresAt)}</Field>
            </dl>
          </>
        )}
        <p className="mt-4 text-xs text-gray-500">
          {t('transactions.detail.created')}: {formatDate(tx.created_at)} · {t('transactions.detail.updated')}: {formatDate(tx.updated_at)}
        </p>
      </div>
    );
  }

  return (
    <Modal open onClose={onClose} title={t('transactions.detail.title')} size="lg">
      {body}
    </Modal>
  );
}
