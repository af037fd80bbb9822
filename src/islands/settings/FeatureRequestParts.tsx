// What the two feature-request boards (the settings table and support's Requests tab) show alike:
// the status badge, the category's label, and the list's loading, error (with Try again, never the
// empty state's invitation) and empty states.
import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { cx } from '../../components/cx';
import { useT } from '../../components/use-t';
import { featureCategoryKey, featureStatusKey } from '../../shared/feature-request-labels';
import type { FeatureRequest, FeatureRequestsState } from '../../stores/feature-requests';
import { SpinnerRing } from '../shell/FullScreenSpinner';
import { Glyph } from '../shell/icons';

const STATUS_STYLE: Record<string, string> = {
  submitted: 'bg-gray-100 text-gray-700',
  under_review: 'bg-yellow-100 text-yellow-800',
  planned: 'bg-blue-100 text-blue-800',
  in_progress: 'bg-indigo-100 text-indigo-800',
  completed: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-700',
};

export function FeatureStatus({ item }: { item: FeatureRequest }) {
  const t = useT();
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[item.status] ?? STATUS_STYLE.submitted}`}>
      {t(featureStatusKey(item.status))}
    </span>
  );
}

/** The category in the user's language (a category the app does not know shows as it came); null when none. */
export function useCategoryLabel(): (category: string | null | undefined) => string | null {
  const t = useT();
  return (category) => {
    if (!category) return null;
    const key = featureCategoryKey(category);
    return key ? t(key) : category;
  };
}

/**
 * The list once it has rows (`children`), else its state: loading (rows already shown stay while
 * they reload), the error with Try again, or the empty state. `frame` styles each state's box.
 */
export function FeatureRequestsStates({
  state,
  onRetry,
  frame,
  children,
}: {
  state: FeatureRequestsState;
  onRetry: () => void;
  frame?: string;
  children: ReactNode;
}) {
  const t = useT();
  const { status, items } = state;
  if ((status === 'loading' && items.length === 0) || status === 'idle') {
    return (
      <div className={cx('flex justify-center p-10', frame)} role="status">
        <SpinnerRing />
        <span className="sr-only">{t('common.loading')}</span>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div role="alert" className={cx('flex flex-col items-center gap-3 p-10 text-center', frame)}>
        <p className="font-medium text-red-700">{t('featureRequests.error.title')}</p>
        <p className="text-sm text-gray-600">{t('featureRequests.error.description')}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className={cx('p-10 text-center', frame)}>
        <Glyph name="bulb" className="mx-auto h-10 w-10 text-gray-300" />
        <p className="mt-3 font-medium text-gray-900">{t('featureRequests.empty.title')}</p>
        <p className="mt-1 text-sm text-gray-600">{t('featureRequests.empty.description')}</p>
      </div>
    );
  }
  return children;
}
