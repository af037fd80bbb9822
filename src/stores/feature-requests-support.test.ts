// The support page's Requests tab on the shared feature-request store: no limit on the list and its
// own toasts (the spec's: 'Vote recorded!', 'Failed to vote' / 'Please try again.', 'Feature request
// submitted', 'Failed to submit feature request' / 'Please try again.').
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $auth } from './auth';
import { featureRequestRow as item } from './feature-request-row.fixture';
import { $featureRequests, loadFeatureRequests, submitFeatureRequest, vote } from './feature-requests';
import { $toasts, clearToasts } from './toasts';

let answer: (method: string, path: string) => Response;
const calls: { method: string; path: string; search: string }[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  $auth.set({ status: 'authenticated', user: { id: 'u1' } as never, session: { access_token: 't', refresh_token: 'r' } as never });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = (init?.method ?? 'GET').toUpperCase();
    calls.push({ method, path: url.pathname, search: url.search });
    return answer(method, url.pathname);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearToasts();
  $featureRequests.set({ status: 'idle', items: [], pending: [] });
});

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
