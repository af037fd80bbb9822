// /settings/identity: the identity verification form (legal name, date of birth, country of
// residence, document and consent, checked per field by the schema the server checks), then the
// submission's state: approved (and what it unlocks), rejected with its reason and "Try again", or
// in review, followed until it is decided (src/stores/identity.ts). Served with the latest
// submission (src/worker/pages/identity-data.ts).
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { useLang, useT } from '../../components/use-t';
import { htmlLang } from '../../i18n';
import type { PageSeed } from '../../shared/page-seed';
import { countriesByName } from '../../shared/countries';
import { DOCUMENT_TYPES } from '../../shared/identity-rules';
import { apiErrorText } from '../../shared/error-text';
import { $identity, retryIdentity, submitIdentity, watchIdentity, type IdentityVerification } from '../../stores/identity';
import AppShell from '../AppShell';
import { SettingsSection } from './SettingsSection';

type Field = 'first_name' | 'last_name' | 'date_of_birth' | 'country' | 'document_type' | 'document_number';
const EMPTY: Record<Field, string> = { first_name: '', last_name: '', date_of_birth: '', country: '', document_type: '', document_number: '' };
const LABELS = {
  first_name: 'identity.firstName',
  last_name: 'identity.lastName',
  date_of_birth: 'identity.dateOfBirth',
  country: 'identity.country',
  document_type: 'identity.documentType',
  document_number: 'identity.documentNumber',
} as const;

const input =
  'mt-1 block min-h-11 w-full rounded-lg border bg-white px-3 text-sm text-gray-900 focus:border-gray-900 focus:outline-none focus:ring-2 focus:ring-gray-900/20';

/** The form's validator (it carries zod): fetched on the first focus inside the form, at the latest on submit. */
const loadForm = () => import('../../shared/schemas/identity-form');

/** The form, until a submission exists (exported for its unit test). */
export function IdentityForm() {
  const t = useT();
  const lang = useLang();
  const [values, setValues] = useState(EMPTY);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const baseId = useId();
  const idOf = (name: string) => `${baseId}-${name}`;
  // Countries by their name in the user's language.
  const countries = useMemo(() => countriesByName(htmlLang(lang)), [lang]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    // The validator (zod) is loaded when the person first submits, not with the page.
    const [{ identityFormSchema }, { fieldErrors }] = await Promise.all([loadForm(), import('../../shared/schemas/messages')]);
    const parsed = identityFormSchema.safeParse({ ...values, consent });
    if (!parsed.success) {
      setErrors(fieldErrors(lang, parsed.error));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await submitIdentity(parsed.data);
    } catch (err) {
      setFailure(apiErrorText(lang, err));
    } finally {
      setSending(false);
    }
  }

  const described = (name: string) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': idOf(`${name}-error`) } : {});
  const errorOf = (name: string) =>
    errors[name] ? (
      <p id={idOf(`${name}-error`)} className="mt-1 text-sm text-red-600">
        {errors[name]}
      </p>
    ) : null;
  /** The props every field's control shares: its id, value, change, look and error description. */
  const control = (name: Field) => ({
    id: idOf(name),
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    className: `${input} ${errors[name] ? 'border-red-500' : 'border-gray-300'}`,
    ...described(name),
  });
  const row = (name: Field, field: ReactNode) => (
    <div>
      <label htmlFor={idOf(name)} className="block text-sm font-medium text-gray-700">
        {t(LABELS[name])}
      </label>
      {field}
      {errorOf(name)}
    </div>
  );

  return (
    <form noValidate onFocus={() => void loadForm()} onSubmit={(e) => void submit(e)} className="grid max-w-md gap-4" aria-busy={sending || undefined}>
      {row('first_name', <input {...control('first_name')} autoComplete="given-name" />)}
      {row('last_name', <input {...control('last_name')} autoComplete="family-name" />)}
      {row('date_of_birth', <input {...control('date_of_birth')} type="date" autoComplete="bday" />)}
      {row(
        'country',
        <select {...control('country')}>
          <option value="">{t('identity.countryPlaceholder')}</option>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>,
      )}
      {row(
        'document_type',
        <select {...control('document_type')}>
          <option value="" disabled>
            {t('identity.documentTypePlaceholder')}
          </option>
          {DOCUMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`identity.documentType.${type}`)}
            </option>
          ))}
        </select>,
      )}
      {row('document_number', <input {...control('document_number')} autoComplete="off" />)}
      <div>
        <label className="flex items-start gap-2 text-sm text-gray-700">
          <input
            type="checkbox"
            name="consent"
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
            className="mt-0.5 h-5 w-5 shrink-0 rounded border-gray-300"
            {...described('consent')}
          />
          {t('identity.consent')}
        </label>
        {errorOf('consent')}
      </div>
      {failure && (
        <p role="alert" className="text-sm text-red-600">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={sending}>
        {sending ? t('identity.submitting') : t('identity.submit')}
      </Button>
    </form>
  );
}

function Outcome({ verification }: { verification: IdentityVerification }) {
  const t = useT();
  if (verification.status === 'approved') {
    return (
      <div role="status" data-idv="approved" className="space-y-2">
        <p className="font-medium text-green-800">{t('identity.approved.title')}</p>
        <p className="text-sm text-gray-700">{t('identity.approved.body', { name: `${verification.first_name} ${verification.last_name}` })}</p>
        <p className="text-sm text-gray-700">{t('identity.unlocks')}</p>
      </div>
    );
  }
  if (verification.status === 'pending') {
    return (
      <div role="status" data-idv="pending" className="space-y-2">
        <p className="font-medium text-yellow-800">{t('identity.pending.title')}</p>
        <p className="text-sm text-gray-700">{t('identity.pending.body')}</p>
      </div>
    );
  }
  return (
    <div role="alert" data-idv="rejected" className="space-y-3">
      <p className="font-medium text-red-800">{t('identity.rejected.title')}</p>
      {verification.reason && <p className="text-sm text-gray-700">{t(`identity.reason.${verification.reason}`)}</p>}
      <Button variant="outline" onClick={retryIdentity}>
        {t('identity.tryAgain')}
      </Button>
    </div>
  );
}

function Identity({ served }: { served: IdentityVerification | null }) {
  const t = useT();
  const live = useStore($identity);
  // The served submission until the store has taken it (after hydration), then the store's.
  const [taken, setTaken] = useState(false);
  useEffect(() => {
    watchIdentity(served);
    setTaken(true);
  }, [served]);
  const verification = taken ? live : served;
  return (
    <SettingsSection title={t('identity.title')} description={verification ? undefined : t('identity.intro')}>
      <div aria-live="polite">{verification ? <Outcome verification={verification} /> : <IdentityForm />}</div>
    </SettingsSection>
  );
}

export default function IdentityPage({ seed, verification }: { seed?: PageSeed; verification?: IdentityVerification | null }) {
  return (
    <AppShell title="identity.title" variant="settings" seed={seed}>
      <Identity served={verification ?? null} />
    </AppShell>
  );
}
