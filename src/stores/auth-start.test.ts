// startAuth decides from the session cookie (@supabase/ssr's format) what the auth client would say,
// before that client has loaded, after moving a session today's app left in localStorage into it.
import { stringFromBase64URL, stringToBase64URL } from '@supabase/ssr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (event: string, session: unknown) => void;
let listener: Listener | undefined;
// Holds the client's module back until the test releases it, as a slow network would.
let gate = Promise.withResolvers<void>();
const release = () => gate.resolve();

vi.mock('../lib/auth-client', async () => {
  await gate.promise;
  return {
    authClient: () => ({
      onAuthStateChange: (fn: Listener) => (listener = fn),
      // The sign-in service cannot be reached.
      signOut: () => Promise.reject(new Error('offline')),
    }),
  };
});

const session = (expiresInS: number) => ({
  access_token: 'a',
  refresh_token: 'r',
  token_type: 'bearer',
  expires_in: expiresInS,
  expires_at: Math.floor(Date.now() / 1000) + expiresInS,
  user: { id: 'u1', aud: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: '' },
});

/** Writes the session cookie as createBrowserClient does: `base64-` + base64url(JSON). */
const setCookieSession = (s: unknown) => (document.cookie = `dolar-auth=base64-${stringToBase64URL(JSON.stringify(s))}; Path=/`);
const cookieSession = () => {
  const value = /(?:^|; )dolar-auth=([^;]*)/.exec(document.cookie)?.[1];
  return value ? JSON.parse(stringFromBase64URL(decodeURIComponent(value).slice('base64-'.length))) : null;
};
// A past Expires: happy-dom keeps a Max-Age=0 cookie readable until the clock's next millisecond.
const clearCookies = () => {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
};

// Each test's module instance (vi.resetModules gives each its own $auth and client) runs to its end
// before the next test starts: its timers on the fake clock, then its pending start awaited.
let store: typeof import('./auth') | undefined;
async function freshStore() {
  vi.resetModules();
  return (store = await import('./auth'));
}
async function settle() {
  release();
  await vi.runAllTimersAsync();
  await store?.authStarting();
}

describe('startAuth before the auth client has loaded', () => {
  beforeEach(() => {
    // The store waits for the page's load with timers (and requestIdleCallback where the window has it).
    vi.useFakeTimers({
      toFake: [
        'setTimeout',
        'clearTimeout',
        'Date',
        ...(typeof requestIdleCallback === 'function' ? (['requestIdleCallback', 'cancelIdleCallback'] as const) : []),
      ],
    });
    localStorage.clear();
    clearCookies();
    gate = Promise.withResolvers<void>();
    listener = undefined;
    store = undefined;
  });
  afterEach(async () => {
    // Let this test's client finish loading before the next test starts listening.
    await settle();
    vi.useRealTimers();
  });

  it('is signed out at once when nothing is stored', async () => {
    const { $auth, startAuth } = await freshStore();
    startAuth();
    expect($auth.get().status).toBe('unauthenticated');
  });

  it('is signed in at once with a session cookie valid for more than two minutes', async () => {
    setCookieSession(session(3600));
    const { $auth, startAuth } = await freshStore();
    startAuth();
    expect($auth.get()).toMatchObject({ status: 'authenticated', user: { id: 'u1' } });
  });

  it('waits for the client when the stored session is about to expire (the client refreshes it first)', async () => {
    setCookieSession(session(60));
    const { $auth, startAuth, authStarting } = await freshStore();
    startAuth();
    expect($auth.get().status).toBe('loading');
    release();
    await authStarting();
    expect(listener).toBeDefined();
    listener!('SIGNED_OUT', null);
    expect($auth.get().status).toBe('unauthenticated');
  });

  it("moves a session today's app left in localStorage into the cookie once, and removes the old key", async () => {
    const legacy = session(3600);
    localStorage.setItem('dolar-auth', JSON.stringify(legacy));
    const { $auth, startAuth } = await freshStore();
    startAuth();
    expect(localStorage.getItem('dolar-auth')).toBeNull();
    expect(cookieSession()).toEqual(legacy);
    expect($auth.get()).toMatchObject({ status: 'authenticated', user: { id: 'u1' } });
  });

  it('keeps the cookie session over an older localStorage one, and drops an incomplete one (its user signs in again)', async () => {
    const current = { ...session(3600), access_token: 'cookie' };
    setCookieSession(current);
    localStorage.setItem('dolar-auth', JSON.stringify(session(3600)));
    const first = await freshStore();
    first.startAuth();
    expect(cookieSession()).toEqual(current);
    expect(localStorage.getItem('dolar-auth')).toBeNull();

    await settle();
    clearCookies();
    gate = Promise.withResolvers<void>();
    localStorage.setItem('dolar-auth', JSON.stringify({ access_token: 'a' }));
    const second = await freshStore();
    second.startAuth();
    expect(cookieSession()).toBeNull();
    expect(localStorage.getItem('dolar-auth')).toBeNull();
    expect(second.$auth.get().status).toBe('unauthenticated');
  });

  it('signs out locally, session cookie removed, and goes to /login even when the sign-in service cannot be reached', async () => {
    setCookieSession(session(3600));
    const { $auth, signOutAndLeave } = await freshStore();
    release();
    const navigate = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await signOutAndLeave(navigate);
    errors.mockRestore();
    expect(cookieSession()).toBeNull();
    expect(document.cookie).not.toContain('dolar-auth');
    expect(navigate).toHaveBeenCalledWith('/login');
    expect($auth.get().status).not.toBe('authenticated');
  });

  it("leaves once: a second sign-out while leaving (the session's sockets closing with 4003) joins the first, one navigation", async () => {
    setCookieSession(session(3600));
    const { signOutAndLeave } = await freshStore();
    release();
    const navigate = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await Promise.all([signOutAndLeave(navigate), signOutAndLeave(navigate)]);
    await signOutAndLeave(navigate);
    errors.mockRestore();
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it("loads the client only after the page has loaded when storage answered, and keeps the same state object when the client's first event agrees", async () => {
    const { $auth, startAuth, authStarting } = await freshStore();
    startAuth();
    const before = $auth.get();
    release();
    await vi.advanceTimersByTimeAsync(300);
    // The client's module is there (as it would be at once were it loaded eagerly), yet not started.
    await import('../lib/auth-client');
    await vi.advanceTimersByTimeAsync(0);
    expect(listener).toBeUndefined();
    await vi.runAllTimersAsync();
    await authStarting();
    expect(listener).toBeDefined();
    listener!('INITIAL_SESSION', null);
    expect($auth.get()).toBe(before);
  });

  it('with a live session, loads the client only when the session is due a refresh (CLIENT_LEAD_MS before expiry), not after the page has loaded', async () => {
    setCookieSession(session(3600));
    const { $auth, startAuth, authStarting, CLIENT_LEAD_MS } = await freshStore();
    startAuth();
    release();
    // Long after the page's load and idle moment: no client yet.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(listener).toBeUndefined();
    await vi.advanceTimersByTimeAsync(3600_000 - CLIENT_LEAD_MS - 60_000 - 5_000);
    expect(listener).toBeUndefined();
    await vi.advanceTimersByTimeAsync(10_000);
    await authStarting();
    expect(listener).toBeDefined();
    listener!('TOKEN_REFRESHED', { ...session(3600), access_token: 'b' });
    expect($auth.get().session?.access_token).toBe('b');
  });

  it('loads the client when a tab becomes visible past that moment (its timer throttled while hidden)', async () => {
    setCookieSession(session(3600));
    const { startAuth, authStarting, CLIENT_LEAD_MS } = await freshStore();
    startAuth();
    release();
    await vi.advanceTimersByTimeAsync(60_000);
    // The clock moves on without the timer running, as in a hidden tab.
    vi.setSystemTime(Date.now() + 3600_000 - CLIENT_LEAD_MS);
    document.dispatchEvent(new Event('visibilitychange'));
    await authStarting();
    expect(listener).toBeDefined();
  });
});
