// The 'New Transaction' modal: buying Canton Coin with USD. Amount (1 to 50 USD, step 0.01), payment
// method (USDC or Apple Pay, simulated; or the USD balance, with its available dollars beside it,
// offered when the account's USD account is open and disabled with the reason when it does not
// cover the amount), a Canton wallet (required; 'Add new wallet' is not a choice to
// submit), destination CC. While typing: 'Getting quote...' for 1 s, then the server's indicative quote
// (or the reason there is none). Continue locks it (a quote id, its figures, a 30 s countdown);
// Confirm executes it once (one Idempotency-Key per intent), or, once it lapsed, 'Get a new quote'
// locks another. The receipt shows the US Remittance Rule's disclosures. A person whose identity is
// not verified is pointed to verification instead. Loaded on demand.
import { useStore } from '@nanostores/react';
import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { useLang, useT } from '../../components/use-t';
import { htmlLang } from '../../i18n';
import { idempotencyKey } from '../../lib/idempotency';
import { apiErrorText } from '../../shared/error-text';
import { formatCents, formatDate, formatDecimal, formatLedgerAmount, formatPrice } from '../../shared/format';
import { kycState } from '../../shared/kyc';
import { MIN_POSITIVE_NET_USD, QUOTE_REFUSAL_KEYS, quoteAmount } from '../../shared/quote';
import { walletLabel } from '../../shared/seeded-text';
import { ADD_NEW_WALLET, AMOUNT_MAX_USD, AMOUNT_MIN_USD, ONRAMP_PROVIDERS, onrampProviderKey } from '../../shared/transaction-labels';
import { $activeAccount, $kyc } from '../../stores/account';
import { api, unwrap } from '../../stores/api';
import { toast } from '../../stores/toasts';
import {
  balanceCovers,
  canSubmit,
  countdownAnnouncement,
  EMPTY_FORM,
  executeQuote,
  fetchUsdAvailable,
  lockQuote,
  requestQuote,
  secondsLeft,
  type LockedQuote,
  type NewTransactionFields,
  type QuoteReceipt,
  type QuoteState,
} from './new-transaction';

type WalletList = Awaited<ReturnType<typeof unwrap<Awaited<ReturnType<ReturnType<typeof api>['wallets'][':accountId']['$get']>>>>>;

const field =
  'mt-1 block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm text-gray-900 placeholder:text-gray-400 focus:border-gray-900 focus:outline-none focus:ring-2 focus:ring-gray-900/20';

/** The identity verification page (Settings › Identity). */
const VERIFY_HREF = '/settings/identity';

function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-gray-200 pt-1' : ''}`}>
      <dt className={strong ? 'font-medium text-gray-900' : 'text-gray-600'}>{label}</dt>
      <dd className={`text-right tabular-nums ${strong ? 'font-semibold' : ''}`}>{children}</dd>
    </div>
  );
}

const rateText = (rate: string) => `${formatDecimal(rate, 4)} CC/USD`;

export default function NewTransactionModal({ onClose, onExecuted }: { onClose: () => void; onExecuted?: () => void }) {
  const t = useT();
  const lang = useLang();
  const ids = { amount: useId(), provider: useId(), balance: useId(), wallet: useId(), asset: useId(), quote: useId() };
  const active = useStore($activeAccount);
  const kyc = useStore($kyc);
  const [form, setForm] = useState<NewTransactionFields>(EMPTY_FORM);
  const [quote, setQuote] = useState<QuoteState>({ status: 'none' });
  const [wallets, setWallets] = useState<WalletList | null>(null);
  // The USD balance's available cents; null: no open USD account (or not read), the method is not offered.
  const [usdAvailable, setUsdAvailable] = useState<number | null>(null);
  const [locked, setLocked] = useState<{ quote: LockedQuote; key: string } | null>(null);
  const [receipt, setReceipt] = useState<QuoteReceipt | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusedIdentity, setRefusedIdentity] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const amountRef = useRef<HTMLInputElement>(null);
  const viewRef = useRef<HTMLDivElement>(null);
  // Known not to be verified (a profile read, or the server's refusal); unknown still may continue.
  const unverified = refusedIdentity || (kyc !== null && kycState(kyc.status) !== 'approved');

  // Says so in the language of the moment; a language change does not refetch.
  const walletsFailed = useEffectEvent(() => toast({ type: 'error', title: t('errors.fetchWallets') }));
  useEffect(() => {
    const accountId = active?.account_id;
    if (!accountId) {
      setWallets([]);
      return;
    }
    let live = true;
    fetchUsdAvailable(accountId).then(
      (available) => live && setUsdAvailable(available),
      (err: unknown) => {
        console.error('Failed to fetch the USD account', err instanceof Error ? err.message : err);
        if (live) setUsdAvailable(null);
      },
    );
    unwrap(api().wallets[':accountId'].$get({ param: { accountId } })).then(
      // Only a Canton wallet with a party can receive CC.
      (list) => live && setWallets(list.filter((w) => w.is_active && w.chain === 'canton' && w.address)),
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

  // A new amount restarts the quote: cleared, or 'Getting quote...' then the server's quote after 1 s.
  useEffect(() => requestQuote(form.amount, setQuote, lang), [form.amount, lang]);

  // The locked quote's countdown: a tick a second while it runs.
  const expiresAt = locked?.quote.expires_at;
  useEffect(() => {
    if (!expiresAt) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);

  const viewKey = receipt ? 'receipt' : (locked?.quote.id ?? 'form');
  const firstView = useRef(true);
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    viewRef.current?.focus();
  }, [viewKey]);

  const set = <K extends keyof NewTransactionFields>(key: K, value: NewTransactionFields[K]) => setForm((f) => ({ ...f, [key]: value }));
  const ready = quote.status === 'ready' ? quote.quote : null;
  const typed = quoteAmount(form.amount, htmlLang(lang));
  // The USD balance is offered (usdAvailable set) but does not cover the amount typed.
  const balanceShort = usdAvailable !== null && !balanceCovers(typed.ok ? typed.amount_usd : null, usdAvailable);
  const submittable = canSubmit(form, ready, usdAvailable);

  const failed = (err: unknown) => {
    if (err && typeof err === 'object' && 'code' in err && err.code === 'identity_not_verified') setRefusedIdentity(true);
    toast({ type: 'error', title: t('quote.failed'), description: apiErrorText(lang, err) });
  };

  // Continue and 'Get a new quote': lock the form's amount; a new lock is a new intent (a new key).
  async function lock() {
    setBusy(true);
    try {
      setLocked({ quote: await lockQuote(form, lang), key: idempotencyKey() });
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!submittable || unverified) return;
    void lock();
  }

  // Confirm: the same key on every try of this intent, and on a retry after a failure.
  async function confirm() {
    if (!locked) return;
    setBusy(true);
    try {
      setReceipt(await executeQuote(locked.quote.id, locked.key));
      onExecuted?.();
    } catch (err) {
      if (err && typeof err === 'object' && 'code' in err && err.code === 'quote_expired') setNow(Date.parse(locked.quote.expires_at));
      failed(err);
    } finally {
      setBusy(false);
    }
  }

  const verifyInstead = (
    <div className="rounded-lg border border-yellow-200 bg-yellow-50 px-3 py-2 text-sm text-yellow-900" data-verify="">
      {/* The message is the live region (read when it appears); the link beside it is not announced twice. */}
      <p role="status">{t('quote.verifyFirst')}</p>
      <a href={VERIFY_HREF} className="mt-1 inline-block font-medium underline">
        {t('quote.verifyLink')}
      </a>
    </div>
  );

  // One dialog for the form, the locked quote and the receipt: when the view changes (its button
  // gone), focus moves to the new view, so the keyboard and Escape keep working inside the dialog.
  const view = (title: string, body: ReactNode) => (
    <Modal open onClose={onClose} title={title}>
      <div ref={viewRef} tabIndex={-1} className="outline-none">
        {body}
      </div>
    </Modal>
  );

  // A simulated rail says so; the USD balance is the person's own dollars.
  const provider = (p: LockedQuote['onramp_provider']) =>
    p === 'usd_balance' ? t(onrampProviderKey(p)) : `${t(onrampProviderKey(p))} (${t('quote.simulated')})`;

  if (receipt) {
    const wallet = wallets?.find((w) => w.id === receipt.wallet_id);
    return view(
      t('quote.receipt.title'),
      <div className="space-y-4 text-sm" data-receipt={receipt.quote_id}>
        <dl className="space-y-1 rounded-lg bg-gray-50 p-4">
          <Row label={t('quote.receipt.amountPaid')}>{formatPrice(receipt.amount_paid_usd)}</Row>
          <Row label={t('quote.receipt.fees')}>{formatPrice(receipt.fees_usd)}</Row>
          <Row label={t('quote.receipt.rate')}>{rateText(receipt.exchange_rate)}</Row>
          <Row label={t('quote.receipt.received')} strong>
            <span data-received="">{formatLedgerAmount(receipt.amount_received, receipt.destination_asset)}</span>
          </Row>
          <Row label={t('quote.receipt.wallet')}>{wallet ? walletLabel(t, wallet) : receipt.wallet_id}</Row>
          <Row label={t('quote.receipt.available')}>{t('quote.receipt.availableNow', { time: formatDate(receipt.funds_available_at) })}</Row>
          <Row label={t('quote.receipt.method')}>{provider(receipt.onramp_provider)}</Row>
          <Row label={t('quote.receipt.transaction')}>
            <span className="break-all font-mono text-xs">{receipt.transaction_id}</span>
          </Row>
        </dl>
        <p className="text-xs text-gray-600">{t('quote.receipt.rights')}</p>
        <div className="flex justify-end">
          <Button onClick={onClose}>{t('quote.receipt.done')}</Button>
        </div>
      </div>,
    );
  }

  if (locked) {
    const q = locked.quote;
    const left = secondsLeft(q.expires_at, now);
    const said = countdownAnnouncement(left, secondsLeft(q.expires_at, Date.parse(q.created_at)));
    return view(
      t('transactions.new.title'),
      <div className="space-y-4 text-sm" data-locked-quote={q.id}>
        <dl className="space-y-1 rounded-lg bg-gray-50 p-4">
          <Row label={t('quote.id')}>
            <span className="break-all font-mono text-xs">{q.id}</span>
          </Row>
          <Row label={t('transactions.new.quote.input')}>{formatPrice(q.input_amount_usd)}</Row>
          <Row label={t('quote.price')}>{formatPrice(q.price_usd)}</Row>
          <Row label={t('transactions.new.quote.rate')}>{rateText(q.exchange_rate)}</Row>
          <Row label={t('transactions.new.quote.fees')}>{formatPrice(q.fees_usd)}</Row>
          <Row label={t('transactions.new.paymentMethod')}>{provider(q.onramp_provider)}</Row>
          <Row label={t('transactions.new.quote.net')} strong>
            <span data-net="">{formatLedgerAmount(q.net_destination_amount, q.destination_asset)}</span>
          </Row>
        </dl>
        {left > 0 ? (
          <p className="font-medium tabular-nums text-gray-900" data-countdown={left} aria-hidden="true">
            {t('quote.expiresIn', { seconds: left })}
          </p>
        ) : (
          <p className="text-red-700" data-expired="">
            {t('quote.expired')}
          </p>
        )}
        {/* Announced at the moments that matter (locked, running out, lapsed), not every second. */}
        <p aria-live="polite" className="sr-only" data-announce={said.phase}>
          {said.phase === 'expired'
            ? t('quote.expired')
            : t(said.phase === 'locked' ? 'quote.announce.locked' : 'quote.announce.soon', { seconds: said.seconds })}
        </p>
        {unverified && verifyInstead}
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={() => setLocked(null)} disabled={busy}>
            {t('common.back')}
          </Button>
          {left > 0 ? (
            !unverified && (
              <Button onClick={() => void confirm()} loading={busy} disabled={busy} data-action="confirm-quote">
                {t('quote.confirm')}
              </Button>
            )
          ) : (
            <Button onClick={() => void lock()} loading={busy} disabled={busy} data-action="requote">
              {t('quote.requote')}
            </Button>
          )}
        </div>
      </div>,
    );
  }

  return view(
    t('transactions.new.title'),
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
          aria-describedby={balanceShort ? ids.balance : undefined}
          className={field}
        >
          {ONRAMP_PROVIDERS.filter((p) => p !== 'usd_balance').map((p) => (
            <option key={p} value={p}>
              {t(onrampProviderKey(p))}
            </option>
          ))}
          {usdAvailable !== null && (
            <option value="usd_balance" disabled={balanceShort}>
              {`${t(onrampProviderKey('usd_balance'))} · ${t('quote.balance.available', { amount: formatCents(usdAvailable) })}`}
            </option>
          )}
        </select>
        {balanceShort && (
          <p id={ids.balance} className="mt-1 text-sm text-red-700" data-balance-short="">
            {t('quote.balance.short', { amount: formatCents(usdAvailable) })}
          </p>
        )}
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
        {quote.status === 'failed' && <p className="text-red-700">{apiErrorText(lang, quote.error)}</p>}
        {quote.status === 'loading' && (
          <p className="flex items-center gap-2 text-gray-600">
            <Spinner size="sm" decorative />
            {t('transactions.new.gettingQuote')}
          </p>
        )}
        {ready && (
          <>
            <dl className="space-y-1">
              <Row label={t('transactions.new.quote.input')}>{formatPrice(ready.input_amount_usd)}</Row>
              <Row label={t('transactions.new.quote.rate')}>{rateText(ready.exchange_rate)}</Row>
              <Row label={t('transactions.new.quote.fees')}>{formatPrice(ready.fees_usd)}</Row>
              <Row label={t('transactions.new.quote.net')} strong>
                <span data-net="">{formatLedgerAmount(ready.net_destination_amount, ready.destination_asset)}</span>
              </Row>
            </dl>
            <p className="mt-2 text-xs text-gray-500">{t('quote.indicative')}</p>
          </>
        )}
      </div>

      {unverified && verifyInstead}

      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        {!unverified && (
          <Button type="submit" disabled={!submittable || busy} loading={busy}>
            {t('transactions.new.submit')}
          </Button>
        )}
      </div>
    </form>,
  );
}
