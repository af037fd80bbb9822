// The 'New Transaction' modal: amount (1 to 50 USD, step 0.01), payment method (USDC or Apple Pay),
// wallet (required; 'Add new wallet' is not a choice to submit), destination Canton Coin (CC), and
// the simulated quote ('Getting quote...' for 1 s; for an amount outside 1-50 USD or one the fee
// would eat, the reason instead of a quote, and no Continue).
// Submitting calls no server: the form is checked and reset, and the message says that nothing was
// sent or charged. Loaded on demand.
import { useStore } from '@nanostores/react';
import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { useLang, useT } from '../../components/use-t';
import { api, unwrap } from '../../stores/api';
import { formatLedgerAmount, formatUsd } from '../../shared/format';
import { MIN_POSITIVE_NET_USD, QUOTE_REFUSAL_KEYS } from '../../shared/quote';
import {
  ADD_NEW_WALLET,
  AMOUNT_MAX_USD,
  AMOUNT_MIN_USD,
  ONRAMP_PROVIDERS,
  firstIssue,
  newTransactionFormSchema,
  onrampProviderKey,
} from '../../shared/validation';
import { walletLabel } from '../../shared/seeded-text';
import { $activeAccount } from '../../stores/account';
import { $lang } from '../../stores/lang';
import { toast } from '../../stores/toasts';
import { canSubmit, EMPTY_FORM, requestQuote, type NewTransactionFields, type QuoteState } from './new-transaction';

type WalletList = Awaited<ReturnType<typeof unwrap<Awaited<ReturnType<ReturnType<typeof api>['wallets'][':accountId']['$get']>>>>>;

const field =
  'mt-1 block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm text-gray-900 placeholder:text-gray-400 focus:border-gray-900 focus:outline-none focus:ring-2 focus:ring-gray-900/20';

export default function NewTransactionModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  const lang = useLang();
  const ids = { amount: useId(), provider: useId(), wallet: useId(), asset: useId(), quote: useId() };
  const active = useStore($activeAccount);
  const [form, setForm] = useState<NewTransactionFields>(EMPTY_FORM);
  const [quote, setQuote] = useState<QuoteState>({ status: 'none' });
  const [wallets, setWallets] = useState<WalletList | null>(null);
  const [done, setDone] = useState(false);
  const amountRef = useRef<HTMLInputElement>(null);

  // Says so in the language of the moment; a language change does not refetch.
  const walletsFailed = useEffectEvent(() => toast({ type: 'error', title: t('errors.fetchWallets') }));
  useEffect(() => {
    const accountId = active?.account_id;
    if (!accountId) {
      setWallets([]);
      return;
    }
    let live = true;
    unwrap(api().wallets[':accountId'].$get({ param: { accountId } })).then(
      (list) => live && setWallets(list.filter((w) => w.is_active)),
      (err: unknown) => {
        if (!live) return;
        console.error('Failed to fetch wallets', err instanceof Error ? err.message : err);
        setWallets([]);
        walletsFailed();
      },
    );
    return () => {
      live = false;
    };
  }, [active?.account_id]);

  // A new amount restarts the quote: cleared, or 'Getting quote...' then the quote after 1 s.
  useEffect(() => requestQuote(form.amount, setQuote, lang), [form.amount, lang]);

  const set = <K extends keyof NewTransactionFields>(key: K, value: NewTransactionFields[K]) => {
    setDone(false);
    setForm((f) => ({ ...f, [key]: value }));
  };

  const ready = quote.status === 'ready' ? quote.quote : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!canSubmit(form, ready)) return;
    const parsed = newTransactionFormSchema.safeParse(form);
    if (!parsed.success) {
      toast({ type: 'error', title: t('toast.invalidFormData'), description: firstIssue($lang.get(), parsed.error) });
      return;
    }
    // No server call: the form only resets.
    // The quote goes in the same render as the amount, so the old quote is never shown beside an empty form.
    setForm(EMPTY_FORM);
    setQuote({ status: 'none' });
    setDone(true);
    // The submit button is now disabled: keep focus in the form (Escape, then, still closes it).
    amountRef.current?.focus();
  }

  return (
    <Modal open onClose={onClose} title={t('transactions.new.title')}>
      <form onSubmit={submit} className="space-y-4" data-form="new-transaction">
        <div>
          <label htmlFor={ids.amount} className="text-sm font-medium text-gray-700">
            {t('transactions.new.amount')}
          </label>
          <input
            ref={amountRef}
            id={ids.amount}
            name="amount"
            type="number"
            inputMode="decimal"
            min={AMOUNT_MIN_USD}
            max={AMOUNT_MAX_USD}
            step="0.01"
            value={form.amount}
            onChange={(e) => set('amount', e.target.value)}
            placeholder={t('transactions.new.amountPlaceholder')}
            aria-describedby={ids.quote}
            aria-invalid={quote.status === 'refused' || undefined}
            className={field}
          />
        </div>
        <div>
          <label htmlFor={ids.provider} className="text-sm font-medium text-gray-700">
            {t('transactions.new.paymentMethod')}
          </label>
          <select
            id={ids.provider}
            name="onramp_provider"
            value={form.onramp_provider}
            onChange={(e) => set('onramp_provider', e.target.value as NewTransactionFields['onramp_provider'])}
            className={field}
          >
            {ONRAMP_PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {t(onrampProviderKey(p))}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.wallet} className="text-sm font-medium text-gray-700">
            {t('transactions.new.wallet')} *
          </label>
          <select
            id={ids.wallet}
            name="wallet_id"
            required
            value={form.wallet_id}
            onChange={(e) => set('wallet_id', e.target.value)}
            className={field}
            aria-busy={wallets === null || undefined}
          >
            <option value="">{wallets === null ? t('common.loading') : t('transactions.new.selectWallet')}</option>
            {(wallets ?? []).map((w) => (
              <option key={w.id} value={w.id}>
                {walletLabel(t, w)}
              </option>
            ))}
            <option value={ADD_NEW_WALLET}>{t('transactions.new.addWallet')}</option>
          </select>
        </div>
        <div>
          <label htmlFor={ids.asset} className="text-sm font-medium text-gray-700">
            {t('transactions.new.destinationAsset')}
          </label>
          <select id={ids.asset} name="destination_asset" value={form.destination_asset} onChange={() => {}} className={field}>
            <option value="cc">{t('transactions.new.asset.cc')}</option>
          </select>
        </div>

        <div id={ids.quote} aria-live="polite" className="min-h-[7.5rem] rounded-lg bg-gray-50 p-4 text-sm" data-quote={quote.status}>
          {quote.status === 'none' && <p className="text-gray-500">{t('transactions.new.quote.hint')}</p>}
          {quote.status === 'refused' && (
            <p className="text-red-700" data-quote-refused={quote.reason}>
              {t(QUOTE_REFUSAL_KEYS[quote.reason], { min: MIN_POSITIVE_NET_USD })}
            </p>
          )}
          {quote.status === 'loading' && (
            <p className="flex items-center gap-2 text-gray-600">
              <Spinner size="sm" decorative />
              {t('transactions.new.gettingQuote')}
            </p>
          )}
          {ready && (
            <dl className="space-y-1">
              <div className="flex justify-between gap-4">
                <dt className="text-gray-600">{t('transactions.new.quote.input')}</dt>
                <dd className="font-medium tabular-nums">{formatUsd(ready.input_amount_usd)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-gray-600">{t('transactions.new.quote.rate')}</dt>
                <dd className="tabular-nums">{ready.exchange_rate}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-gray-600">{t('transactions.new.quote.fees')}</dt>
                <dd className="tabular-nums">{formatUsd(ready.fees_usd)}</dd>
              </div>
              <div className="flex justify-between gap-4 border-t border-gray-200 pt-1">
                <dt className="font-medium text-gray-900">{t('transactions.new.quote.net')}</dt>
                <dd className="font-semibold tabular-nums" data-net="">
                  {formatLedgerAmount(ready.net_destination_amount, 'CC')}
                </dd>
              </div>
            </dl>
          )}
        </div>

        {done && (
          <p role="status" className="rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900">
            {t('transactions.new.reset')}
          </p>
        )}

        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!canSubmit(form, ready)}>
            {t('transactions.new.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
