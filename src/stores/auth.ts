// $auth: the sign-in state (loading, authenticated, unauthenticated), fed by the auth client's
// events (its session is in cookies, src/lib/auth-storage.ts). auth-js refreshes the token by
// itself and signs out (SIGNED_OUT) when a refresh fails with a non-retryable error, so this store
// only mirrors its events.
import type { AuthChangeEvent, Session, User } from '@supabase/auth-js';
import { atom } from 'nanostores';
import type { GoTrueClient } from '@supabase/auth-js';
import { clearSessionCookies, hasStoredAuth, migrateLegacySession, storedSession } from '../lib/auth-storage';

// The auth client (@supabase/ssr's createBrowserClient, ~59 kB gzip) is not part of any page's first load: a valid stored
// session lets the gate open at once, no stored session at all lets /login show its form at once,
// and the client loads right after to refresh and watch the session (and to sign in).
let client: Promise<GoTrueClient> | undefined;
export const loadAuthClient = (): Promise<GoTrueClient> => (client ??= import('../lib/auth-client').then((m) => m.authClient()));

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';
export interface AuthState {
  status: AuthStatus;
  user: User | null;
  session: Session | null;
}

export const initialAuth: AuthState = { status: 'loading', user: null, session: null };
export const $auth = atom<AuthState>(initialAuth);

/** Pure reducer: what each auth event does to the state. */
export function reduceAuth(state: AuthState, event: AuthChangeEvent, session: Session | null): AuthState {
  switch (event) {
    case 'SIGNED_OUT':
      return { status: 'unauthenticated', user: null, session: null };
    case 'INITIAL_SESSION':
    case 'SIGNED_IN':
    case 'TOKEN_REFRESHED':
    case 'USER_UPDATED':
      // A session needs both tokens; anything less counts as signed out.
      return session?.access_token && session.refresh_token
        ? { status: 'authenticated', user: session.user, session }
        : { status: 'unauthenticated', user: null, session: null };
    default:
      return state;
  }
}

let started = false;
let starting: Promise<void> | undefined;

/** startAuth's pending start (the client loaded and listening), if it ran: tests let it settle before the next one. */
export const authStarting = (): Promise<void> | undefined => starting;

/**
 * Starts listening to the auth client once per page; INITIAL_SESSION arrives once it has loaded. A
 * stored session valid for more than two minutes counts as that event at once (auth-js would read
 * the same storage and not refresh it); the client's own events then confirm or correct it. With
 * such a session the client loads only CLIENT_LEAD_MS before it expires (beforeExpiry), to refresh it.
 */
export function startAuth(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  // A session today's app left in localStorage moves into the cookies first (once).
  migrateLegacySession();
  const stored = storedSession();
  if (stored) $auth.set(reduceAuth($auth.get(), 'INITIAL_SESSION', stored));
  // Nothing stored: auth-js (no session in the URL, detectSessionInUrl is off) would start signed out too.
  else if (!hasStoredAuth()) $auth.set(reduceAuth($auth.get(), 'INITIAL_SESSION', null));
  // When storage already answered, the client is only needed to refresh the session, to sign in or
  // out, and to hear other tabs: it loads after the page has, so its 59 kB and its set-up (a long
  // task on a slow phone) do not compete with the page's own scripts and first reads; with a live
  // session, not before that session is due a refresh. Signing out (here or in another tab) does not
  // wait for it: signOut loads it, and the server closes the session's live sockets (4003).
  const state = $auth.get();
  const expiresAt = state.session?.expires_at;
  const ready =
    state.status === 'loading'
      ? Promise.resolve()
      : afterPageLoad().then(() => (state.status === 'authenticated' && expiresAt ? beforeExpiry(expiresAt) : undefined));
  // Its module is evaluated in one task and the client made in the next, so neither is a long task
  // on a slow phone (Total Blocking Time).
  starting = ready
    .then(() => (client ? undefined : import('../lib/auth-client').then(nextTask)))
    .then(loadAuthClient)
    .then((client) => {
      client.onAuthStateChange((event, session) => {
        const prev = $auth.get();
        // The client confirming what the stored state already said changes nothing: no new state, so
        // the page does not render again while it is still loading.
        if (event === 'INITIAL_SESSION' && prev.status !== 'loading' && (session?.access_token ?? null) === (prev.session?.access_token ?? null)) return;
        $auth.set(reduceAuth(prev, event, session));
      });
    });
}

/** Resolves in a new task (a message to itself: not a timer, so not clamped or throttled like one). */
function nextTask(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * How long before a live session's expiry the auth client loads: auth-js refreshes 90 s before it,
 * and a background tab's timers may run up to a minute late.
 */
export const CLIENT_LEAD_MS = 5 * 60_000;

/**
 * Resolves CLIENT_LEAD_MS before `expiresAtS` (epoch seconds), or when the tab becomes visible after
 * that moment (a hidden tab's timer may not have run).
 */
function beforeExpiry(expiresAtS: number): Promise<void> {
  const wait = () => expiresAtS * 1000 - CLIENT_LEAD_MS - Date.now();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
      resolve();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible' && wait() <= 0) done();
    };
    // setTimeout runs at once past 2^31 - 1 ms; a session lives far less, but the cookie is input.
    const timer = setTimeout(done, Math.min(Math.max(wait(), 0), 2 ** 31 - 1));
    document.addEventListener('visibilitychange', onVisible);
  });
}

/** Resolves a moment after the window's load event, when the browser is idle. */
function afterPageLoad(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => setTimeout(() => ('requestIdleCallback' in window ? requestIdleCallback(() => resolve(), { timeout: 1000 }) : resolve()), 1000);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

export const accessToken = (): string | undefined => $auth.get().session?.access_token;
export const currentUserId = (): string | undefined => $auth.get().user?.id;

export async function signOut(): Promise<void> {
  try {
    await (await loadAuthClient()).signOut();
  } finally {
    // The client removes its cookies when the service answers; they go even when it cannot be reached.
    clearSessionCookies();
    $auth.set({ status: 'unauthenticated', user: null, session: null });
  }
}

/** The sign-out under way, once one has started: the page is leaving. */
let leaving: Promise<void> | undefined;

/**
 * Leaving the app (spec: Sign out / Logout log out, then go to /login). The local session is dropped
 * even when the sign-in service cannot be reached. A second call while leaving joins the first.
 */

export function signOutAndLeave(navigate: (url: string) => void = (url) => location.assign(url)): Promise<void> {
  // Once per page: the user's own sign-out also ends this session's live sockets (closed with 4003,
  // src/stores/live.ts), and their close must not start a second sign-out whose navigation would cut
  // the first one short.
  leaving ??= (async () => {
    try {
      await signOut();
    } catch (err) {
      console.error('Sign out failed', err instanceof Error ? err.message : err);
    } finally {
      navigate('/login');
    }
  })();
  return leaving;
}
