// The open-account form of /accounts/brokerage (an account verified but not yet opened): the
// suitability questionnaire and the W-8BEN declaration, sent together, each field with its own error.
// In the first load of the page served with it (../BrokerageOpening.tsx); a chunk of its own otherwise
// (../BrokerageAccount.tsx), for an account switched to after the page was served.
import { useMemo, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { useLang, useT } from '../../components/use-t';
import { htmlLang, type TranslationKey } from '../../i18n';
import { apiErrorText } from '../../shared/error-text';
import { formatDay } from '../../shared/format';
import type { BrokerageAccount as Account } from '../../shared/schemas/brokerage';
import { countriesByName } from '../../shared/countries';
import { openBrokerage, openFormErrors, type OpenForm, type OpenFormErrors } from '../../stores/brokerage';
import { toast } from '../../stores/toasts';
import { QUESTION_NAMES, QUESTIONS, type Question } from './suitability';

const FIELD =
  'mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-sm text-gray-900 focus:border-gray-900 focus:outline-none focus:ring-2 focus:ring-gray-900/20 disabled:bg-gray-50 aria-[invalid=true]:border-red-600';
const LABEL = 'text-sm font-medium text-gray-700';
const CARD = 'rounded-xl border border-gray-200 bg-white p-4 sm:p-6';

/** The form's fields in the order they are shown (the first invalid one takes the focus). */
const FIELD_ORDER: (keyof OpenForm)[] = [...QUESTION_NAMES, 'legal_name', 'country', 'signature', 'certified'];

/** The suitability questionnaire and the W-8BEN, sent together; every field says what is wrong with it. */
export default function OpenAccountForm({ account }: { account: Account }) {
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
