// The notifications store: the first read announces nothing, later reads announce what arrived;
// arrivals within TOAST_COALESCE_MS make one toast (a lone one says what happened, in the user's
// language); opening the panel marks everything read on the server.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $auth } from './auth';
import { $lang } from './lang';
import {
  $notifications,
  announce,
  markAllRead,
  notificationHref,
  notificationText,
  refreshNotifications,
  resetNotifications,
  TOAST_COALESCE_MS,
  type AppNotification,
} from './notifications';
import { $toasts, clearToasts } from './toasts';

const TX = '33333333-3333-4333-8333-333333333333';
let n = 0;
const event = (kind: AppNotification['kind'], read = false): AppNotification => ({
  id: `11111111-1111-4111-8111-${String(++n).padStart(12, '0')}`,
  kind,
  transaction_id: TX,
  created_at: '2026-11-27T10:00:00.000Z',
  read,
  asset: 'CC',
  asset_amount: '2.5000000000',
  amount_usd: 39,
  counterparty_name: 'Ana P.',
  reason: null,
});

/** What the server lists (newest first) and what it was asked. */
let server: AppNotification[] = [];
const posts: unknown[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  resetNotifications();
  server = [];
  posts.length = 0;
  $lang.set('en');
  vi.spyOn(console, 'error').mockImplementation(() => {});
  $auth.set({ status: 'authenticated', user: { id: 'u1' } as never, session: { access_token: 't', refresh_token: 'r' } as never });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (init?.method === 'POST') {
      posts.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
      return Response.json({ data: { unread: 0 } });
    }
    return Response.json({ data: { notifications: server, unread: server.filter((e) => !e.read).length } });
  });
});

afterEach(() => {
  clearToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const titles = () => $toasts.get().map((t) => t.title);

describe('notifications store', () => {
  it('reads the list and the unread count; the first read announces nothing', async () => {
    server = [event('offer_received'), event('offer_accepted', true)];
    await refreshNotifications();
    expect($notifications.get()).toMatchObject({ status: 'ready', unread: 1, items: server });
    vi.advanceTimersByTime(TOAST_COALESCE_MS);
    expect(titles()).toEqual([]);
  });

  it('announces an event that arrives later in words and amounts of the user language', async () => {
    await refreshNotifications();
    $lang.set('es');
    server = [event('transfer_received')];
    await refreshNotifications();
    expect($notifications.get().unread).toBe(1);
    vi.advanceTimersByTime(TOAST_COALESCE_MS);
    expect(titles()).toEqual(['Ana P. te envió 2.50 CC ($0.39)']);
  });

  it('coalesces ten events arriving in a burst into one toast', async () => {
    await refreshNotifications();
    for (let i = 0; i < 10; i++) {
      server = [event('offer_received'), ...server];
      await refreshNotifications();
      vi.advanceTimersByTime(100);
    }
    vi.advanceTimersByTime(TOAST_COALESCE_MS);
    expect(titles()).toEqual(['10 new notifications']);
  });

  it('toasts again for events after the window closed, and never twice for one event', () => {
    const first = event('offer_rejected');
    announce([first]);
    vi.advanceTimersByTime(TOAST_COALESCE_MS);
    announce([event('offer_expired'), event('offer_withdrawn')]);
    vi.advanceTimersByTime(TOAST_COALESCE_MS);
    expect(titles()).toEqual(['Ana P. rejected your transfer of 2.50 CC ($0.39)', '2 new notifications']);
  });

  it('does not announce an event that was already read on another device', async () => {
    await refreshNotifications();
    server = [event('offer_accepted', true)];
    await refreshNotifications();
    vi.advanceTimersByTime(TOAST_COALESCE_MS);
    expect(titles()).toEqual([]);
  });

  it('marks everything read through the newest on opening, on the server', async () => {
    server = [event('offer_received'), event('offer_accepted')];
    await refreshNotifications();
    await markAllRead();
    expect(posts).toEqual([{ path: '/api/notifications/read', body: { through: server[0]!.id } }]);
    expect($notifications.get().unread).toBe(0);
    expect($notifications.get().items.every((e) => e.read)).toBe(true);
    await markAllRead();
    expect(posts).toHaveLength(1);
  });

  it('says each kind in French and links to its transaction', () => {
    expect(notificationText('fs', event('offer_expired'))).toBe('Le virement de 2.50 CC ($0.39) avec Ana P. a expiré');
    expect(notificationHref(event('offer_expired'))).toBe(`/transactions?tx=${TX}`);
  });

  it('says a USD account event with its dollars alone', () => {
    const usd = (kind: AppNotification['kind']) => ({ ...event(kind), asset: 'USD', asset_amount: null, amount_usd: 4025, counterparty_name: null });
    expect(notificationText('es', usd('usd_withdrawal_settled'))).toBe('Tu retiro de $40.25 se envió a tu banco');
    expect(notificationText('en', usd('usd_deposited'))).toBe('$40.25 added to your USD account');
    expect(notificationText('fs', usd('usd_withdrawal_cancelled'))).toBe('Votre retrait de $40.25 a été annulé');
  });

  it('says an identity decision in each language, the rejection with its reason, and links it to the verification page', () => {
    const decided = (kind: AppNotification['kind'], reason: AppNotification['reason'] = null): AppNotification => ({
      ...event(kind),
      transaction_id: null,
      asset: null,
      asset_amount: null,
      amount_usd: null,
      counterparty_name: null,
      reason,
    });
    expect(notificationText('en', decided('identity_approved'))).toBe('Your identity is verified: you can now add and withdraw dollars');
    expect(notificationText('es', decided('identity_rejected', 'document_expired'))).toBe(
      'No pudimos verificar tu identidad. Tu documento está vencido. Inténtalo de nuevo con uno vigente.',
    );
    expect(notificationText('fs', decided('identity_rejected', 'name_mismatch'))).toBe(
      'Nous n’avons pas pu vérifier votre identité. Le nom ne correspond pas à celui de votre document.',
    );
    expect(notificationText('fs', decided('identity_approved'))).toBe(
      'Votre identité est vérifiée\u202f: vous pouvez maintenant ajouter et retirer des dollars',
    );
    for (const kind of ['identity_approved', 'identity_rejected'] as const)
      expect(notificationHref(decided(kind, 'document_unreadable'))).toBe('/settings/identity');
  });

  it('says a skipped recurring buy with its symbol and dollars, and a rejected order with its symbol, both linking to the brokerage', () => {
    const skipped: AppNotification = {
      ...event('recurring_buy_skipped'),
      transaction_id: null,
      asset: 'AAPL',
      asset_amount: null,
      amount_usd: 1000,
      counterparty_name: null,
    };
    expect(notificationText('en', skipped)).toBe('Your recurring buy of $10.00 of AAPL was skipped: not enough buying power, or trading is unavailable');
    expect(notificationText('fs', skipped)).toBe(
      'Votre achat programmé de $10.00 de AAPL a été sauté\u202f: pouvoir d’achat insuffisant, ou négociation indisponible',
    );
    const rejected: AppNotification = { ...skipped, kind: 'order_rejected', amount_usd: null };
    expect(notificationText('es', rejected)).toBe('Tu orden de AAPL fue rechazada en la apertura: su precio superó el margen del 5%');
    for (const n of [skipped, rejected]) expect(notificationHref(n)).toBe('/accounts/brokerage');
  });

  it('toasts an identity decision that arrives while the page is open', async () => {
    await refreshNotifications();
    server = [
      {
        ...event('identity_rejected'),
        transaction_id: null,
        asset: null,
        asset_amount: null,
        amount_usd: null,
        counterparty_name: null,
        reason: 'document_unreadable',
      },
    ];
    await refreshNotifications();
    vi.advanceTimersByTime(TOAST_COALESCE_MS);
    expect(titles()).toEqual(['We could not verify your identity. We could not read your document. Check the number and try again.']);
  });
});
