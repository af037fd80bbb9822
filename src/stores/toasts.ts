// $toasts: the toast queue behind <Toaster/>. Any island or store calls toast(); toasts close by
// themselves after their duration (5000 ms by default) or by hand with dismissToast.
// The queue stays small so toasts never bury the page: a toast identical to one on screen (same
// type, title and description) is merged into it (its count goes up and its timer starts again),
// and at most MAX_TOASTS show at once (the oldest closes to make room).
import { atom } from 'nanostores';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface ToastInput {
  type: ToastType;
  /** Already translated text: callers use t() so the toast keeps the language it was raised in. */
  title: string;
  description?: string;
  /** Milliseconds before it closes by itself; 0 or Infinity keeps it until closed by hand. */
  duration?: number;
}

export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  description?: string;
  duration: number;
  /** How many identical toasts this one stands for (1 unless merged). */
  count: number;
}

export const DEFAULT_TOAST_DURATION = 5000;
/** More than three toasts at once cover forms and buttons on a phone. */
export const MAX_TOASTS = 3;

export const $toasts = atom<readonly Toast[]>([]);

const timers = new Map<string, ReturnType<typeof setTimeout>>();
let sequence = 0;

function startTimer(id: string, duration: number): void {
  const old = timers.get(id);
  if (old !== undefined) clearTimeout(old);
  timers.delete(id);
  // setTimeout treats Infinity as 0, so "forever" must skip the timer rather than pass it on.
  if (duration > 0 && Number.isFinite(duration)) {
    timers.set(
      id,
      setTimeout(() => dismissToast(id), duration),
    );
  }
}

/** Shows a toast (or refreshes the identical one on screen) and returns its id (for dismissToast). */
export function toast(input: ToastInput): string {
  const duration = input.duration ?? DEFAULT_TOAST_DURATION;
  const current = $toasts.get();
  const same = current.find((item) => item.type === input.type && item.title === input.title && (item.description ?? '') === (input.description ?? ''));
  if (same) {
    // Moved to the end, as the newest, with a fresh timer: it says the same thing again.
    const merged: Toast = { ...same, duration, count: same.count + 1 };
    $toasts.set([...current.filter((item) => item.id !== same.id), merged]);
    startTimer(same.id, duration);
    return same.id;
  }
  sequence += 1;
  const id = `toast-${sequence}`;
  const item: Toast = { id, type: input.type, title: input.title, duration, count: 1 };
  if (input.description) item.description = input.description;
  const next = [...current, item];
  for (const old of next.slice(0, Math.max(0, next.length - MAX_TOASTS))) {
    const timer = timers.get(old.id);
    if (timer !== undefined) clearTimeout(timer);
    timers.delete(old.id);
  }
  $toasts.set(next.slice(-MAX_TOASTS));
  startTimer(id, duration);
  return id;
}

/** Closes a toast now; unknown or already closed ids are ignored. */
export function dismissToast(id: string): void {
  const timer = timers.get(id);
  if (timer !== undefined) {
    clearTimeout(timer);
    timers.delete(id);
  }
  const current = $toasts.get();
  if (current.some((item) => item.id === id)) {
    $toasts.set(current.filter((item) => item.id !== id));
  }
}

/** Closes every toast (e.g. on sign-out) and stops their timers. */
export function clearToasts(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  $toasts.set([]);
}
