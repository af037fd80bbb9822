// Toasts that must survive a page change: every signed-in screen is its own page, so a toast raised
// just before a redirect (e.g. 'Asset not found', then /market) is kept in sessionStorage and shown
// by the next page.
import { toast, type ToastInput } from './toasts';

const KEY = 'flash-toasts';

/** Keeps a toast for the next page this tab opens. */
export function flashToast(input: ToastInput): void {
  try {
    const queued = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as ToastInput[];
    sessionStorage.setItem(KEY, JSON.stringify([...queued, input]));
  } catch {
    // Storage unavailable (privacy mode): the toast is lost, the redirect still happens.
  }
}

/** Shows (once) the toasts an earlier page kept for this one. */
export function showFlashToasts(): void {
  let queued: ToastInput[];
  try {
    queued = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as ToastInput[];
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  for (const item of queued) toast(item);
}
