// $toasts: the toast queue behind <Toaster/>. Any island or store calls toast(); toasts close by
// themselves after their duration (5000 ms by default, spec section 4) or by hand with dismissToast.
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
}

export const DEFAULT_TOAST_DURATION = 5000;

export const $toasts = atom<readonly Toast[]>([]);

const timers = new Map<string, ReturnType<typeof setTimeout>>();
let sequence = 0;

/** Shows a toast and returns its id (for dismissToast). */
export function toast(input: ToastInput): string {
  sequence += 1;
  const id = `toast-${sequence}`;
  const duration = input.duration ?? DEFAULT_TOAST_DURATION;
  const item: Toast = { id, type: input.type, title: input.title, duration };
  if (input.description) item.description = input.description;
  $toasts.set([...$toasts.get(), item]);
  // setTimeout treats Infinity as 0, so "forever" must skip the timer rather than pass it on.
  if (duration > 0 && Number.isFinite(duration)) {
    timers.set(id, setTimeout(() => dismissToast(id), duration));
  }
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
