// /accounts/usd: the USD account of the active account, served in the HTML with its data
// (src/worker/pages/usd-data.ts). Open: the available balance, pending withdrawals, this month's
// limit and what is left (and when it resets), Add dollars and Withdraw (dialogs; every rail says
// it is simulated) and the activity, where a pending withdrawal can be cancelled and a purchase, a
// buy or a sell paid from or into the balance links to its transaction. Not verified: why and a link to identity verification
// instead of the actions. Verified without the account: Open.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../components/Button';
import { Modal } from '../components/Modal';
import { useSeededStore, useServedStore, useTimeZone } from '../components/page-seed-context';
import { useLang, useT } from '../components/use-t';
import type { TranslationKey } from '../i18n';
import { CENTS_SCALE, parseUnits } from '../shared/decimal';
import { apiErrorText } from '../shared/error-text';
import { formatCents, formatDate } from '../shared/format';
import { NO_FILTERS, writeHistoryQuery } from '../shared/history-query';
import type { PageSeed } from '../shared/page-seed';
import type { UsdAccount as Account, UsdMovement } from '../shared/schemas/usd';
import { $activeAccount } from '../stores/account';
import { toast } from '../stores/toasts';
import { $usd, addBankAccount, cancelWithdrawal, depositUsd, loadUsd, openUsd, usdAmountOf, withdrawUsd } from '../stores/usd';
import AppShell from './AppShell';
import { Figure } from './common/Figure';
import { VerifyFirst } from './common/VerifyFirst';
import { Glyph } from './shell/icons';
import { PageHeader } from './shell/PageHeader';

const MOVEMENT_KEYS: Record<UsdMovement['kind'], TranslationKey> = {
  deposit: 'usd.activity.deposit',
  withdrawal: 'usd.activity.withdrawal',
  purchase: 'quote.usdActivity.purchase',
  buy: 'order.usdActivity.buy',
  sell: 'order.usdActivity.sell',
};

/** Movements that bring money in (the others take it out). */
const MONEY_IN = new Set<UsdMovement['kind']>(['deposit', 'sell']);

const FIELD =
  'mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-sm text-gray-900 focus:border-gray-900 focus:outline-none focus:ring-2 focus:ring-gray-900/20';
const LABEL = 'text-sm font-medium text-gray-700';

function ErrorText({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {children}
    </p>
  );
}

/** One dialog's typed amount, read in the user's language. */
function useAmount() {
  const lang = useLang();
  const [text, setText] = useState('');
  return { text, setText, read: () => usdAmountOf(text, lang) };
}

function AmountField({ amount }: { amount: ReturnType<typeof useAmount> }) {
  const t = useT();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {t('usd.amount')}
      </label>
      <input
        id={id}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amount.text}
        onChange={(e) => amount.setText(e.target.value)}
        className={FIELD}
      />
    </div>
  );
}

/** A dialog's Cancel and submit buttons. */
function DialogActions({ onClose, saving, submit }: { onClose: () => void; saving: boolean; submit: string }) {
  const t = useT();
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" type="button" onClick={onClose} disabled={saving}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={saving}>
        {submit}
      </Button>
    </div>
  );
}

function DepositDialog({ accountId, onClose }: { accountId: string; onClose: () => void }) {
  const t = useT();
  const lang = useLang();
  const ids = { error: useId(), note: useId() };
  const amount = useAmount();
  const [rail, setRail] = useState<'bank' | 'card'>('bank');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const read = amount.read();
    if (!read.ok) return setError(t(read.error));
    setSaving(true);
    try {
      await depositUsd(accountId, read.amount, rail);
      toast({ type: 'success', title: t('usd.deposit.done', { amount: formatCents(parseUnits(read.amount, CENTS_SCALE)) }) });
      onClose();
    } catch (err) {
      setError(apiErrorText(lang, err));
    } finally {
      setSaving(false);
    }
  }
  return (
    <Modal open onClose={onClose} title={t('usd.deposit.title')} description={t('usd.deposit.note')} closeBlocked={saving}>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4" aria-describedby={ids.note}>
        {error && <ErrorText id={ids.error}>{error}</ErrorText>}
        <AmountField amount={amount} />
        <fieldset>
          <legend className={LABEL}>{t('usd.rail.label')}</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {(['bank', 'card'] as const).map((r) => (
              <label key={r} className="flex min-h-11 items-center gap-2 rounded-lg border border-gray-300 px-3 text-sm text-gray-800">
                <input type="radio" name="rail" value={r} checked={rail === r} onChange={() => setRail(r)} />
                {t(r === 'bank' ? 'usd.rail.bank' : 'usd.rail.card')}
              </label>
            ))}
          </div>
        </fieldset>
        <p id={ids.note} className="text-xs text-gray-500">
          {t('usd.simulated')}
        </p>
        <DialogActions onClose={onClose} saving={saving} submit={t('usd.deposit.submit')} />
      </form>
    </Modal>
  );
}

function WithdrawDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const t = useT();
  const lang = useLang();
  const ids = { error: useId(), bank: useId(), holder: useId(), bankName: useId(), number: useId(), routing: useId() };
  const amount = useAmount();
  const [bankId, setBankId] = useState(account.bank_accounts[0]?.id ?? '');
  const [adding, setAdding] = useState(account.bank_accounts.length === 0);
  const [bank, setBank] = useState({ holder_name: '', bank_name: '', account_number: '', routing_number: '' });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function run(work: () => Promise<void>) {
    setError(null);
    setSaving(true);
    try {
      await work();
    } catch (err) {
      setError(apiErrorText(lang, err, 'usd.bank.invalid'));
    } finally {
      setSaving(false);
    }
  }
  const saveBank = () =>
    run(async () => {
      const id = await addBankAccount(account.account_id, bank);
      setBankId(id);
      setAdding(false);
      toast({ type: 'success', title: t('usd.bank.saved') });
    });
  function submit(e: FormEvent) {
    e.preventDefault();
    if (adding) return void saveBank();
    const read = amount.read();
    if (!read.ok) return setError(t(read.error));
    void run(async () => {
      await withdrawUsd(account.account_id, read.amount, bankId);
      toast({ type: 'success', title: t('usd.withdraw.done', { amount: formatCents(parseUnits(read.amount, CENTS_SCALE)) }) });
      onClose();
    });
  }
  const text = (key: keyof typeof bank, id: string, label: string, extra: { inputMode?: 'numeric'; autoComplete?: string } = {}) => (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      <input id={id} name={key} value={bank[key]} onChange={(e) => setBank({ ...bank, [key]: e.target.value })} className={FIELD} {...extra} />
    </div>
  );
  return (
    <Modal open onClose={onClose} title={t('usd.withdraw.title')} description={t('usd.withdraw.note')} closeBlocked={saving}>
      <form onSubmit={submit} noValidate className="space-y-4">
        {error && <ErrorText id={ids.error}>{error}</ErrorText>}
        {adding ? (
          <fieldset className="space-y-3">
            <legend className={LABEL}>{t('usd.bank.add')}</legend>
            {text('holder_name', ids.holder, t('usd.bank.holder'), { autoComplete: 'name' })}
            {text('bank_name', ids.bankName, t('usd.bank.name'))}
            {text('account_number', ids.number, t('usd.bank.number'), { inputMode: 'numeric', autoComplete: 'off' })}
            {text('routing_number', ids.routing, t('usd.bank.routing'), { inputMode: 'numeric', autoComplete: 'off' })}
            <p className="text-xs text-gray-500">{t('usd.simulated')}</p>
          </fieldset>
        ) : (
          <>
            <AmountField amount={amount} />
            <div>
              <label htmlFor={ids.bank} className={LABEL}>
                {t('usd.withdraw.bank')}
              </label>
              <select id={ids.bank} name="bank_account_id" value={bankId} onChange={(e) => setBankId(e.target.value)} className={FIELD}>
                {account.bank_accounts.map((b) => (
                  <option key={b.id} value={b.id}>
                    {t('usd.withdraw.bankOption', { bank: b.bank_name, last4: b.account_last4 })}
                  </option>
                ))}
              </select>
              <button type="button" onClick={() => setAdding(true)} className="mt-2 min-h-11 text-sm font-medium text-gray-700 underline">
                {t('usd.bank.add')}
              </button>
            </div>
          </>
        )}
        <DialogActions onClose={onClose} saving={saving} submit={adding ? t('usd.bank.save') : t('usd.withdraw.submit')} />
      </form>
    </Modal>
  );
}

export function Activity({ account }: { account: Account }) {
  const t = useT();
  const lang = useLang();
  const timeZone = useTimeZone();
  const [cancelling, setCancelling] = useState<string | null>(null);
  async function cancel(m: UsdMovement) {
    setCancelling(m.id);
    try {
      await cancelWithdrawal(account.account_id, m.id);
      toast({ type: 'success', title: t('usd.activity.cancelled') });
    } catch (err) {
      toast({ type: 'error', title: apiErrorText(lang, err) });
    } finally {
      setCancelling(null);
    }
  }
  return (
    <section aria-labelledby="usd-activity" className="mt-6 rounded-xl border border-gray-200 bg-white p-4">
      <h2 id="usd-activity" className="text-lg font-semibold text-gray-900">
        {t('usd.activity.title')}
      </h2>
      {account.activity.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">{t('usd.activity.empty')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-gray-100">
          {account.activity.map((m) => (
            <li key={m.id} data-movement={m.kind} data-status={m.status} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <p className="text-sm font-medium text-gray-900">{t(MOVEMENT_KEYS[m.kind], { symbol: m.symbol ?? '' })}</p>
                <p className="text-xs text-gray-500">
                  {t(`usd.activity.status.${m.status}`)} · {formatDate(m.created_at, { timeZone })}
                  {m.status === 'pending' && m.settle_at ? ` · ${t('usd.activity.settles', { date: formatDate(m.settle_at, { timeZone }) })}` : ''}
                </p>
                {m.rail === null && (
                  <a href={`/transactions${writeHistoryQuery('', NO_FILTERS, m.transaction_id)}`} className="text-xs font-medium underline">
                    {t('quote.usdActivity.view')}
                  </a>
                )}
              </div>
              <div className="flex items-center gap-3">
                <span className={`text-sm font-semibold ${MONEY_IN.has(m.kind) ? 'text-green-700' : 'text-gray-900'}`}>
                  {MONEY_IN.has(m.kind) ? '+' : '−'}
                  {formatCents(m.amount_cents)}
                </span>
                {m.status === 'pending' && (
                  <Button variant="outline" size="sm" onClick={() => void cancel(m)} loading={cancelling === m.id}>
                    {t('usd.activity.cancel')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OpenAccount({ account }: { account: Account }) {
  const t = useT();
  const [dialog, setDialog] = useState<'deposit' | 'withdraw' | null>(null);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <Figure label={t('usd.available')} value={formatCents(account.available_cents)} testId="usd-available" />
        <Figure label={t('usd.pending')} value={formatCents(account.pending_cents)} testId="usd-pending" />
        <div className="rounded-xl border border-gray-200 bg-white p-4">
          <p className="text-sm text-gray-600">{t('usd.limit.title')}</p>
          <p className="mt-1 text-base font-semibold text-gray-900" data-testid="usd-limit">
            {t('usd.limit.left', { left: formatCents(account.remaining_this_month_cents), limit: formatCents(account.monthly_limit_cents) })}
          </p>
          <p className="mt-1 text-xs text-gray-500">{t('usd.limit.resets', { date: formatDate(account.resets_at, { timeZone: 'UTC' }) })}</p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button onClick={() => setDialog('deposit')}>
          <Glyph name="plus" className="h-4 w-4" />
          {t('usd.deposit.open')}
        </Button>
        <Button variant="outline" onClick={() => setDialog('withdraw')}>
          {t('usd.withdraw.open')}
        </Button>
      </div>
      <p className="mt-2 text-xs text-gray-600">{t('usd.simulated')}</p>
      <Activity account={account} />
      {dialog === 'deposit' && <DepositDialog accountId={account.account_id} onClose={() => setDialog(null)} />}
      {dialog === 'withdraw' && <WithdrawDialog account={account} onClose={() => setDialog(null)} />}
    </>
  );
}

/** An unverified person's page: what they can do, their limit until they verify (0, as money), the way to verify. */
export function Unverified({ account }: { account: Account }) {
  const t = useT();
  return (
    <VerifyFirst
      id="usd-unverified"
      title={t('usd.unverified.title')}
      body={t('usd.unverified.body', { limit: formatCents(account.monthly_limit_cents) })}
      link={t('usd.unverified.link')}
    />
  );
}

function UsdAccount({ served }: { served: Account | null }) {
  const t = useT();
  const lang = useLang();
  const state = useServedStore($usd, served);
  const active = useSeededStore($activeAccount, (s) => s.activeAccount);
  const [opening, setOpening] = useState(false);
  const account = state.status === 'idle' ? null : state;
  // Nothing served (that read failed): the island reads it itself.
  const activeId = active?.account_id;
  useEffect(() => {
    if (!account && activeId) loadUsd(activeId).catch((err: unknown) => toast({ type: 'error', title: apiErrorText(lang, err) }));
  }, [account, activeId, lang]);
  async function open() {
    const accountId = account?.account_id ?? active?.account_id;
    if (!accountId) return;
    setOpening(true);
    try {
      await openUsd(accountId);
      toast({ type: 'success', title: t('usd.open.done') });
    } catch (err) {
      toast({ type: 'error', title: apiErrorText(lang, err) });
    } finally {
      setOpening(false);
    }
  }
  return (
    <>
      <a href="/accounts" className="mb-4 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-gray-600 hover:text-gray-900">
        <Glyph name="chevronLeft" className="h-4 w-4" />
        {t('wallet.backToAccounts')}
      </a>
      <PageHeader
        title={t('accounts.usd.title')}
        actions={
          account?.status === 'open' ? (
            <span data-status="active" className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-medium text-green-800">
              {t('usd.header.status')}
            </span>
          ) : undefined
        }
      />
      {account?.status === 'open' && <OpenAccount account={account} />}
      {account?.status === 'closed' && (
        <section className="rounded-xl border border-gray-200 bg-white p-6">
          <p className="text-sm text-gray-700">{t('usd.open.body')}</p>
          <Button className="mt-4" onClick={() => void open()} loading={opening}>
            {t('usd.open.button')}
          </Button>
        </section>
      )}
      {account?.status === 'unverified' && <Unverified account={account} />}
      {!account && <p className="text-sm text-gray-600">{t('common.loading')}</p>}
    </>
  );
}

export default function UsdAccountPage({ seed, served }: { seed?: PageSeed; served: Account | null }) {
  return (
    <AppShell title="accounts.usd.title" seed={seed}>
      <UsdAccount served={served} />
    </AppShell>
  );
}
