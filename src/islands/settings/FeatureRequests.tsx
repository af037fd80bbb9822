// /settings/feature-requests: the community board sorted by total score, with the votes column
// (upvote and its count, the score, downvote and its count), the empty state, and a 'Submit Feature
// Request' button that opens the submit modal (loaded on demand). Phones (< 768 px) get one card
// per request with the votes inside it, as /transactions does: the table's Votes column was
// off-screen there. A failed load is an error with Try again, not the empty state.
import { Suspense, useEffect, useMemo, useState } from 'react';
import { lazyDialog } from '../../components/lazy-dialog';
import { cx } from '../../components/cx';
import { OFFSCREEN_ITEM } from '../../components/ListTable';
import { useServedStore, useTimeZone } from '../../components/page-seed-context';
import { useT } from '../../components/use-t';
import { formatDate } from '../../shared/format';
import { featurePriorityKey, featureRequestDescription, featureRequestTitle } from '../../shared/feature-request-labels';
import { FIRST_SCREEN_ROWS, type PageSeed } from '../../shared/page-seed';
import {
  $featureRequests,
  loadFeatureRequests,
  servedFeatureRequests,
  vote,
  type FeatureRequest,
  type FeatureRequestsState,
  type ListedFeatureRequests,
} from '../../stores/feature-requests';
import AppShell from '../AppShell';
import { FeatureRequestsStates, FeatureStatus, useCategoryLabel } from './FeatureRequestParts';
import { Glyph } from '../shell/icons';
import { Button } from '../../components/Button';

const SubmitFeatureRequestModal = lazyDialog(() => import('./SubmitFeatureRequestModal'));

const COLUMNS = ['title', 'description', 'status', 'priority', 'category', 'date', 'votes'] as const;

function Votes({ item, busy }: { item: FeatureRequest; busy: boolean }) {
  const t = useT();
  const up = item.myVote === 'upvote';
  const down = item.myVote === 'downvote';
  const btn = (on: boolean, tone: 'up' | 'down') =>
    `inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-2 text-sm font-medium disabled:opacity-60 ${
      on ? (tone === 'up' ? 'bg-green-100 text-green-800' : 'bg-red-100 text-red-700') : 'text-gray-600 hover:bg-gray-100'
    }`;
  return (
    <div className="flex items-center gap-1" role="group" aria-label={t('featureRequests.column.votes')}>
      <button
        type="button"
        className={btn(up, 'up')}
        aria-pressed={up}
        aria-label={`${up ? t('featureRequests.unvote') : t('featureRequests.upvote')}, ${t('featureRequests.upvotes', { count: item.upvotes })}`}
        title={up ? t('featureRequests.unvote') : t('featureRequests.upvote')}
        disabled={busy}
        onClick={() => void vote(item.id, 'upvote')}
        data-vote="up"
      >
        <Glyph name="arrowUp" className="h-4 w-4" />
        <span data-count="up">{item.upvotes}</span>
      </button>
      <span className="min-w-8 text-center text-sm font-semibold text-gray-900" data-score="" aria-label={`${t('featureRequests.score')}: ${item.total_score}`}>
        {item.total_score}
      </span>
      <button
        type="button"
        className={btn(down, 'down')}
        aria-pressed={down}
        aria-label={`${down ? t('featureRequests.unvote') : t('featureRequests.downvote')}, ${t('featureRequests.downvotes', { count: item.downvotes })}`}
        title={down ? t('featureRequests.unvote') : t('featureRequests.downvote')}
        disabled={busy}
        onClick={() => void vote(item.id, 'downvote')}
        data-vote="down"
      >
        <Glyph name="arrowDown" className="h-4 w-4" />
        <span data-count="down">{item.downvotes}</span>
      </button>
    </div>
  );
}

export function FeatureRequests({ firstRequests }: { firstRequests?: ListedFeatureRequests | null }) {
  const t = useT();
  const timeZone = useTimeZone();
  // Rendered on the Worker: the first screenful came with the page (server and hydration show it).
  const served = useMemo<FeatureRequestsState | null>(
    () => (firstRequests ? { status: 'ready', items: servedFeatureRequests(firstRequests), pending: [] } : null),
    [firstRequests],
  );
  const state = useServedStore($featureRequests, served);
  const { items, pending } = state;
  const [open, setOpen] = useState(false);

  useEffect(() => {
    // A served list shorter than a screenful is the whole board; a full one is completed (rows stay).
    if (firstRequests && firstRequests.length < FIRST_SCREEN_ROWS) return;
    void loadFeatureRequests();
  }, [firstRequests]);

  const categoryLabel = useCategoryLabel();
  const category = (c: string | null | undefined) => categoryLabel(c) ?? t('common.none');

  return (
    <section className="rounded-xl border border-gray-200 bg-white" aria-labelledby="fr-title">
      <div className="flex flex-wrap items-center justify-between gap-4 border-b border-gray-200 p-6">
        <div>
          <h1 id="fr-title" className="text-xl font-semibold text-gray-900">
            {t('featureRequests.title')}
          </h1>
          <p className="mt-1 text-sm text-gray-600">{t('featureRequests.subtitle')}</p>
        </div>
        <Button onClick={() => setOpen(true)} data-action="new-feature-request">
          <Glyph name="plus" className="h-4 w-4" />
          {t('featureRequests.submit.title')}
        </Button>
      </div>

      <FeatureRequestsStates state={state} onRetry={() => void loadFeatureRequests()}>
        <>
          <div className="hidden overflow-x-auto md:block">
            <table aria-labelledby="fr-title" className="w-full min-w-[56rem] text-left text-sm">
              <thead className="bg-gray-50 text-xs uppercase tracking-wide text-gray-500">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="px-4 py-3 font-medium">
                      {t(`featureRequests.column.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200">
                {items.map((item) => (
                  <tr key={item.id} data-id={item.id} className="align-top">
                    <td className="max-w-[14rem] px-4 py-3 font-medium text-gray-900">{featureRequestTitle(t, item)}</td>
                    <td className="max-w-[22rem] px-4 py-3 text-gray-600">
                      <p className="line-clamp-2" title={featureRequestDescription(t, item)}>
                        {featureRequestDescription(t, item)}
                      </p>
                    </td>
                    <td className="px-4 py-3">
                      <FeatureStatus item={item} />
                    </td>
                    <td className="whitespace-nowrap px-4 py-3 text-gray-700">{t(featurePriorityKey(item.priority))}</td>
                    <td className="whitespace-nowrap px-4 py-3 text-gray-700">{category(item.category)}</td>
                    <td className="whitespace-nowrap px-4 py-3 text-gray-600">{formatDate(item.created_at, { timeZone })}</td>
                    <td className="px-4 py-2">
                      <Votes item={item} busy={pending.includes(item.id)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="divide-y divide-gray-200 md:hidden" aria-labelledby="fr-title">
            {items.map((item) => (
              <li key={item.id} data-id={item.id} data-card="feature-request" className={cx('space-y-2 p-4', OFFSCREEN_ITEM)}>
                <h2 className="font-medium text-gray-900">{featureRequestTitle(t, item)}</h2>
                <p className="line-clamp-3 break-words text-sm text-gray-600">{featureRequestDescription(t, item)}</p>
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-gray-600">
                  <FeatureStatus item={item} />
                  <span>
                    {t('featureRequests.column.priority')}: {t(featurePriorityKey(item.priority))}
                  </span>
                  <span aria-hidden="true">·</span>
                  <span>{category(item.category)}</span>
                  <span aria-hidden="true">·</span>
                  <span>{formatDate(item.created_at, { timeZone })}</span>
                </p>
                <Votes item={item} busy={pending.includes(item.id)} />
              </li>
            ))}
          </ul>
        </>
      </FeatureRequestsStates>

      {open && (
        <Suspense fallback={null}>
          <SubmitFeatureRequestModal onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}

export default function FeatureRequestsPage({ seed, firstRequests }: { seed?: PageSeed; firstRequests?: ListedFeatureRequests | null }) {
  return (
    <AppShell title="featureRequests.title" variant="settings" seed={seed}>
      <FeatureRequests firstRequests={firstRequests} />
    </AppShell>
  );
}
