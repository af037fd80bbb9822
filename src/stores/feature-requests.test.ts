import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $auth } from './auth';
import { featureRequestRow as item } from './feature-request-row.fixture';
import { $featureRequests, loadFeatureRequests, sortByScore, submitFeatureRequest, vote } from './feature-requests';
import { $toasts, clearToasts } from './toasts';

let answer: (method: string, path: string, body: unknown) => Response | Promise<Response>;
const calls: { method: string; path: string; search: string; body: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  $auth.set({ status: 'authenticated', user: { id: 'u1' } as never, session: { access_token: 't', refresh_token: 'r' } as never });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, search: url.search, body });
    return answer(method, url.pathname, body);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearToasts();
  $featureRequests.set({ status: 'idle', items: [], pending: [] });
});

const ok = (data: unknown) => Response.json({ data });
const counts = (id: string) => {
  const i = $featureRequests.get().items.find((x) => x.id === id)!;
  return { up: i.upvotes, down: i.downvotes, score: i.total_score, mine: i.myVote };
};

async function loaded(...items: ReturnType<typeof item>[]) {
  answer = () => ok(items);
  await loadFeatureRequests();
  calls.length = 0;
}

describe('the feature request list', () => {
  it("asks for the 50 best by total score and keeps the caller's vote", async () => {
    await loaded(item('a', 1, 0), item('b', 5, 1, 'upvote'));
    expect($featureRequests.get().items.map((i) => i.id)).toEqual(['b', 'a']);
    expect(counts('b').mine).toBe('upvote');
  });
  it('sends sortBy, sortOrder and limit', async () => {
    answer = () => ok([]);
    await loadFeatureRequests();
    expect(calls[0]?.search).toContain('sortBy=total_score');
    expect(calls[0]?.search).toContain('sortOrder=desc');
    expect(calls[0]?.search).toContain('limit=50');
  });
  it('toasts a load failure and empties the list', async () => {
    answer = () => Response.json({ message: 'down' }, { status: 500 });
    await loadFeatureRequests();
    expect($featureRequests.get()).toMatchObject({ status: 'error', items: [] });
    expect($toasts.get()[0]).toMatchObject({ type: 'error', title: 'Failed to load feature requests', description: 'Please try again later' });
  });
  it('sorts by total score, highest first', () => {
    expect(sortByScore([{ total_score: 1 }, { total_score: 3 }, { total_score: -2 }]).map((i) => i.total_score)).toEqual([3, 1, -2]);
  });
});

describe('voting', () => {
  it('upvotes at once, then the same upvote again unvotes', async () => {
    await loaded(item('a', 2, 1));
    answer = () => ok({});
    const first = vote('a', 'upvote');
    expect(counts('a')).toEqual({ up: 3, down: 1, score: 2, mine: 'upvote' });
    expect($featureRequests.get().pending).toEqual(['a']);
    await expect(first).resolves.toBe(true);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/feature-requests/a/vote', body: { vote_type: 'upvote' } });

    await vote('a', 'upvote');
    expect(counts('a')).toEqual({ up: 2, down: 1, score: 1, mine: null });
    expect(calls[1]).toMatchObject({ method: 'DELETE', path: '/api/feature-requests/a/vote' });
  });
  it('moves a downvote to an upvote', async () => {
    await loaded(item('a', 2, 1, 'downvote'));
    answer = () => ok({});
    await vote('a', 'upvote');
    expect(counts('a')).toEqual({ up: 3, down: 0, score: 3, mine: 'upvote' });
    expect(calls[0]?.body).toEqual({ vote_type: 'upvote' });
  });
  it('downvotes and un-downvotes', async () => {
    await loaded(item('a', 0, 0));
    answer = () => ok({});
    await vote('a', 'downvote');
    expect(counts('a')).toEqual({ up: 0, down: 1, score: -1, mine: 'downvote' });
    await vote('a', 'downvote');
    expect(counts('a')).toEqual({ up: 0, down: 0, score: 0, mine: null });
  });
  it('rolls back and toasts when the server refuses', async () => {
    await loaded(item('a', 4, 2, 'upvote'));
    answer = () => Response.json({ message: 'nope' }, { status: 409 });
    await expect(vote('a', 'downvote')).resolves.toBe(false);
    expect(counts('a')).toEqual({ up: 4, down: 2, score: 2, mine: 'upvote' });
    expect($featureRequests.get().pending).toEqual([]);
    expect($toasts.get()[0]).toMatchObject({ type: 'error', title: 'Failed to vote on feature request', description: 'Please try again later' });
  });
  it('ignores a second click while the first vote is on its way', async () => {
    await loaded(item('a', 0, 0));
    let release!: () => void;
    answer = () => new Promise<Response>((r) => (release = () => r(ok({}))));
    const first = vote('a', 'upvote');
    await expect(vote('a', 'upvote')).resolves.toBe(false);
    expect(counts('a').up).toBe(1);
    release();
    await first;
  });
});

describe('submitting', () => {
  it('posts the request, toasts success and reloads', async () => {
    answer = (m) => (m === 'POST' ? ok(item('n', 0, 0)) : ok([item('n', 0, 0)]));
    const body = { title: 'Dark mode please', description: 'Easier on the eyes at night', is_anonymous: true };
    await expect(submitFeatureRequest(body)).resolves.toBe(true);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/feature-requests', body });
    expect($toasts.get()[0]).toMatchObject({
      type: 'success',
      title: 'Feature request submitted successfully!',
      description: 'Your request has been added to the community board',
    });
    expect($featureRequests.get().items).toHaveLength(1);
  });
  it('toasts a failure', async () => {
    answer = () => Response.json({ message: 'bad' }, { status: 400 });
    await expect(submitFeatureRequest({ title: 'Dark mode please', description: 'Easier on the eyes at night', is_anonymous: false })).resolves.toBe(false);
    expect($toasts.get()[0]).toMatchObject({ type: 'error', title: 'Failed to submit feature request', description: 'Please try again later' });
  });
});

// The support page's Requests tab on the same store: no limit on the list and its own toasts (the
// spec's: 'Vote recorded!', 'Failed to vote' / 'Please try again.', 'Feature request submitted',
// 'Failed to submit feature request' / 'Please try again.').
const toasts = () => $toasts.get().map(({ type, title, description }) => ({ type, title, description }));

describe('feature requests on the support page', () => {
  it('asks for the list by total score without the settings limit', async () => {
    answer = () => Response.json({ data: [item('a', 2, 0), item('b', 5, 0)] });
    await loadFeatureRequests('support');
    expect(new URLSearchParams(calls[0]!.search).get('limit')).toBeNull();
    expect(new URLSearchParams(calls[0]!.search).get('sortBy')).toBe('total_score');
    expect($featureRequests.get().items.map((i) => i.id)).toEqual(['b', 'a']);
  });

  it("says 'Vote recorded!' on a vote and 'Failed to vote' / 'Please try again.' when refused", async () => {
    answer = () => Response.json({ data: [item('a', 2, 0)] });
    await loadFeatureRequests('support');
    answer = () => Response.json({ data: { ok: true } });
    expect(await vote('a', 'upvote', 'support')).toBe(true);
    expect(toasts()).toEqual([{ type: 'success', title: 'Vote recorded!', description: 'Your vote has been counted' }]);
    clearToasts();
    answer = () => Response.json({ message: 'nope' }, { status: 500 });
    expect(await vote('a', 'upvote', 'support')).toBe(false);
    expect(toasts()).toEqual([{ type: 'error', title: 'Failed to vote', description: 'Please try again.' }]);
    expect($featureRequests.get().items[0]).toMatchObject({ upvotes: 3, myVote: 'upvote' });
  });

  it("says 'Vote removed' / 'Your vote has been withdrawn' when the vote is taken back, not 'Your vote has been counted'", async () => {
    answer = () => Response.json({ data: [{ ...item('a', 3, 0), my_vote: 'upvote' }] });
    await loadFeatureRequests('support');
    answer = () => Response.json({ data: { ok: true } });
    expect(await vote('a', 'upvote', 'support')).toBe(true);
    expect(calls.at(-1)?.method).toBe('DELETE');
    expect(toasts()).toEqual([{ type: 'success', title: 'Vote removed', description: 'Your vote has been withdrawn' }]);
    expect($featureRequests.get().items[0]).toMatchObject({ upvotes: 2, myVote: null });
  });

  it("says 'Feature request submitted', or 'Failed to submit feature request' / 'Please try again.'", async () => {
    answer = (method) => (method === 'POST' ? Response.json({ data: item('c', 0, 0) }) : Response.json({ data: [] }));
    expect(await submitFeatureRequest({ title: 'A new idea', description: 'Long enough text', is_anonymous: false }, 'support')).toBe(true);
    expect(toasts()).toEqual([{ type: 'success', title: 'Feature request submitted', description: undefined }]);
    clearToasts();
    answer = () => Response.json({ message: 'nope' }, { status: 500 });
    expect(await submitFeatureRequest({ title: 'A new idea', description: 'Long enough text', is_anonymous: false }, 'support')).toBe(false);
    expect(toasts()).toEqual([{ type: 'error', title: 'Failed to submit feature request', description: 'Please try again.' }]);
  });
});
