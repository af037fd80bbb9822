// Account Security's real sessions list: states (loading, error with Try again), the current
// session marked without a sign-out button, signing one out, the confirmation before signing out
// all others, and the texts in the user's language. Served with the page (rendered on the Worker):
// the list without a read, and the server's clock for the first render's labels.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $auth } from '../../stores/auth';
import { $lang } from '../../stores/lang';
import { $sessions, type ServedSessions } from '../../stores/sessions';
import { $toasts, clearToasts } from '../../stores/toasts';
import { ActiveSessions, activityLabel } from './ActiveSessions';
import { t as translate } from '../../i18n';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const CURRENT = {
  id: '11111111-1111-4111-8111-111111111111',
  browser: 'Chrome',
  os: 'Android',
  device: 'mobile',
  country: null,
  last_active_ms: NOW,
  current: true,
};
const LAPTOP = {
  id: '22222222-2222-4222-8222-222222222222',
  browser: 'Firefox',
  os: 'Windows',
  device: 'desktop',
  country: 'MX',
  last_active_ms: NOW - 3 * 3_600_000,
  current: false,
};

let calls: { method: string; url: string }[] = [];
let answer: (method: string, url: string) => Response;

beforeEach(() => {
  calls = [];
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  $auth.set({ status: 'authenticated', user: { id: 'u1' } as never, session: { access_token: 't', refresh_token: 'r' } as never });
  answer = (method) => (method === 'GET' ? Response.json({ data: [CURRENT, LAPTOP] }) : Response.json({ data: { ended: 1 } }));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const url = String(input instanceof Request ? input.url : input);
    calls.push({ method, url });
    return answer(method, url);
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => clearToasts());
  $sessions.set({ status: 'loading', sessions: [] });
  $lang.set('en');
});

describe('ActiveSessions', () => {
  it('lists the sessions: the current one marked "This device" without a sign-out button, the others with device, place and last activity', async () => {
    render(<ActiveSessions />);
    expect(screen.getByRole('status').textContent).toBe('Loading your sessions…');
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Chrome · Android');
    expect(rows[0]!.textContent).toContain('This device');
    expect(rows[0]!.textContent).toContain('Unknown location');
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(rows[1]!.textContent).toContain('Firefox · Windows');
    expect(rows[1]!.textContent).toContain('Mexico');
    expect(rows[1]!.textContent).toContain('Last active 3 hours ago');
    expect(within(rows[1]!).getByRole('button', { name: 'Sign out Firefox · Windows' })).toBeTruthy();
  });

  it('signs one session out: it leaves the list and a toast says so', async () => {
    render(<ActiveSessions />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out Firefox · Windows' }));
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE' });
    expect(calls.at(-1)!.url).toContain(`/api/sessions/${LAPTOP.id}`);
    expect($toasts.get()[0]).toMatchObject({ type: 'success', title: 'Device signed out' });
    expect(screen.getByText('No other device is signed in to your account.')).toBeTruthy();
  });

  it('asks for confirmation before signing out all other devices, and Cancel signs out nothing', async () => {
    render(<ActiveSessions />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out of all other devices' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out of all other devices?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Sign out of all other devices' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign out others' }));
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'POST').map((c) => new URL(c.url).pathname)).toEqual(['/api/sessions/sign-out-others']);
    expect($toasts.get()[0]).toMatchObject({ type: 'success', title: 'Signed out of all other devices' });
  });

  it('shows an error with Try again when the list cannot be loaded, and Try again loads it', async () => {
    answer = () => Response.json({ message: 'boom' }, { status: 500 });
    render(<ActiveSessions />);
    expect((await screen.findByRole('alert')).textContent).toBe('We could not load your sessions.');
    answer = () => Response.json({ data: [CURRENT] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('This device')).toBeTruthy();
    expect(screen.getByText('No other device is signed in to your account.')).toBeTruthy();
  });

  it('says an error toast when a sign-out fails and keeps the session listed', async () => {
    render(<ActiveSessions />);
    answer = () => Response.json({ message: 'Session not found' }, { status: 404 });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out Firefox · Windows' }));
    await vi.waitFor(() => expect($toasts.get()[0]).toMatchObject({ type: 'error', title: 'Could not sign out. Please try again.' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it.each([
    ['es', 'Este dispositivo', 'Ubicación desconocida', 'México', 'Última actividad hace 3 horas'],
    ['fs', 'Cet appareil', 'Lieu inconnu', 'Mexique', 'Dernière activité il y a 3 heures'],
  ] as const)('speaks %s', async (lang, thisDevice, unknown, mexico, lastActive) => {
    $lang.set(lang);
    render(<ActiveSessions />);
    const rows = await screen.findAllByRole('listitem');
    expect(rows[0]!.textContent).toContain(thisDevice);
    expect(rows[0]!.textContent).toContain(unknown);
    expect(rows[1]!.textContent).toContain(mexico);
    expect(rows[1]!.textContent).toContain(lastActive);
  });
});

describe('ActiveSessions served with the page', () => {
  // The server rendered five minutes after the laptop's last activity; the browser's clock is hours later.
  const served: ServedSessions = { sessions: [CURRENT, LAPTOP] as ServedSessions['sessions'], now: LAPTOP.last_active_ms + 5 * 60_000 };

  it("renders the served list with the server's clock: no loading line", () => {
    const html = renderToString(<ActiveSessions served={served} />);
    expect(html).toContain('data-current="true"');
    expect(html).toContain('Last active 5 minutes ago');
    expect(html).not.toContain('Loading your sessions');
    expect(html).not.toContain('aria-busy');
  });

  it("hydrates the server's HTML without a mismatch or a read, then shows the labels on the browser's clock", async () => {
    // The server renders on its clock, the browser hydrates hours later on its own.
    vi.setSystemTime(served.now);
    const html = renderToString(<ActiveSessions served={served} />);
    vi.setSystemTime(NOW);
    $sessions.set({ status: 'loading', sessions: [] });
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const recoverable: unknown[] = [];
    const root = await act(async () => hydrateRoot(container, <ActiveSessions served={served} />, { onRecoverableError: (e) => recoverable.push(e) }));
    expect(recoverable).toEqual([]);
    expect(calls).toEqual([]);
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.textContent).toContain('Last active 3 hours ago');
    expect($sessions.get()).toEqual({ status: 'ready', sessions: [CURRENT, LAPTOP] });
    act(() => root.unmount());
    container.remove();
  });

  it("signs a served session out (the list is the store's after hydration)", async () => {
    render(<ActiveSessions served={served} />);
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out Firefox · Windows' }));
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(calls.map((c) => c.method)).toEqual(['DELETE']);
  });
});

describe('activityLabel', () => {
  const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate('en', key, params);
  it('says "Active now" within two minutes (activity is noted once a minute) and a relative time after', () => {
    expect(activityLabel(NOW - 90_000, NOW, 'en', t)).toBe('Active now');
    expect(activityLabel(NOW - 5 * 60_000, NOW, 'en', t)).toBe('Last active 5 minutes ago');
    expect(activityLabel(NOW - 2 * 86_400_000, NOW, 'en', t)).toBe('Last active 2 days ago');
  });
});
