// The pointer from the first signed-in screen to /onboarding while the new user's checklist is not
// complete: how many steps are done, in words, and a link to the checklist.
import { useT } from '../../components/use-t';
import type { OnboardingChecklist } from '../../shared/schemas/onboarding';

export function GetStartedBanner({ checklist }: { checklist: OnboardingChecklist }) {
  const t = useT();
  const done = checklist.steps.filter((s) => s.done).length;
  return (
    <section
      aria-labelledby="get-started-title"
      data-banner="get-started"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4"
    >
      <div className="min-w-0">
        <h2 id="get-started-title" className="font-medium text-gray-900">
          {t('onboarding.banner.title')}
        </h2>
        <p className="mt-1 text-sm text-gray-700">{t('onboarding.progress', { done, total: checklist.steps.length })}</p>
      </div>
      <a href="/onboarding" className="inline-flex min-h-11 items-center rounded-lg bg-gray-900 px-4 text-sm font-medium text-white hover:bg-gray-700">
        {t('onboarding.banner.action')}
      </a>
    </section>
  );
}
