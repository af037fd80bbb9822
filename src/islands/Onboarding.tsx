// /onboarding (the spec does not show it): the first steps for a new user, each a link to the
// screen where it happens.
import type { TranslationKey } from '../i18n';
import { useT } from '../components/use-t';
import type { PageSeed } from '../shared/page-seed';
import AppShell from './AppShell';
import { Glyph, type GlyphName } from './shell/icons';
import { PageHeader } from './shell/PageHeader';

const STEPS: readonly { title: TranslationKey; description: TranslationKey; href: string; icon: GlyphName }[] = [
  { title: 'onboarding.step.account.title', description: 'onboarding.step.account.description', href: '/accounts', icon: 'accounts' },
  { title: 'onboarding.step.language.title', description: 'onboarding.step.language.description', href: '/settings/security', icon: 'settings' },
  { title: 'onboarding.step.market.title', description: 'onboarding.step.market.description', href: '/market', icon: 'market' },
  { title: 'onboarding.step.help.title', description: 'onboarding.step.help.description', href: '/support', icon: 'support' },
];

function Onboarding() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('onboarding.title')} description={t('onboarding.subtitle')} />
      <ol className="grid gap-4 sm:grid-cols-2">
        {STEPS.map((step, i) => (
          <li key={step.href}>
            <a href={step.href} className="flex h-full gap-4 rounded-xl border border-gray-200 bg-white p-5 hover:border-gray-400">
              <span
                className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-gray-900 text-sm font-semibold text-white"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <span>
                <span className="flex items-center gap-2 font-medium text-gray-900">
                  {/* The icon keeps its size when a longer title (French) wraps. */}
                  <Glyph name={step.icon} className="h-4 w-4 shrink-0" />
                  {t(step.title)}
                </span>
                <span className="mt-1 block text-sm text-gray-600">{t(step.description)}</span>
              </span>
            </a>
          </li>
        ))}
      </ol>
    </>
  );
}

export default function OnboardingPage({ seed }: { seed?: PageSeed }) {
  return (
    <AppShell title="onboarding.title" seed={seed}>
      <Onboarding />
    </AppShell>
  );
}
