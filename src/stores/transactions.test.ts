// The history screen's view: the filters and open detail kept in the address, the search applied
// after its pause (fake timers), a detail opened here closed with Back, and a failed export told.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $auth } from './auth';
import { $toasts, clearToasts } from './toasts';
import {
  $exporting,
  $historyView,
  changeFilters,
  clearFilters,
  closeDetail,
  exportHistory,
  followHistory,
  openDetail,
  SEARCH_DELAY_MS,
  startHistoryView,
} from './transactions';

const TX = '11111111-1111-4111-8111-111111111111';
const go = (url: string) => history.replaceState(null, '', url);
const query = () => new URLSearchParams(location.search);

beforeEach(() => {
  vi.useFakeTimers();
  go('/transactions');
  startHistoryView();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearToasts();
});

describe('the history view', () => {
  it('takes the filters and the detail the address names, dropping what the server would refuse', () => {
    go(`/transactions?type=deposit&status=NOPE&from=2026-02-01&to=2026-01-01&q=ana&tx=${TX}&keep=1`);
    startHistoryView();
    const view = $historyView.get();
    expect(view.applied).toEqual({ type: 'deposit', status: '', from: '2026-01-01', to: '2026-02-01', q: 'ana' });
    expect(view.fields).toEqual(view.applied);
    expect(view.detail).toBe(TX);
    // The address now says what the screen shows (the refused status gone, other parameters kept).
    expect(query().get('status')).toBeNull();
    expect(query().get('keep')).toBe('1');
  });

  it('shows a typed search at once but applies it only after a pause in the typing', () => {
    changeFilters({ q: 'a' });
    expect($historyView.get().fields.q).toBe('a');
    vi.advanceTimersByTime(SEARCH_DELAY_MS - 1);
    changeFilters({ q: 'an' });
    vi.advanceTimersByTime(SEARCH_DELAY_MS - 1);
    expect($historyView.get().applied.q).toBe('');
    expect(query().get('q')).toBeNull();
    vi.advanceTimersByTime(1);
    expect($historyView.get().applied.q).toBe('an');
    expect(query().get('q')).toBe('an');
  });

  it('applies any other filter at once, with the search typed so far', () => {
    changeFilters({ q: 'ana' });
    changeFilters({ type: 'transfer' });
    expect($historyView.get().applied).toMatchObject({ type: 'transfer', q: 'ana' });
    expect(query().get('type')).toBe('transfer');
  });

  it('applies no impossible date range (from after to): the list and the address keep the last possible one', () => {
    changeFilters({ from: '2026-11-28' });
    changeFilters({ to: '2026-11-01' });
    expect($historyView.get().fields).toMatchObject({ from: '2026-11-28', to: '2026-11-01' });
    expect($historyView.get().applied).toMatchObject({ from: '2026-11-28', to: '' });
    expect(query().get('to')).toBeNull();
    changeFilters({ to: '2026-11-30' });
    expect($historyView.get().applied).toMatchObject({ from: '2026-11-28', to: '2026-11-30' });
  });

  it('clears every filter at once and drops a pending search', () => {
    changeFilters({ status: 'PENDING' });
    changeFilters({ q: 'late' });
    clearFilters();
    vi.advanceTimersByTime(SEARCH_DELAY_MS * 2);
    expect($historyView.get().fields.q).toBe('');
    expect($historyView.get().applied).toEqual({ type: '', status: '', from: '', to: '', q: '' });
    expect(location.search).toBe('');
  });

  it('stops a pending search when the screen goes away', () => {
    const stop = followHistory();
    changeFilters({ q: 'gone' });
    stop();
    vi.advanceTimersByTime(SEARCH_DELAY_MS);
    expect($historyView.get().applied.q).toBe('');
  });

  it('closes a detail it opened with Back, and one a link opened by dropping ?tx', () => {
    const back = vi.spyOn(history, 'back').mockImplementation(() => {});
    openDetail(TX);
    expect(query().get('tx')).toBe(TX);
    expect($historyView.get().detail).toBe(TX);
    closeDetail();
    expect(back).toHaveBeenCalledOnce();
    expect($historyView.get().detail).toBeNull();

    go(`/transactions?tx=${TX}`);
    startHistoryView();
    closeDetail();
    expect(back).toHaveBeenCalledOnce();
    expect(query().get('tx')).toBeNull();
  });

  it('follows Back and Forward to the detail the address names', () => {
    const stop = followHistory();
    go(`/transactions?tx=${TX}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect($historyView.get().detail).toBe(TX);
    stop();
  });

  it('tells a failed export in a toast and is no longer busy', async () => {
    $auth.set({ status: 'authenticated', user: { id: 'u1' } as never, session: { access_token: 't', refresh_token: 'r' } as never });
    vi.stubGlobal('fetch', async () => Response.json({ message: 'Internal server error', code: 'internal_error' }, { status: 500 }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await exportHistory('22222222-2222-4222-8222-222222222222');
    expect($toasts.get()).toEqual([expect.objectContaining({ type: 'error', title: 'Export failed' })]);
    expect($exporting.get()).toBe(false);
  });
});
