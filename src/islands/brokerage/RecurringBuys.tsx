// The portfolio's "Recurring buys" (/accounts/brokerage): the account's plans (symbol, amount,
// frequency, next run, status), a form to create one or change one (./RecurringPlanForm.tsx, a chunk
// of its own: a press before it has arrived opens it once it has), pause and resume, and delete after
// a confirmation. Served in the HTML with the portfolio; the state and calls are in
// src/stores/recurring.ts. Runs are simulated fills of the embedded market, and the section says so.
import { Suspense, useEffect, useState } from 'react';
import { Button } from '../../components/Button';
import { ConfirmModal } from '../../components/ConfirmModal';
import { lazyDialog } from '../../components/lazy-dialog';
import { useServedStore } from '../../components/page-seed-context';
import { useLang, useT } from '../../components/use-t';
import { htmlLang, type TranslationKey } from '../../i18n';
import { CENTS_SCALE, parseUnits } from '../../shared/decimal';
import { apiErrorText } from '../../shared/error-text';
import { formatCents, formatDay } from '../../shared/format';
import type { MarketClock } from '../../shared/schemas/brokerage';
import type { RecurringBuy } from '../../shared/schemas/recurring';
import { $recurring, changeRecurring, deleteRecurring, loadRecurring, newYorkDay } from '../../stores/recurring';
import { toast } from '../../stores/toasts';
import type { PlanDraft } from './RecurringPlanForm';

const loadPlanForm = () => import('./RecurringPlanForm');
const RecurringPlanForm = lazyDialog(loadPlanForm);
/** A pointer over a button that opens the form, or focus on it, fetches its chunk now if the idle moment has not come yet. */
const warmPlanForm = () => void loadPlanForm();

const CARD = 'rounded-xl border border-gray-200 bg-white p-4 sm:p-6';

const amountOf = (plan: RecurringBuy) => formatCents(parseUnits(plan.notional, CENTS_SCALE));

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
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={onEdit}
          onPointerEnter={warmPlanForm}
          onFocus={warmPlanForm}
          aria-label={`${t('recurring.edit')}: ${what}`}
        >
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
  const [draft, setDraft] = useState<PlanDraft | null>(null);
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
        <Button
          size="sm"
          onClick={() => setDraft({ plan: null, symbol: '', amount: '', frequency: 'weekly', start: today })}
          onPointerEnter={warmPlanForm}
          onFocus={warmPlanForm}
          data-action="recurring-new"
        >
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
      {draft && (
        <Suspense fallback={null}>
          <RecurringPlanForm accountId={accountId} draft={draft} today={today} onClose={() => setDraft(null)} />
        </Suspense>
      )}
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
