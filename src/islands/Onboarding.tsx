// /onboarding (the spec does not show it): the new user's checklist (verify identity, add dollars, a
// first purchase or send), each step a link to its screen with whether it is done, said in words
// and not by colour alone; then more to explore. The checklist comes with the page (GET
// /api/onboarding, read on the Worker); when that read failed the steps show without their state.
import type { TranslationKey } from '../i18n';
import { useT } from '../components/use-t';
import type { PageSeed } from '../shared/page-seed';
import type { OnboardingChecklist } from '../shared/schemas/onboarding';
import { ONBOARDING_STEPS, type OnboardingStep } from '../shared/onboarding';
import AppShell from './AppShell';
import { Glyph, type GlyphName } from './shell/icons';
import { PageHeader } from './shell/PageHeader';

/** Each checklist step's words and screens: the main link, and for the last step the wallet's Send too. */
const CHECKLIST: Record<
  OnboardingStep,
  { title: TranslationKey; description: TranslationKey; href: string; action: TranslationKey; also?: { href: string; action: TranslationKey } }
> = {
  verify_identity: {
    title: 'onboarding.checklist.verify_identity.title',
    description: 'onboarding.checklist.verify_identity.description',
    href: '/settings/identity',
    action: 'onboarding.checklist.verify_identity.action',
  },
  add_dollars: {
    title: 'onboarding.checklist.add_dollars.title',
    description: 'onboarding.checklist.add_dollars.description',
    href: '/accounts/usd',
    action: 'onboarding.checklist.add_dollars.action',
  },
  first_purchase_or_send: {
    title: 'onboarding.checklist.first_purchase_or_send.title',
    description: 'onboarding.checklist.first_purchase_or_send.description',
    href: '/transactions',
    action: 'onboarding.checklist.first_purchase_or_send.action',
    also: { href: '/accounts/digital-assets', action: 'onboarding.checklist.first_purchase_or_send.also' },
  },
};

const EXPLORE: readonly { title: TranslationKey; description: TranslationKey; href: string; icon: GlyphName }[] = [
  { title: 'onboarding.step.account.title', description: 'onboarding.step.account.description', href: '/accounts', icon: 'accounts' },
  { title: 'onboarding.step.language.title', description: 'onboarding.step.language.description', href: '/settings/security', icon: 'settings' },
  { title: 'onboarding.step.market.title', description: 'onboarding.step.market.description', href: '/market', icon: 'market' },
  { title: 'onboarding.step.help.title', description: 'onboarding.step.help.description', href: '/support', icon: 'support' },
];

function Checklist({ checklist }: { checklist: OnboardingChecklist | null }) {
  const t = useT();
  const done = new Map(checklist?.steps.map((s) => [s.id, s.done]));
  return (
    <section aria-labelledby="checklist-title" className="mb-10">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="checklist-title" className="text-lg font-semibold text-gray-900">
          {t('onboarding.checklist.title')}
        </h2>
        {checklist && (
          <p className="text-sm text-gray-600" data-progress>
            {checklist.complete
              ? t('onboarding.complete')
              : t('onboarding.progress', { done: checklist.steps.filter((s) => s.done).length, total: checklist.steps.length })}
          </p>
        )}
      </div>
      <ol className="grid gap-4 lg:grid-cols-3">
        {ONBOARDING_STEPS.map((id, i) => {
          const step = CHECKLIST[id];
          const isDone = done.get(id);
          return (
            <li
              key={id}
              data-step={id}
              data-done={isDone === undefined ? undefined : String(isDone)}
              className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-5"
            >
              <div className="flex items-start gap-3">
                <span
                  className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${isDone ? 'bg-emerald-600 text-white' : 'bg-gray-900 text-white'}`}
                  aria-hidden="true"
                >
                  {isDone ? <Glyph name="check" className="h-5 w-5" /> : i + 1}
                </span>
                <div className="min-w-0">
                  <h3 className="font-medium text-gray-900">{t(step.title)}</h3>
                  {isDone !== undefined && (
                    <p className={`text-sm font-medium ${isDone ? 'text-emerald-700' : 'text-gray-600'}`}>
                      {t(isDone ? 'onboarding.step.done' : 'onboarding.step.todo')}
                    </p>
                  )}
                </div>
              </div>
              <p className="text-sm text-gray-600">{t(step.description)}</p>
              <div className="mt-auto flex flex-wrap gap-x-4 gap-y-2 text-sm font-medium">
                <a href={step.href} className="inline-flex min-h-11 items-center text-gray-900 underline underline-offset-4 hover:text-gray-600">
                  {t(step.action)}
                </a>
                {step.also && (
                  <a href={step.also.href} className="inline-flex min-h-11 items-center text-gray-900 underline underline-offset-4 hover:text-gray-600">
                    {t(step.also.action)}
                  </a>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export function Onboarding({ checklist }: { checklist: OnboardingChecklist | null }) {
  const t = useT();
  return (
    <>
      <PageHeader title={t('onboarding.title')} description={t('onboarding.subtitle')} />
      <Checklist checklist={checklist} />
      <section aria-labelledby="explore-title">
        <h2 id="explore-title" className="mb-4 text-lg font-semibold text-gray-900">
          {t('onboarding.explore.title')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {EXPLORE.map((step) => (
            <li key={step.href}>
              <a href={step.href} className="flex h-full gap-4 rounded-xl border border-gray-200 bg-white p-5 hover:border-gray-400">
                <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-gray-100 text-gray-900" aria-hidden="true">
                  <Glyph name={step.icon} className="h-5 w-5" />
                </span>
                <span>
                  <span className="block font-medium text-gray-900">{t(step.title)}</span>
                  <span className="mt-1 block text-sm text-gray-600">{t(step.description)}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export default function OnboardingPage({ seed, checklist = null }: { seed?: PageSeed; checklist?: OnboardingChecklist | null }) {
  return (
    <AppShell title="onboarding.title" seed={seed}>
      <Onboarding checklist={checklist} />
    </AppShell>
  );
}
