// Notifications in the navbar of every signed-in page: the recent money events and identity decisions
// (GET /notifications, kept per user on the server, so every device agrees on what is read) with the
// unread count, and a toast when one arrives. The live channel of each of the user's parties says when
// something happened (the server's notice after a money call, an expiry or an identity decision); the
// list is then read again, and the events that were not there before are announced. Announcements coalesce: events within TOAST_COALESCE_MS of the
// first make one toast ("3 new notifications"), a lone one says what happened. The page's first read
// announces nothing: those events happened before the page opened, and the badge counts them.
import { atom } from 'nanostores';
import { t, type Lang, type TranslationKey } from '../i18n';
import { formatCents, formatLedgerAmount } from '../shared/format';
import type { NotificationKind } from '../shared/schemas/notification';
import { api, unwrap } from './api';
import { $auth } from './auth';
import { $lang } from './lang';
import { subscribeLive } from './live';
import { toast } from './toasts';

type NotificationsApi = ReturnType<typeof api>['notifications'];
export type AppNotification = Awaited<ReturnType<typeof unwrap<Awaited<ReturnType<NotificationsApi['$get']>>>>>['notifications'][number];

export interface NotificationsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: AppNotification[];
  unread: number;
}

export const $notifications = atom<NotificationsState>({ status: 'idle', items: [], unread: 0 });

/** How many the panel lists (the newest). */
export const NOTIFICATIONS_SHOWN = 20;
/** Events announced within this long of the first one share its toast. */
export const TOAST_COALESCE_MS = 1500;

const KIND_TEXT: Record<NotificationKind, TranslationKey> = {
  offer_received: 'shell.notifications.kind.offerReceived',
  offer_accepted: 'shell.notifications.kind.offerAccepted',
  offer_rejected: 'shell.notifications.kind.offerRejected',
  offer_withdrawn: 'shell.notifications.kind.offerWithdrawn',
  offer_expired: 'shell.notifications.kind.offerExpired',
  transfer_received: 'shell.notifications.kind.transferReceived',
  usd_deposited: 'usd.notification.deposited',
  usd_withdrawal_settled: 'usd.notification.settled',
  usd_withdrawal_cancelled: 'usd.notification.cancelled',
  quote_executed: 'quote.notification.executed',
  identity_approved: 'identity.notification.approved',
  identity_rejected: 'identity.notification.rejected',
  order_filled: 'order.notification.filled',
  order_canceled: 'order.notification.canceled',
  order_expired: 'order.notification.expired',
  order_rejected: 'order.notification.rejected',
  recurring_buy_skipped: 'recurring.notification.skipped',
};

/** The event's amount: a USD account's event has no ledger amount (its dollars are the amount); an identity decision none. */
function amountText(n: AppNotification): string {
  if (n.amount_usd === null) return '';
  return n.asset_amount === null ? formatCents(n.amount_usd) : `${formatLedgerAmount(n.asset_amount, n.asset ?? undefined)} (${formatCents(n.amount_usd)})`;
}

/** What happened, in words of `lang`: "Ana P. sent you 2.50 CC ($0.39)", "We could not verify your identity. <the reason>". */
export function notificationText(lang: Lang, n: AppNotification): string {
  return t(lang, KIND_TEXT[n.kind], {
    name: n.counterparty_name ?? t(lang, 'shell.notifications.someone'),
    amount: amountText(n),
    reason: n.reason === null ? '' : t(lang, `identity.reason.${n.reason}`),
    asset: n.asset ?? '',
  });
}

/**
 * Where an event links: its transaction's detail on the transactions page; for an order closed
 * unfilled and a recurring buy's skipped run the brokerage account, for an identity decision the verification's page.
 */
export const notificationHref = (n: AppNotification) =>
  n.transaction_id !== null
    ? `/transactions?tx=${encodeURIComponent(n.transaction_id)}`
    : n.kind === 'order_canceled' || n.kind === 'order_expired' || n.kind === 'order_rejected' || n.kind === 'recurring_buy_skipped'
      ? '/accounts/brokerage'
      : '/settings/identity';

/** Ids listed so far (null before the page's first read, which announces nothing). */
let known: Set<string> | null = null;
let waiting: AppNotification[] = [];
let coalescing: ReturnType<typeof setTimeout> | undefined;

/** Shows the events that just arrived: one toast per TOAST_COALESCE_MS window, however many. */
export function announce(arrived: readonly AppNotification[]): void {
  if (arrived.length === 0) return;
  waiting.push(...arrived);
  coalescing ??= setTimeout(() => {
    const events = waiting;
    waiting = [];
    coalescing = undefined;
    const lang = $lang.get();
    const title = events.length === 1 ? notificationText(lang, events[0]!) : t(lang, 'shell.notifications.toast.several', { count: events.length });
    toast({ type: 'info', title });
  }, TOAST_COALESCE_MS);
}

/** Reads the newest notifications; those not seen before (and unread) are announced. */
export async function refreshNotifications(): Promise<void> {
  if ($notifications.get().status === 'idle') $notifications.set({ ...$notifications.get(), status: 'loading' });
  try {
    const { notifications, unread } = await unwrap(api().notifications.$get({ query: { limit: String(NOTIFICATIONS_SHOWN) } }));
    if (known) announce(notifications.filter((n) => !n.read && !known!.has(n.id)).reverse());
    known = new Set([...(known ?? []), ...notifications.map((n) => n.id)]);
    $notifications.set({ status: 'ready', items: notifications, unread });
  } catch (err) {
    console.error('Notifications: cannot read them', err instanceof Error ? err.message : err);
    if ($notifications.get().status !== 'ready') $notifications.set({ ...$notifications.get(), status: 'error' });
  }
}

/** Marks everything listed read (the panel was opened): the server keeps it, for every device. */
export async function markAllRead(): Promise<void> {
  const { items, unread } = $notifications.get();
  const newest = items[0];
  if (!newest || unread === 0) return;
  $notifications.set({ ...$notifications.get(), items: items.map((n) => ({ ...n, read: true })), unread: 0 });
  try {
    const answer = await unwrap(api().notifications.read.$post({ json: { through: newest.id } }));
    $notifications.set({ ...$notifications.get(), unread: answer.unread });
  } catch (err) {
    console.error('Notifications: cannot mark them read', err instanceof Error ? err.message : err);
    void refreshNotifications();
  }
}

/**
 * Once signed in: reads the notifications and listens to the live channel of each of the user's
 * parties. Answers the stop function (closes the channels). It starts when the browser is next idle,
 * not in the hydration's own task: the page's first fetch costs the main thread about 16 ms (65 ms
 * on a 4x slower CPU), which made that task long on every signed-in page.
 */
export function startNotifications(): () => void {
  let stops: (() => void)[] = [];
  let started = false;
  let generation = 0;
  const start = async () => {
    void refreshNotifications();
    try {
      const parties = await unwrap(api().wallets.canton.parties.$get());
      if (!started || typeof WebSocket === 'undefined') return;
      stops = parties.map((p) => subscribeLive(p.partyId, () => void refreshNotifications()));
    } catch (err) {
      console.error('Notifications: cannot listen for them', err instanceof Error ? err.message : err);
    }
  };
  const stop = () => {
    started = false;
    generation++;
    for (const s of stops) s();
    stops = [];
  };
  const unlisten = $auth.subscribe((state) => {
    if (state.status === 'authenticated' && !started) {
      started = true;
      const mine = ++generation;
      // A task of its own, within half a second even when the page stays busy.
      (window.requestIdleCallback ?? setTimeout)(() => void (started && mine === generation && start()), { timeout: 500 });
    }
    if (state.status === 'unauthenticated') stop();
  });
  return () => {
    unlisten();
    stop();
  };
}

/** Back to the page's first state (tests). */
export function resetNotifications(): void {
  clearTimeout(coalescing);
  coalescing = undefined;
  waiting = [];
  known = null;
  $notifications.set({ status: 'idle', items: [], unread: 0 });
}
