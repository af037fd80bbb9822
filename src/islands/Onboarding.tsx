// /onboarding (the spec does not show it): the first steps for a new user, each a link to the
// screen where it happens.
import type { TranslationKey } from '../i18n';
import { useT } from '../components/use-t';
import type { PageSeed } from '../shared/page-seed';
import AppShell from './AppShell';
import { Glyph, type GlyphName } from './shell/icons';
import { PageHeader } from './shell/PageHeader';

const STEPS: readonly { key: string; href: string; icon: GlyphName }[] = [
  { key: 'account', href: '/accounts', icon: 'accounts' },
  { key: 'language', href: '/settings/security', icon: 'settings' },
  { key: 'market', href: '/market', icon: 'market' },
  { key: 'help', href: '/support', icon: 'support' },
];

function Onboarding() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('onboarding.title')} description={t('onboarding.subtitle')} />
      <ol className="grid gap-4 sm:grid-cols-2">
        {STEPS.map((step, i) => (
          <li key={step.key}>
            <a href={step.href} className="flex h-full gap-4 rounded-xl border border-gray-200 bg-white p-5 hover:border-gray-400">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-gray-900 text-sm font-semibold text-white" aria-hidden="true">
                {i + 1}
              </span>
              <span>
                <span className="flex items-center gap-2 font-medium text-gray-900">
                  {/* The icon keeps its size when a longer title (French) wraps. */}
                  <Glyph name={step.icon} className="h-4 w-4 shrink-0" />
                  {t(`onboarding.step.${step.key}.title` as TranslationKey)}
                </span>
                <span className="mt-1 block text-sm text-gray-600">{t(`onboarding.step.${step.key}.description` as TranslationKey)}</span>
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
