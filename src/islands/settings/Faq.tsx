// /settings/faq: questions and answers about the product, one <details> each (keyboard and
// screen-reader friendly without script).
import type { TranslationKey } from '../../i18n';
import { useT } from '../../components/use-t';
import type { PageSeed } from '../../shared/page-seed';
import AppShell from '../AppShell';
import { SettingsSection } from './SettingsSection';

/** The questions in the order shown, each with its answer. */
const FAQ_ITEMS: readonly { question: TranslationKey; answer: TranslationKey }[] = [
  { question: 'settings.faq.what.question', answer: 'settings.faq.what.answer' },
  { question: 'settings.faq.custody.question', answer: 'settings.faq.custody.answer' },
  { question: 'settings.faq.accounts.question', answer: 'settings.faq.accounts.answer' },
  { question: 'settings.faq.digitalAssets.question', answer: 'settings.faq.digitalAssets.answer' },
  { question: 'settings.faq.language.question', answer: 'settings.faq.language.answer' },
  { question: 'settings.faq.security.question', answer: 'settings.faq.security.answer' },
  { question: 'settings.faq.who.question', answer: 'settings.faq.who.answer' },
  { question: 'settings.faq.ideas.question', answer: 'settings.faq.ideas.answer' },
];

function Faq() {
  const t = useT();
  return (
    <SettingsSection title={t('settings.faq.title')} description={t('settings.faq.description')}>
      <div className="divide-y divide-gray-200 rounded-lg border border-gray-200">
        {FAQ_ITEMS.map((item) => (
          <details key={item.question} className="group px-4 py-3">
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 text-sm font-medium text-gray-900">
              {t(item.question)}
              <span aria-hidden="true" className="text-gray-400 transition group-open:rotate-180">
                ▾
              </span>
            </summary>
            <p className="pb-2 text-sm leading-6 text-gray-600">{t(item.answer)}</p>
          </details>
        ))}
      </div>
    </SettingsSection>
  );
}

export default function FaqPage({ seed }: { seed?: PageSeed }) {
  return (
    <AppShell title="settings.faq.title" variant="settings" seed={seed}>
      <Faq />
    </AppShell>
  );
}
