import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, clearToasts, DEFAULT_TOAST_DURATION, dismissToast, MAX_TOASTS, toast } from './toasts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  clearToasts();
  vi.useRealTimers();
});

describe('toast store', () => {
  it('adds a toast with its type, title and description and returns its id', () => {
    const id = toast({ type: 'success', title: 'Vote recorded!', description: 'Your vote has been counted' });
    expect($toasts.get()).toEqual([{ id, type: 'success', title: 'Vote recorded!', description: 'Your vote has been counted', duration: 5000, count: 1 }]);
  });

  it('gives every toast a distinct id and keeps them in order', () => {
    const a = toast({ type: 'info', title: 'A' });
    const b = toast({ type: 'error', title: 'B' });
    expect(a).not.toBe(b);
    expect($toasts.get().map((item) => item.title)).toEqual(['A', 'B']);
  });

  it('closes by itself after 5000 ms by default', () => {
    expect(DEFAULT_TOAST_DURATION).toBe(5000);
    toast({ type: 'error', title: 'Failed to vote' });
    vi.advanceTimersByTime(4999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });

  it('honours a custom duration', () => {
    toast({ type: 'success', title: 'Copied!', duration: 2000 });
    toast({ type: 'success', title: 'Transaction hash copied!', duration: 3000 });
    vi.advanceTimersByTime(2000);
    expect($toasts.get().map((item) => item.title)).toEqual(['Transaction hash copied!']);
    vi.advanceTimersByTime(1000);
    expect($toasts.get()).toEqual([]);
  });

  it('keeps a toast with duration 0 or Infinity until it is closed by hand', () => {
    const a = toast({ type: 'warning', title: 'Sticky', duration: 0 });
    toast({ type: 'warning', title: 'Also sticky', duration: Number.POSITIVE_INFINITY });
    vi.advanceTimersByTime(60_000);
    expect($toasts.get()).toHaveLength(2);
    dismissToast(a);
    expect($toasts.get().map((item) => item.title)).toEqual(['Also sticky']);
  });

  it('closes one toast by hand and cancels its timer, leaving the others', () => {
    const a = toast({ type: 'info', title: 'A' });
    toast({ type: 'info', title: 'B' });
    dismissToast(a);
    expect($toasts.get().map((item) => item.title)).toEqual(['B']);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('ignores dismissing an unknown or already closed id', () => {
    const a = toast({ type: 'info', title: 'A' });
    dismissToast(a);
    const before = $toasts.get();
    dismissToast(a);
    dismissToast('nope');
    expect($toasts.get()).toBe(before);
  });

  it('omits an empty description', () => {
    toast({ type: 'info', title: 'A', description: '' });
    expect($toasts.get()[0]).not.toHaveProperty('description');
  });

  it('merges six identical toasts into one that says ×6 and starts its timer again', () => {
    const first = toast({ type: 'success', title: 'Vote recorded!', description: 'Your vote has been counted' });
    vi.advanceTimersByTime(4000);
    for (let i = 0; i < 5; i += 1) {
      expect(toast({ type: 'success', title: 'Vote recorded!', description: 'Your vote has been counted' })).toBe(first);
    }
    expect($toasts.get()).toHaveLength(1);
    expect($toasts.get()[0]!.count).toBe(6);
    // 4000 + 4999 ms after the first: the last one refreshed the timer, so it still shows.
    vi.advanceTimersByTime(4999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps toasts that differ in type, title or description apart', () => {
    toast({ type: 'success', title: 'A', description: 'x' });
    toast({ type: 'error', title: 'A', description: 'x' });
    toast({ type: 'success', title: 'A', description: 'y' });
    expect($toasts.get()).toHaveLength(3);
  });

  it('shows at most three toasts, closing the oldest to make room', () => {
    for (const title of ['A', 'B', 'C', 'D', 'E']) toast({ type: 'info', title });
    expect(MAX_TOASTS).toBe(3);
    expect($toasts.get().map((item) => item.title)).toEqual(['C', 'D', 'E']);
    // The dropped toasts' timers are gone too.
    expect(vi.getTimerCount()).toBe(3);
  });
});
