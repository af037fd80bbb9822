// The Requests tab of /support: the community's feature requests sorted by score, each with an
// upvote button (pressed again: Unvote) and the score; no downvote here, as the spec says. 'Submit
// Feature Request' opens the shared submit dialog (5-200 / 10-2000 characters with live counters).
// Store and dialog are the settings page's, with support's toasts.
// A failed load is an error with Try again, not the empty state.
import { useStore } from '@nanostores/react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { lazyDialog } from '../../components/lazy-dialog';
import { Button } from '../../components/Button';
import { cx } from '../../components/cx';
import { OFFSCREEN_ITEM } from '../../components/ListTable';
import { useT } from '../../components/use-t';
import { formatDate } from '../../shared/format';
import { featureRequestDescription, featureRequestTitle } from '../../shared/feature-request-labels';
import { $featureRequests, loadFeatureRequests, vote, type FeatureRequest } from '../../stores/feature-requests';
import { refocus } from '../common/refocus';
import { FeatureRequestsStates, FeatureStatus, useCategoryLabel } from '../settings/FeatureRequestParts';
import { Glyph } from '../shell/icons';

const SubmitFeatureRequestModal = lazyDialog(() => import('../settings/SubmitFeatureRequestModal'));

function Upvote({ item, busy }: { item: FeatureRequest; busy: boolean }) {
  const t = useT();
  const on = item.myVote === 'upvote';
  const ref = useRef<HTMLButtonElement>(null);
  const onClick = async () => {
    await vote(item.id, 'upvote', 'support');
    // The button is disabled while the vote travels; keep the keyboard focus on it.
    setTimeout(() => refocus(ref.current));
  };
  return (
    <div className="flex shrink-0 flex-col items-center gap-1">
      <button
        type="button"
        aria-pressed={on}
        aria-label={`${on ? t('featureRequests.unvote') : t('featureRequests.upvote')}, ${t('featureRequests.upvotes', { count: item.upvotes })}`}
        title={on ? t('featureRequests.unvote') : t('featureRequests.upvote')}
        disabled={busy}
        ref={ref}
        onClick={() => void onClick()}
        data-vote="up"
        className={cx(
          'inline-flex min-h-11 min-w-11 flex-col items-center justify-center rounded-lg border px-2 text-sm font-medium disabled:opacity-60',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900',
          on ? 'border-green-300 bg-green-50 text-green-800' : 'border-gray-200 text-gray-700 hover:bg-gray-50',
        )}
      >
        <Glyph name="arrowUp" className="h-4 w-4" />
        <span data-count="up">{item.upvotes}</span>
      </button>
      <span className="text-xs text-gray-500" data-score="">
        {t('featureRequests.score')}: {item.total_score}
      </span>
    </div>
  );
}

export function Requests() {
  const t = useT();
  const state = useStore($featureRequests);
  const { items, pending } = state;
  const [open, setOpen] = useState(false);

  useEffect(() => {
    void loadFeatureRequests('support');
  }, []);

  const category = useCategoryLabel();

  return (
    <section aria-labelledby="requests-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="requests-title" className="text-lg font-semibold text-gray-900">
            {t('featureRequests.title')}
          </h2>
          <p className="text-sm text-gray-600">{t('featureRequests.subtitle')}</p>
        </div>
        <Button onClick={() => setOpen(true)} data-action="submit-feature">
          <Glyph name="plus" className="h-4 w-4" />
          {t('featureRequests.submit.title')}
        </Button>
      </div>

      <FeatureRequestsStates state={state} onRetry={() => void loadFeatureRequests('support')} frame="rounded-xl border border-gray-200 bg-white">
        <ul className="space-y-3" aria-label={t('featureRequests.title')}>
          {items.map((item) => (
            <li key={item.id} data-id={item.id} className={cx('flex gap-4 rounded-xl border border-gray-200 bg-white p-4', OFFSCREEN_ITEM)}>
              <Upvote item={item} busy={pending.includes(item.id)} />
              <div className="min-w-0 flex-1">
                <h3 className="font-medium text-gray-900" data-title="">
                  {featureRequestTitle(t, item)}
                </h3>
                <p className="mt-1 line-clamp-2 text-sm text-gray-600">{featureRequestDescription(t, item)}</p>
                <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-gray-500">
                  <FeatureStatus item={item} />
                  {category(item.category) && <span className="rounded-full bg-gray-100 px-2 py-0.5 text-gray-700">{category(item.category)}</span>}
                  <span>{formatDate(item.created_at)}</span>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </FeatureRequestsStates>

      {open && (
        <Suspense fallback={null}>
          <SubmitFeatureRequestModal context="support" onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
