// The portfolio's "Recurring buys" (/accounts/brokerage): the account's plans (symbol, amount,
// frequency, next run, status), a form to create one (a stock or ETF of the market list, an amount,
// a frequency, a start date) or change one (amount, frequency), pause and resume, and delete after a
// confirmation. Served in the HTML with the portfolio; the state and calls are in
// src/stores/recurring.ts. Runs are simulated fills of the embedded market, and the section says so.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Button } from '../../components/Button';
import { ConfirmModal } from '../../components/ConfirmModal';
import { Modal } from '../../components/Modal';
import { useServedStore } from '../../components/page-seed-context';
import { useLang, useT } from '../../components/use-t';
import { htmlLang, type TranslationKey } from '../../i18n';
import { CENTS_SCALE, parseUnits } from '../../shared/decimal';
import { apiErrorText } from '../../shared/error-text';
import { formatCents, formatDay } from '../../shared/format';
import { RECURRING_FREQUENCIES, type RecurringFrequency } from '../../shared/recurring-rules';
import type { MarketClock } from '../../shared/schemas/brokerage';
import type { RecurringBuy } from '../../shared/schemas/recurring';
import { $market, loadMarket } from '../../stores/market';
import { $recurring, changeRecurring, createRecurring, deleteRecurring, loadRecurring, newYorkDay, recurringAmount } from '../../stores/recurring';
import { toast } from '../../stores/toasts';

const CARD = 'rounded-xl border border-gray-200 bg-white p-4 sm:p-6';
const FIELD =
  'mt-1 block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm text-gray-900 focus:border-gray-900 focus:outline-none focus:ring-2 focus:ring-gray-900/20';
const LABEL = 'text-sm font-medium text-gray-700';

/** A form field under its label. */
function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      {children}
    </div>
  );
}

const amountOf = (plan: RecurringBuy) => formatCents(parseUnits(plan.notional, CENTS_SCALE));

/** The create or change form: what is being edited, with its fields as typed. */
interface Draft {
  plan: RecurringBuy | null;
  symbol: string;
  amount: string;
  frequency: RecurringFrequency;
  start: string;
}

function PlanForm({ accountId, draft, today, onClose }: { accountId: string; draft: Draft; today: string; onClose: () => void }) {
  const t = useT();
  const lang = useLang();
  const ids = { symbol: useId(), amount: useId(), frequency: useId(), start: useId(), error: useId() };
  const [form, setForm] = useState(draft);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const market = useStore($market);
  const stocks = market.rows.filter((r) => r.kind === 'stock');
  useEffect(() => {
    if (!draft.plan && $market.get().status === 'idle') void loadMarket();
  }, [draft.plan]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const amount = recurringAmount(form.amount, lang);
    if ('error' in amount) return setError(t(amount.error));
    setBusy(true);
    setError(null);
    try {
      if (form.plan) await changeRecurring(accountId, form.plan.id, { notional: amount.notional, frequency: form.frequency });
      else await createRecurring(accountId, { symbol: form.symbol, notional: amount.notional, frequency: form.frequency, start_date: form.start });
      toast({ type: 'success', title: t(form.plan ? 'recurring.saved' : 'recurring.created') });
      onClose();
    } catch (err) {
      setError(apiErrorText(lang, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      closeBlocked={busy}
      title={t(draft.plan ? 'recurring.edit.title' : 'recurring.new')}
      description={t('recurring.intro')}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="recurring-form" loading={busy} data-action="recurring-submit">
            {t(draft.plan ? 'recurring.save' : 'recurring.create')}
          </Button>
        </>
      }
    >
      <form id="recurring-form" className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        {error && (
          <p id={ids.error} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        {draft.plan ? (
          <p className="text-sm font-medium text-gray-900">{draft.plan.symbol}</p>
        ) : (
          <Labelled id={ids.symbol} label={t('recurring.symbol')}>
            <select id={ids.symbol} name="symbol" required value={form.symbol} onChange={(e) => setForm({ ...form, symbol: e.target.value })} className={FIELD}>
              <option value="" disabled>
                {market.status === 'loading' || market.status === 'idle' ? t('common.loading') : t('recurring.symbol.pick')}
              </option>
              {stocks.map((s) => (
                <option key={s.symbol} value={s.symbol}>
                  {`${s.symbol} · ${s.name}`}
                </option>
              ))}
            </select>
          </Labelled>
        )}
        <Labelled id={ids.amount} label={t('trade.amount.notional')}>
          <input
            id={ids.amount}
            name="notional"
            inputMode="decimal"
            autoComplete="off"
            value={form.amount}
            onChange={(e) => setForm({ ...form, amount: e.target.value })}
            aria-describedby={error ? ids.error : undefined}
            aria-invalid={error !== null || undefined}
            className={FIELD}
          />
        </Labelled>
        <Labelled id={ids.frequency} label={t('recurring.frequency')}>
          <select
            id={ids.frequency}
            name="frequency"
            value={form.frequency}
            onChange={(e) => setForm({ ...form, frequency: e.target.value as RecurringFrequency })}
            className={FIELD}
          >
            {RECURRING_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {t(`recurring.frequency.${f}`)}
              </option>
            ))}
          </select>
        </Labelled>
        {!draft.plan && (
          <Labelled id={ids.start} label={t('recurring.start')}>
            <input
              id={ids.start}
              name="start_date"
              type="date"
              required
              min={today}
              value={form.start}
              onChange={(e) => setForm({ ...form, start: e.target.value })}
              className={FIELD}
            />
          </Labelled>
        )}
      </form>
    </Modal>
  );
}

function PlanItem({
  plan,
  busy,
  onPause,
  onEdit,
  onDelete,
}: {
  plan: RecurringBuy;
  busy: boolean;
  onPause: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const what = t('recurring.row', { amount: amountOf(plan), symbol: plan.symbol });
  const status: TranslationKey = plan.status === 'active' ? 'recurring.status.active' : 'recurring.status.paused';
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between" data-plan={plan.symbol}>
      <div className="min-w-0">
        <p className="font-medium text-gray-900">{what}</p>
        <p className="text-sm text-gray-600">
          {t(`recurring.frequency.${plan.frequency}`)} ·{' '}
          {plan.next_run_date ? t('recurring.nextRun', { date: formatDay(plan.next_run_date, htmlLang(lang)) }) : t('recurring.noNextRun')}
        </p>
        <p className="text-sm">
          <span
            className={`rounded-full px-2 py-0.5 text-xs font-medium ${plan.status === 'active' ? 'bg-green-100 text-green-800' : 'bg-gray-100 text-gray-700'}`}
          >
            {t(status)}
          </span>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={onPause}
          aria-label={`${t(plan.status === 'active' ? 'recurring.pause' : 'recurring.resume')}: ${what}`}
        >
          {t(plan.status === 'active' ? 'recurring.pause' : 'recurring.resume')}
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={onEdit} aria-label={`${t('recurring.edit')}: ${what}`}>
          {t('recurring.edit')}
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={onDelete} aria-label={`${t('recurring.delete')}: ${what}`}>
          {t('recurring.delete')}
        </Button>
      </div>
    </li>
  );
}

export function RecurringBuys({ accountId, clock, served }: { accountId: string; clock: MarketClock | null; served: RecurringBuy[] | null }) {
  const t = useT();
  const lang = useLang();
  const state = useServedStore($recurring, served ? { status: 'ready', plans: served } : null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<RecurringBuy | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (state.status === 'idle') void loadRecurring(accountId).catch(() => undefined);
  }, [state.status, accountId]);
  // The market's today (the clock's), so the earliest start date is the server's.
  const today = newYorkDay(clock?.timestamp ?? Date.now());

  async function act(work: () => Promise<void>, done: TranslationKey) {
    setBusy(true);
    setFailure(null);
    try {
      await work();
      toast({ type: 'success', title: t(done) });
      return true;
    } catch (err) {
      setFailure(apiErrorText(lang, err));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const togglePause = (plan: RecurringBuy) =>
    void act(
      () => changeRecurring(accountId, plan.id, { status: plan.status === 'active' ? 'paused' : 'active' }),
      plan.status === 'active' ? 'recurring.paused' : 'recurring.resumed',
    );
  const confirmDelete = async () => {
    if (deleting && (await act(() => deleteRecurring(accountId, deleting.id), 'recurring.deleted'))) setDeleting(null);
  };

  return (
    <section aria-labelledby="broker-recurring" className={`mt-6 ${CARD}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="broker-recurring" className="text-lg font-semibold text-gray-900">
          {t('recurring.title')}
        </h2>
        <Button size="sm" onClick={() => setDraft({ plan: null, symbol: '', amount: '', frequency: 'weekly', start: today })} data-action="recurring-new">
          {t('recurring.new')}
        </Button>
      </div>
      <p className="mt-1 text-sm text-gray-600">{t('recurring.intro')}</p>
      {failure && !deleting && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failure}
        </p>
      )}
      {state.status === 'error' && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t('recurring.error')}
        </p>
      )}
      {state.status === 'ready' &&
        (state.plans.length === 0 ? (
          <p className="mt-2 text-sm text-gray-600">{t('recurring.empty')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-gray-100" data-testid="recurring-list">
            {state.plans.map((plan) => (
              <PlanItem
                key={plan.id}
                plan={plan}
                busy={busy}
                onPause={() => togglePause(plan)}
                onEdit={() => setDraft({ plan, symbol: plan.symbol, amount: plan.notional, frequency: plan.frequency, start: plan.start_date })}
                onDelete={() => {
                  setFailure(null);
                  setDeleting(plan);
                }}
              />
            ))}
          </ul>
        ))}
      {draft && <PlanForm accountId={accountId} draft={draft} today={today} onClose={() => setDraft(null)} />}
      <ConfirmModal
        open={deleting !== null}
        title={t('recurring.delete.title')}
        failure={failure}
        busy={busy}
        keepLabel={t('recurring.delete.keep')}
        confirmLabel={t('recurring.delete')}
        action="recurring-delete-confirm"
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {deleting && t('recurring.delete.confirm', { what: t('recurring.row', { amount: amountOf(deleting), symbol: deleting.symbol }) })}
      </ConfirmModal>
    </section>
  );
}
