// /accounts/brokerage: the brokerage account of the active account, served in the HTML with its data
// and the market clock (src/worker/pages/brokerage-data.ts). Not verified: why, and a link to identity
// verification. Verified without the account: the suitability questionnaire and the W-8BEN
// declaration in one form, each field with its own error. Active: cash and buying power, whether the
// market is open and when it next opens or closes (New York time, ET), the portfolio (brokerage/
// Portfolio.tsx: value, returns, allocation, positions, open orders, history), the suitability
// answers and the W-8BEN's date.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../components/Button';
import { useSeededStore, useServedStore } from '../components/page-seed-context';
import { useLang, useT } from '../components/use-t';
import { htmlLang, type TranslationKey } from '../i18n';
import { apiErrorText } from '../shared/error-text';
import { formatCents, formatDay, formatMarketTime } from '../shared/format';
import type { PageSeed } from '../shared/page-seed';
import type { BrokerageAccount as Account, MarketClock } from '../shared/schemas/brokerage';
import { countriesByName } from '../shared/countries';
import { $activeAccount } from '../stores/account';
import { $brokerage, loadBrokerage, loadMarketClock, openBrokerage, openFormErrors, type OpenForm, type OpenFormErrors } from '../stores/brokerage';
import { toast } from '../stores/toasts';
import AppShell from './AppShell';
import { BackLink } from './common/BackLink';
import { Figure } from './common/Figure';
import { VerifyFirst } from './common/VerifyFirst';
import { PageHeader } from './shell/PageHeader';
import { Portfolio } from './brokerage/Portfolio';
import { RecurringBuys } from './brokerage/RecurringBuys';
import type { ServedBrokerage, ServedPortfolio } from '../shared/served-portfolio';
import type { RecurringBuy } from '../shared/schemas/recurring';

const FIELD =
  'mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-sm text-gray-900 focus:border-gray-900 focus:outline-none focus:ring-2 focus:ring-gray-900/20 disabled:bg-gray-50 aria-[invalid=true]:border-red-600';
const LABEL = 'text-sm font-medium text-gray-700';
const CARD = 'rounded-xl border border-gray-200 bg-white p-4 sm:p-6';

const QUESTIONS = {
  experience: ['none', 'some', 'experienced'],
  risk_tolerance: ['low', 'medium', 'high'],
  horizon: ['short', 'medium', 'long'],
} as const;
type Question = keyof typeof QUESTIONS;
const QUESTION_NAMES = Object.keys(QUESTIONS) as Question[];
/** The form's fields in the order they are shown (the first invalid one takes the focus). */
const FIELD_ORDER: (keyof OpenForm)[] = [...QUESTION_NAMES, 'legal_name', 'country', 'signature', 'certified'];

/** "Market open, closes at 4:00 PM ET" / "Market closed, opens Mon 9:30 AM ET", in the user's language. */
function MarketStatus({ clock }: { clock: MarketClock | null }) {
  const t = useT();
  const lang = useLang();
  if (!clock) return null;
  const locale = htmlLang(lang);
  const text = clock.is_open
    ? t('broker.market.open', { time: formatMarketTime(clock.next_close, locale).time })
    : t('broker.market.closed', formatMarketTime(clock.next_open, locale));
  return (
    <p className="mt-4 flex flex-wrap items-center gap-2 text-sm text-gray-700" data-testid="market-status" data-open={clock.is_open}>
      <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${clock.is_open ? 'bg-green-600' : 'bg-gray-400'}`} />
      <span>{text}</span>
      <span className="text-gray-600">{t('broker.market.crypto')}</span>
    </p>
  );
}

function ActiveAccount({
  account,
  clock,
  portfolio,
  recurring,
}: {
  account: Account;
  clock: MarketClock | null;
  portfolio: ServedPortfolio | null;
  recurring: RecurringBuy[] | null;
}) {
  const t = useT();
  const lang = useLang();
  const { suitability, w8ben } = account;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Figure label={t('broker.cash')} value={formatCents(account.cash_cents)} testId="broker-cash" />
        <Figure label={t('broker.buyingPower')} value={formatCents(account.buying_power_cents)} testId="broker-buying-power" />
      </div>
      <p className="mt-2 text-xs text-gray-600">
        {t('broker.cash.note')} {account.account_number && t('broker.accountNumber', { number: account.account_number })}
      </p>
      <MarketStatus clock={clock} />
      <Portfolio account={account} served={portfolio} />
      <RecurringBuys accountId={account.account_id} clock={clock} served={recurring} />
      {suitability && (
        <section aria-labelledby="broker-answers" className={`mt-6 ${CARD}`}>
          <h2 id="broker-answers" className="text-lg font-semibold text-gray-900">
            {t('broker.answers.title')}
          </h2>
          <dl className="mt-3 grid gap-3 sm:grid-cols-3">
            {QUESTION_NAMES.map((q) => (
              <div key={q}>
                <dt className="text-sm text-gray-600">{t(`broker.question.${q}.label`)}</dt>
                <dd className="text-sm font-medium text-gray-900" data-answer={q}>
                  {t(`broker.question.${q}.${suitability[q]}` as TranslationKey)}
                </dd>
              </div>
            ))}
          </dl>
          {w8ben && <p className="mt-4 text-sm text-gray-600">{t('broker.w8ben.signed', { date: formatDay(w8ben.date_signed, htmlLang(lang)) })}</p>}
        </section>
      )}
    </>
  );
}

/** The suitability questionnaire and the W-8BEN, sent together; every field says what is wrong with it. */
function OpenAccountForm({ account }: { account: Account }) {
  const t = useT();
  const lang = useLang();
  const locale = htmlLang(lang);
  const base = useId();
  const idOf = (field: keyof OpenForm) => `${base}-${field}`;
  const verifiedName = account.verified_identity.legal_name;
  const verifiedCountry = account.verified_identity.country;
  const [form, setForm] = useState<OpenForm>({
    experience: '',
    risk_tolerance: '',
    horizon: '',
    legal_name: verifiedName ?? '',
    country: verifiedCountry ?? '',
    signature: '',
    certified: false,
  });
  const [errors, setErrors] = useState<OpenFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const countries = useMemo(() => countriesByName(locale), [locale]);
  const today = new Date().toISOString().slice(0, 10);

  const set = <K extends keyof OpenForm>(field: K, value: OpenForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const errorText = (field: keyof OpenForm) => {
    const key = errors[field];
    return key ? t(key, { name: verifiedName ?? '' }) : null;
  };
  const describedBy = (field: keyof OpenForm) => (errors[field] ? `${idOf(field)}-error` : undefined);
  const errorOf = (field: keyof OpenForm) =>
    errors[field] ? (
      <p id={`${idOf(field)}-error`} className="mt-1 text-sm text-red-700">
        {errorText(field)}
      </p>
    ) : null;
  /** What ties a typed field to its label, its error and the focus on a wrong send. */
  const control = (field: keyof OpenForm) => ({
    id: idOf(field),
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field),
    'data-field': field,
  });
  const labelled = (field: keyof OpenForm, label: TranslationKey, input: ReactNode) => (
    <div>
      <label htmlFor={idOf(field)} className={LABEL}>
        {t(label)}
      </label>
      {input}
      {errorOf(field)}
    </div>
  );
  const textField = (field: 'legal_name' | 'signature', label: TranslationKey, autoComplete: string, className: string) =>
    labelled(
      field,
      label,
      <input {...control(field)} autoComplete={autoComplete} value={form[field]} onChange={(e) => set(field, e.target.value)} className={className} />,
    );

  async function submit(e: FormEvent) {
    e.preventDefault();
    setServerError(null);
    const found = openFormErrors(form, verifiedName);
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) {
      // The first wrong field takes the focus; a question's first choice stands for its group.
      const target = formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`);
      target?.focus();
      return;
    }
    const accountId = account.account_id;
    setSaving(true);
    try {
      await openBrokerage(accountId, form);
      toast({ type: 'success', title: t('broker.open.done') });
    } catch (err) {
      setServerError(apiErrorText(lang, err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="space-y-6">
      <p className="text-sm text-gray-700">{t('broker.open.intro')}</p>
      {serverError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {serverError}
        </p>
      )}
      <section aria-labelledby={`${base}-suitability`} className={`${CARD} space-y-5`}>
        <h2 id={`${base}-suitability`} className="text-lg font-semibold text-gray-900">
          {t('broker.suitability.title')}
        </h2>
        {QUESTION_NAMES.map((q) => (
          <fieldset key={q} aria-describedby={describedBy(q)}>
            <legend className={LABEL}>{t(`broker.question.${q}.label`)}</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-3">
              {(QUESTIONS[q] as readonly OpenForm[Question][]).map((value, i) => (
                <label key={value} className="flex min-h-11 items-center gap-2 rounded-lg border border-gray-300 px-3 text-sm text-gray-800">
                  <input type="radio" name={q} value={value} checked={form[q] === value} onChange={() => set(q, value)} data-field={i === 0 ? q : undefined} />
                  {t(`broker.question.${q}.${value}` as TranslationKey)}
                </label>
              ))}
            </div>
            {errorOf(q)}
          </fieldset>
        ))}
      </section>
      <section aria-labelledby={`${base}-w8ben`} className={`${CARD} space-y-4`}>
        <div>
          <h2 id={`${base}-w8ben`} className="text-lg font-semibold text-gray-900">
            {t('broker.w8ben.title')}
          </h2>
          <p className="mt-1 text-xs text-gray-500">{t('broker.w8ben.note')}</p>
        </div>
        {textField('legal_name', 'broker.w8ben.legalName', 'name', FIELD)}
        {labelled(
          'country',
          'broker.w8ben.country',
          <select
            {...control('country')}
            value={form.country}
            onChange={(e) => set('country', e.target.value)}
            disabled={verifiedCountry !== null}
            className={FIELD}
          >
            <option value="" />
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>,
        )}
        <dl>
          <dt className={LABEL}>{t('broker.w8ben.date')}</dt>
          <dd className="mt-1 text-sm text-gray-900">{formatDay(today, locale)}</dd>
        </dl>
        {textField('signature', 'broker.w8ben.signature', 'off', `${FIELD} font-serif italic`)}
        <div>
          <label className="flex items-start gap-3 text-sm text-gray-800">
            <input
              {...control('certified')}
              type="checkbox"
              checked={form.certified}
              onChange={(e) => set('certified', e.target.checked)}
              className="mt-0.5 h-5 w-5 shrink-0"
            />
            <span>{t('broker.w8ben.certify')}</span>
          </label>
          {errorOf('certified')}
        </div>
      </section>
      <Button type="submit" loading={saving}>
        {t('broker.open.submit')}
      </Button>
    </form>
  );
}

function BrokerageAccount({ served }: { served: ServedBrokerage }) {
  const t = useT();
  const lang = useLang();
  const state = useServedStore($brokerage, served.account);
  const active = useSeededStore($activeAccount, (s) => s.activeAccount);
  const account = state.status === 'idle' ? null : state;
  const [clock, setClock] = useState<MarketClock | null>(served.clock);
  // Nothing served (that read failed): the island reads it itself.
  const activeId = active?.account_id;
  useEffect(() => {
    if (!account && activeId) loadBrokerage(activeId).catch((err: unknown) => toast({ type: 'error', title: apiErrorText(lang, err) }));
  }, [account, activeId, lang]);
  const isActive = account?.status === 'active';
  useEffect(() => {
    if (isActive && !clock) loadMarketClock().then(setClock, () => undefined);
  }, [isActive, clock]);
  return (
    <>
      <BackLink href="/accounts" label={t('wallet.backToAccounts')} />
      <PageHeader
        title={t('accounts.brokerage.title')}
        actions={
          isActive ? (
            <span data-status="active" className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-medium text-green-800">
              {t('broker.active')}
            </span>
          ) : undefined
        }
      />
      {account?.status === 'active' && <ActiveAccount account={account} clock={clock} portfolio={served.portfolio} recurring={served.recurring} />}
      {account?.status === 'not_opened' && <OpenAccountForm account={account} />}
      {account?.status === 'unverified' && (
        <VerifyFirst id="broker-unverified" title={t('broker.unverified.title')} body={t('broker.unverified.body')} link={t('broker.unverified.link')} />
      )}
      {!account && <p className="text-sm text-gray-600">{t('common.loading')}</p>}
    </>
  );
}

export default function BrokerageAccountPage({ seed, served }: { seed?: PageSeed; served: ServedBrokerage }) {
  return (
    <AppShell title="accounts.brokerage.title" seed={seed}>
      <BrokerageAccount served={served} />
    </AppShell>
  );
}
