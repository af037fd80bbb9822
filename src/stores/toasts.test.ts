import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, clearToasts, DEFAULT_TOAST_DURATION, dismissToast, toast } from './toasts';

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
    expect($toasts.get()).toEqual([
      { id, type: 'success', title: 'Vote recorded!', description: 'Your vote has been counted', duration: 5000 },
    ]);
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
});
