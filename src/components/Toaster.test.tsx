import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, toast } from '../stores/toasts';
import { Toaster } from './Toaster';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  act(() => clearToasts());
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('shows title and description; errors are assertive alerts, successes polite statuses', () => {
    render(<Toaster />);
    act(() => {
      toast({ type: 'error', title: 'Transfer failed', description: 'Failed to transfer wallet funds.' });
      toast({ type: 'success', title: 'Vote recorded!', description: 'Your vote has been counted' });
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Transfer failed');
    expect(alert.textContent).toContain('Failed to transfer wallet funds.');
    expect(alert.getAttribute('aria-live')).toBe('assertive');
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Vote recorded!');
    expect(status.getAttribute('aria-live')).toBe('polite');
  });

  it('colours each type', () => {
    render(<Toaster />);
    act(() => {
      toast({ type: 'success', title: 's' });
      toast({ type: 'error', title: 'e' });
      toast({ type: 'warning', title: 'w' });
    });
    const classOf = (title: string) => screen.getByText(title).closest('[data-type]')?.className ?? '';
    expect(classOf('s')).toContain('bg-green-50');
    expect(classOf('e')).toContain('bg-red-50');
    expect(classOf('w')).toContain('bg-yellow-50');
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(screen.getAllByRole('status')).toHaveLength(1);
    // At most three at once: the fourth replaces the oldest.
    act(() => {
      toast({ type: 'info', title: 'i' });
    });
    expect(classOf('i')).toContain('bg-blue-50');
  });

  it('closes a toast by itself after 5000 ms', () => {
    render(<Toaster />);
    act(() => {
      toast({ type: 'info', title: 'Support request created' });
    });
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.queryByText('Support request created')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Support request created')).toBeNull();
  });

  it('honours a toast’s own duration', () => {
    render(<Toaster />);
    act(() => {
      toast({ type: 'success', title: 'Copied!', duration: 2000 });
    });
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Copied!')).toBeNull();
  });

  it('closes a toast with its named close button', () => {
    render(<Toaster />);
    act(() => {
      toast({ type: 'error', title: 'Failed to vote', description: 'Please try again.' });
      toast({ type: 'info', title: 'Other' });
    });
    const [first] = screen.getAllByRole('button', { name: 'Close notification' });
    fireEvent.click(first!);
    expect(screen.queryByText('Failed to vote')).toBeNull();
    expect(screen.getByText('Other')).toBeTruthy();
  });

  it('sits in a labelled notifications region', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeTruthy();
  });

  it('shows one "Vote recorded!" toast with ×6 after six identical votes, and never more than three toasts', () => {
    render(<Toaster />);
    act(() => {
      for (let i = 0; i < 6; i += 1) toast({ type: 'success', title: 'Vote recorded!', description: 'Your vote has been counted' });
    });
    expect(screen.getAllByText('Vote recorded!', { exact: false })).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toContain('×6');
    act(() => {
      for (const title of ['A', 'B', 'C', 'D']) toast({ type: 'error', title });
    });
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual(['B', 'C', 'D']);
    expect(screen.queryByText('Vote recorded!', { exact: false })).toBeNull();
  });
});
