// The recurring buys' create or change form (brokerage/RecurringBuys.tsx), in a chunk of its own: a
// stock or ETF of the market list (read when the form first opens), an amount held to an order's
// dollar rules, a frequency and a start date; a plan being changed keeps its symbol and start date.
// Not part of the portfolio's first load: the list fetches this chunk at idle, or when its "New
// recurring buy" or an Edit button is pointed at or focused.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useLang, useT } from '../../components/use-t';
import { apiErrorText } from '../../shared/error-text';
import { RECURRING_FREQUENCIES, type RecurringFrequency } from '../../shared/recurring-rules';
import type { RecurringBuy } from '../../shared/schemas/recurring';
import { $market, loadMarket } from '../../stores/market';
import { changeRecurring, createRecurring } from '../../stores/recurring';
import { toast } from '../../stores/toasts';
import { recurringAmount } from '../../stores/trade';

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

/** The create or change form: what is being edited, with its fields as typed. */
export interface PlanDraft {
  plan: RecurringBuy | null;
  symbol: string;
  amount: string;
  frequency: RecurringFrequency;
  start: string;
}

export default function RecurringPlanForm({ accountId, draft, today, onClose }: { accountId: string; draft: PlanDraft; today: string; onClose: () => void }) {
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
