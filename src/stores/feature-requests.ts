// Feature requests of the settings page and of the support page's Requests tab: the list sorted by
// total score (limit 50 in settings), voting with the counts updated at once and rolled back when
// the server refuses, and submitting a new request. The two pages word their toasts differently,
// hence the `context` argument.
import { atom } from 'nanostores';
import { t, type TranslationKey } from '../i18n';
import { api, unwrap } from './api';
import { applyVote, voteScore, type VoteState } from '../shared/voting';
import type { VoteType } from '../shared/schemas/feature-request';
import { $lang } from './lang';
import { toast } from './toasts';

type FeatureRequestsApi = ReturnType<typeof api>['feature-requests'];
type Listed = Awaited<ReturnType<typeof unwrap<Awaited<ReturnType<FeatureRequestsApi['$get']>>>>>;
export type FeatureRequest = Listed[number] & { myVote: VoteType | null };
type SubmitArgs = Parameters<FeatureRequestsApi['$post']>[0];
export type FeatureRequestSubmission = SubmitArgs extends { json: infer J } ? J : never;

export interface FeatureRequestsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: FeatureRequest[];
  /** Ids with a vote on its way to the server. */
  pending: readonly string[];
}

export const $featureRequests = atom<FeatureRequestsState>({ status: 'idle', items: [], pending: [] });

export const SETTINGS_LIST_LIMIT = 50;

/** The list call's rows as the store keeps them (the caller's own vote as `myVote`), by score. */
export const servedFeatureRequests = (listed: Listed): FeatureRequest[] => sortByScore(listed.map((r) => ({ ...r, myVote: r.my_vote ?? null })));

export type ListedFeatureRequests = Listed;

/** Which page asks: the toasts differ (settings is the default). */
export type FeatureRequestContext = 'settings' | 'support';

const MESSAGES: Record<
  FeatureRequestContext,
  {
    loadFailed: [TranslationKey, TranslationKey | null];
    voteFailed: [TranslationKey, TranslationKey];
    voted: [TranslationKey, TranslationKey] | null;
    /** Taking a vote back is not "your vote has been counted". */
    unvoted: [TranslationKey, TranslationKey] | null;
    submitted: [TranslationKey, TranslationKey | null];
    submitFailed: [TranslationKey, TranslationKey];
  }
> = {
  settings: {
    loadFailed: ['toast.featureRequestsLoadFailed', 'toast.tryAgainLater'],
    voteFailed: ['toast.featureRequestVoteFailed', 'toast.tryAgainLater'],
    voted: null,
    unvoted: null,
    submitted: ['toast.featureRequestSubmittedSettings.title', 'toast.featureRequestSubmittedSettings.description'],
    submitFailed: ['toast.featureRequestSubmitFailed', 'toast.tryAgainLater'],
  },
  support: {
    loadFailed: ['toast.featureRequestsLoadFailed', null],
    voteFailed: ['toast.voteFailed', 'toast.tryAgain'],
    voted: ['toast.voteRecorded.title', 'toast.voteRecorded.description'],
    unvoted: ['toast.voteRemoved.title', 'toast.voteRemoved.description'],
    submitted: ['toast.featureRequestSubmitted', null],
    submitFailed: ['toast.featureRequestSubmitFailed', 'toast.tryAgain'],
  },
};

const say = (type: 'success' | 'error', [title, description]: [TranslationKey, TranslationKey | null]) =>
  toast({ type, title: tr(title), description: description ? tr(description) : undefined });

const tr = (key: TranslationKey) => t($lang.get(), key);

/** The list as the settings page shows it: highest total score first. */
export function sortByScore<T extends { total_score: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => b.total_score - a.total_score);
}

export async function loadFeatureRequests(context: FeatureRequestContext = 'settings'): Promise<void> {
  $featureRequests.set({ ...$featureRequests.get(), status: 'loading' });
  try {
    const data = await unwrap(
      api()['feature-requests'].$get({
        query: { sortBy: 'total_score', sortOrder: 'desc', ...(context === 'settings' ? { limit: String(SETTINGS_LIST_LIMIT) } : {}) },
      }),
    );
    // The list carries the caller's own vote (my_vote), so no my-vote round trip per row.
    const items = data.map((r) => ({ ...r, myVote: r.my_vote ?? null }));
    $featureRequests.set({ status: 'ready', items: sortByScore(items), pending: [] });
  } catch (err) {
    console.error('Failed to load feature requests', err instanceof Error ? err.message : err);
    $featureRequests.set({ status: 'error', items: [], pending: [] });
    say('error', MESSAGES[context].loadFailed);
  }
}

function replaceItem(id: string, update: (item: FeatureRequest) => FeatureRequest): void {
  const state = $featureRequests.get();
  $featureRequests.set({ ...state, items: state.items.map((i) => (i.id === id ? update(i) : i)) });
}

function setPending(id: string, on: boolean): void {
  const state = $featureRequests.get();
  const pending = state.pending.filter((p) => p !== id);
  $featureRequests.set({ ...state, pending: on ? [...pending, id] : pending });
}

const withVote = (item: FeatureRequest, v: VoteState): FeatureRequest => ({
  ...item,
  upvotes: v.upvotes,
  downvotes: v.downvotes,
  total_score: voteScore(v),
  myVote: v.myVote,
});

/**
 * Votes (or unvotes) at once, then tells the server; a refusal puts the counts back and shows the
 * 'Failed to vote on feature request' toast. Answers whether the server took it.
 */
export async function vote(id: string, action: VoteType, context: FeatureRequestContext = 'settings'): Promise<boolean> {
  const state = $featureRequests.get();
  const item = state.items.find((i) => i.id === id);
  if (!item || state.pending.includes(id)) return false;
  const before: VoteState = { upvotes: item.upvotes, downvotes: item.downvotes, myVote: item.myVote };
  const { state: after, call } = applyVote(before, action);
  replaceItem(id, (i) => withVote(i, after));
  setPending(id, true);
  try {
    const vote = api()['feature-requests'][':id'].vote;
    if (call.kind === 'unvote') await unwrap(vote.$delete({ param: { id } }));
    else await unwrap(vote.$post({ param: { id }, json: { vote_type: call.vote_type } }));
    const done = call.kind === 'unvote' ? MESSAGES[context].unvoted : MESSAGES[context].voted;
    if (done) say('success', done);
    return true;
  } catch (err) {
    console.error('Failed to vote on feature request', err instanceof Error ? err.message : err);
    replaceItem(id, (i) => withVote(i, before));
    say('error', MESSAGES[context].voteFailed);
    return false;
  } finally {
    setPending(id, false);
  }
}

/** Submits a request; on success the success toast and a reload, on failure the error toast. */
export async function submitFeatureRequest(body: FeatureRequestSubmission, context: FeatureRequestContext = 'settings'): Promise<boolean> {
  try {
    await unwrap(api()['feature-requests'].$post({ json: body }));
    say('success', MESSAGES[context].submitted);
    await loadFeatureRequests(context);
    return true;
  } catch (err) {
    console.error('Failed to submit feature request', err instanceof Error ? err.message : err);
    say('error', MESSAGES[context].submitFailed);
    return false;
  }
}
