// /login: step 1 the country and phone number (shown in international form before the code is
// sent), step 2 the six-digit code sent by SMS, 'Change number' back to step 1 with the number kept,
// a 60 s resend countdown, errors in a red box and successes in a green one. Success goes
// to /dashboard, or back to the signed-in page the Worker sent the visitor here from (`?next=`, a
// same-origin path only); a visitor who is already signed in goes there at once.
// The Worker renders it with the view it decided (`view`: the step, the number, the message, the
// countdown, in the visitor's language), and its forms post to the Worker, so they work before this
// island has hydrated (or without JavaScript at all); once hydrated it does the same steps in the
// browser without leaving the page.
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { htmlLang } from '../i18n';
import { useLang, useT } from '../components/use-t';
import { ServedLanguageProvider } from '../components/page-seed-context';
import { countryEntries, type LoginMessage, type LoginView } from '../shared/login-view';
import { authErrorText } from '../shared/error-text';
import { safeNext } from '../shared/safe-next';
import { isCompleteCode, RESEND_SECONDS, sanitizeCode } from '../shared/phone';
import { checkPhone, countryOptions, defaultCountry, loadPhoneMetadata, type CountryCode, type PhoneMetadata } from '../shared/phone-number';
import { $auth, loadAuthClient, startAuth } from '../stores/auth';
import { $langReady } from '../stores/lang';
import { useDocumentTitle } from './shell/hooks';
import { FullScreenSpinner } from './shell/FullScreenSpinner';
import { BRAND_MARK } from '../components/brand-mark';

export { RESEND_SECONDS };

/** The fixed-code test numbers are accepted where the app runs its own sign-in service (no Supabase project). */
const LOCAL_SIGN_IN = !import.meta.env.PUBLIC_SUPABASE_URL;

/**
 * Where to go once signed in: the `next` path the Worker's page guard put in the address when it is a
 * safe same-origin path (`safeNext`: judged after normalisation, so no open redirect), else /dashboard.
 */
export function afterSignIn(search: string = globalThis.location?.search ?? ''): string {
  return safeNext(new URLSearchParams(search).get('next'));
}

/** Where the forms post when the island has not hydrated (src/worker/login/routes.ts). */
const FORM_ACTION = '/login';

/**
 * `appStylesheet`: the signed-in pages' sheet (the page itself has its own, written into it: src/styles/login.css).
 * It is fetched once the island runs, at the lowest priority, so the first signed-in page finds it
 * cached; requested by the HTML it would start before the first paint, on the paint's path.
 */
export default function Login({ view, appStylesheet }: { view?: LoginView; appStylesheet?: string }) {
  useEffect(() => {
    if (!appStylesheet || document.querySelector(`link[href="${CSS.escape(appStylesheet)}"]`)) return;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = appStylesheet;
    document.head.appendChild(link);
  }, [appStylesheet]);
  return (
    <ServedLanguageProvider lang={view?.lang}>
      <LoginScreen view={view} />
    </ServedLanguageProvider>
  );
}

function LoginScreen({ view }: { view?: LoginView }) {
  const t = useT();
  const lang = useLang();
  useDocumentTitle('login.title');
  const auth = useStore($auth);
  const langReady = useStore($langReady);
  const [step, setStep] = useState<'phone' | 'code'>(view?.step ?? 'phone');
  const [phone, setPhone] = useState(view?.phone ?? '');
  // The Worker chose the country from Accept-Language; without it, the browser's languages are the same list.
  const [country, setCountry] = useState<CountryCode>(
    () => (view?.country as CountryCode | undefined) ?? defaultCountry(navigator.languages ?? [navigator.language], lang),
  );
  const [metadata, setMetadata] = useState<PhoneMetadata | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<LoginMessage | null>(view?.message ?? null);
  const [countdown, setCountdown] = useState(view?.resendIn ?? 0);
  // Until hydration the buttons stay enabled, as in the HTML: without the island the forms post, and
  // the Worker applies the same rules.
  const [hydrated, setHydrated] = useState(false);
  const ids = { country: useId(), phone: useId(), preview: useId(), code: useId(), codeForm: useId(), message: useId() };
  const codeInput = useRef<HTMLInputElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  const countrySelect = useRef<HTMLSelectElement>(null);
  const navigating = useRef(false);
  // The last code sent: 'Change number' keeps it, so the same number again while that code is
  // still in its resend window goes straight to the code step (asking again would only hit the
  // provider's send limit and leave the user stuck on step 1).
  const lastSent = useRef<{ phone: string; resendAt: number } | null>(
    view?.step === 'code' ? { phone: view.phone, resendAt: Date.now() + view.resendIn * 1000 } : null,
  );

  useEffect(() => {
    // What the visitor typed or picked in the HTML's fields before hydration is kept.
    if (phoneInput.current) setPhone(phoneInput.current.value);
    if (countrySelect.current) setCountry(countrySelect.current.value as CountryCode);
    if (codeInput.current) setCode(sanitizeCode(codeInput.current.value));
    setHydrated(true);
  }, []);
  useEffect(() => startAuth(), []);
  useEffect(() => {
    let live = true;
    void loadPhoneMetadata().then((lib) => live && setMetadata(lib));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (auth.status === 'authenticated' && !navigating.current) {
      navigating.current = true;
      location.replace(afterSignIn());
    }
  }, [auth.status]);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  useEffect(() => {
    (step === 'code' ? codeInput : phoneInput).current?.focus();
  }, [step]);

  const checked = metadata && checkPhone(metadata, phone, country, LOCAL_SIGN_IN);

  async function send(resend: boolean) {
    setMessage(null);
    // The first tap may come before the metadata: wait for it rather than lose the tap.
    const valid = checked ?? checkPhone(await loadPhoneMetadata(), phone, country, LOCAL_SIGN_IN);
    if (!valid) {
      setMessage({ kind: 'error', key: 'login.error.invalidPhone' });
      return;
    }
    const normalized = valid.e164;
    const sent = lastSent.current;
    const waitMs = sent && sent.phone === normalized ? sent.resendAt - Date.now() : 0;
    if (!resend && waitMs > 0) {
      setStep('code');
      setCountdown(Math.ceil(waitMs / 1000));
      setMessage({ kind: 'success', key: 'login.codeStillValid', params: { phone: normalized } });
      return;
    }
    setBusy(true);
    try {
      const { error } = await (await loadAuthClient()).signInWithOtp({ phone: normalized });
      if (error) {
        // GoTrue answers in English: known codes (the send limit with its seconds) are translated.
        setMessage({ kind: 'error', text: authErrorText(lang, error) });
        return;
      }
      lastSent.current = { phone: normalized, resendAt: Date.now() + RESEND_SECONDS * 1000 };
      setStep('code');
      setCountdown(RESEND_SECONDS);
      setMessage(resend ? { kind: 'success', key: 'login.codeResent' } : { kind: 'success', key: 'login.codeSent', params: { phone: normalized } });
    } catch {
      setMessage({ kind: 'error', key: 'login.error.sendFailed' });
    } finally {
      setBusy(false);
    }
  }

  async function verify(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    if (!isCompleteCode(code)) {
      setMessage({ kind: 'error', key: 'login.error.invalidCodeFormat' });
      return;
    }
    setBusy(true);
    try {
      const { data, error } = await (await loadAuthClient()).verifyOtp({ phone: lastSent.current?.phone ?? '', token: code, type: 'sms' });
      if (error || !data.user) {
        setMessage({ kind: 'error', key: 'login.error.invalidCode' });
        setBusy(false);
        return;
      }
      navigating.current = true;
      location.assign(afterSignIn());
    } catch {
      setMessage({ kind: 'error', key: 'login.error.verificationFailed' });
      setBusy(false);
    }
  }

  function changeNumber() {
    setStep('phone');
    setCode('');
    setCountdown(0);
    setMessage(null);
    setBusy(false);
  }

  // A page the Worker rendered shows its form at once (a signed-in visitor is sent on by the effect above).
  if (view ? auth.status === 'authenticated' : auth.status !== 'unauthenticated' || !langReady) return <FullScreenSpinner label={t('common.loading')} />;

  const text = message ? (message.key ? t(message.key, message.params) : message.text) : '';
  const input =
    'mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-3 text-base text-gray-900 placeholder:text-gray-400 focus:border-gray-900 focus:outline-none focus:ring-2 focus:ring-gray-900/20';
  const primary =
    'inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-gray-900 px-4 py-3 text-sm font-semibold text-white hover:bg-gray-800 disabled:cursor-not-allowed disabled:opacity-50';
  const link =
    'min-h-11 px-1 text-sm font-medium text-gray-700 underline-offset-2 hover:underline disabled:cursor-not-allowed disabled:text-gray-400 disabled:no-underline';

  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-100 px-4 py-10">
      <div className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-sm sm:p-8">
        <a href="/" className="mb-6 inline-flex" aria-label={t('login.home')}>
          {/* The brand mark the public pages show, written into the page (no request before the first paint). */}
          <img src={BRAND_MARK} alt="" width={40} height={40} />
        </a>
        <h1 className="text-2xl font-semibold text-gray-900">{t('login.title')}</h1>
        <p className="mt-1 text-sm text-gray-600">{step === 'phone' ? t('login.subtitle') : t('login.codeSubtitle')}</p>

        <div aria-live="polite" id={ids.message}>
          {message && (
            <p
              role={message.kind === 'error' ? 'alert' : 'status'}
              data-kind={message.kind}
              className={`mt-4 rounded-lg border px-3 py-2 text-sm ${
                message.kind === 'error' ? 'border-red-200 bg-red-50 text-red-700' : 'border-green-200 bg-green-50 text-green-700'
              }`}
            >
              {text}
            </p>
          )}
        </div>

        {step === 'phone' ? (
          <form
            method="post"
            action={FORM_ACTION}
            className="mt-6 space-y-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void send(false);
            }}
          >
            <div>
              <label htmlFor={ids.country} className="block text-sm font-medium text-gray-700">
                {t('login.country.label')}
              </label>
              <select
                ref={countrySelect}
                id={ids.country}
                name="country"
                autoComplete="country"
                value={country}
                onChange={(e) => setCountry(e.target.value as CountryCode)}
                className={input}
              >
                {metadata || view ? (
                  (metadata ? countryOptions(metadata, htmlLang(lang)) : countryEntries(view!.countries)).map((o) => (
                    <option key={o.code} value={o.code}>
                      {o.label}
                    </option>
                  ))
                ) : (
                  <option value={country}>{new Intl.DisplayNames([htmlLang(lang)], { type: 'region' }).of(country)}</option>
                )}
              </select>
            </div>
            <div>
              <label htmlFor={ids.phone} className="block text-sm font-medium text-gray-700">
                {t('login.phone.label')}
              </label>
              <input
                ref={phoneInput}
                id={ids.phone}
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder={t('login.phone.placeholder')}
                value={phone}
                onChange={(e) => setPhone(e.target.value)}
                aria-invalid={message?.key === 'login.error.invalidPhone' || undefined}
                aria-describedby={[message && ids.message, checked && ids.preview].filter(Boolean).join(' ') || undefined}
                className={input}
                required
              />
              {checked && (
                <p id={ids.preview} className="mt-2 text-sm text-gray-600">
                  {/* No-break spaces: the number never splits across lines. */}
                  {t('login.phone.willSend', { phone: checked.international.replace(/ /g, '\u00a0') })}
                </p>
              )}
            </div>
            <input type="hidden" name="next" value={view?.next ?? ''} />
            <button type="submit" name="intent" value="send" className={primary} disabled={hydrated && (busy || !phone.trim())}>
              {busy ? t('login.sendingCode') : t('login.sendCode')}
            </button>
          </form>
        ) : (
          <form id={ids.codeForm} method="post" action={FORM_ACTION} className="mt-6 space-y-4" noValidate onSubmit={verify}>
            <div>
              <label htmlFor={ids.code} className="block text-sm font-medium text-gray-700">
                {t('login.code.label')}
              </label>
              <input
                ref={codeInput}
                id={ids.code}
                name="code"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={6}
                placeholder={t('login.code.placeholder')}
                value={code}
                onChange={(e) => setCode(sanitizeCode(e.target.value))}
                aria-describedby={message ? ids.message : undefined}
                className={`${input} tracking-[0.3em] placeholder:tracking-normal`}
                required
              />
            </div>
            <input type="hidden" name="next" value={view?.next ?? ''} />
            <button type="submit" name="intent" value="verify" className={primary} disabled={hydrated && (busy || !isCompleteCode(code))}>
              {busy ? t('login.verifying') : t('login.verify')}
            </button>
          </form>
        )}
        {step === 'code' && (
          // Outside the code form but submitting it (`form`), so they work before hydration, while
          // the form's one submit button stays Verify (which Enter presses).
          <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
            <button
              type="submit"
              form={ids.codeForm}
              name="change"
              value="1"
              formNoValidate
              className={link}
              onClick={(e) => {
                e.preventDefault();
                changeNumber();
              }}
            >
              {t('login.changeNumber')}
            </button>
            <button
              type="submit"
              form={ids.codeForm}
              name="resend"
              value="1"
              formNoValidate
              className={link}
              disabled={hydrated && (busy || countdown > 0)}
              onClick={(e) => {
                e.preventDefault();
                void send(true);
              }}
            >
              {countdown > 0 ? t('login.resendIn', { seconds: String(countdown) }) : t('login.resendCode')}
            </button>
          </div>
        )}
      </div>
    </main>
  );
}
