// $auth: the sign-in state of spec section 4 (loading, authenticated, unauthenticated), fed by
// the auth client's events. auth-js refreshes the token by itself and signs out (SIGNED_OUT) when a
// refresh fails with a non-retryable error, so this store only mirrors its events.
import type { AuthChangeEvent, Session, User } from '@supabase/auth-js';
import { atom } from 'nanostores';
import { storedSession } from '../lib/auth-storage';

// The auth client (auth-js, ~24 kB gzip) is not part of a signed-in page's first load: a valid stored
// session lets the gate open at once, and the client loads right after to refresh and watch it.
const loadAuthClient = () => import('../lib/auth-client').then((m) => m.authClient());

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';
export interface AuthState {
  status: AuthStatus;
  user: User | null;
  session: Session | null;
}

export const initialAuth: AuthState = { status: 'loading', user: null, session: null };
export const $auth = atom<AuthState>(initialAuth);

/** Pure reducer: what each auth event does to the state (section 4). */
export function reduceAuth(state: AuthState, event: AuthChangeEvent, session: Session | null): AuthState {
  switch (event) {
    case 'SIGNED_OUT':
      return { status: 'unauthenticated', user: null, session: null };
    case 'INITIAL_SESSION':
    case 'SIGNED_IN':
    case 'TOKEN_REFRESHED':
    case 'USER_UPDATED':
      // A session needs both tokens (section 5); anything less counts as signed out.
      return session?.access_token && session.refresh_token
        ? { status: 'authenticated', user: session.user, session }
        : { status: 'unauthenticated', user: null, session: null };
    default:
      return state;
  }
}

let started = false;

/**
 * Starts listening to the auth client once per page; INITIAL_SESSION arrives once it has loaded. A
 * stored session valid for more than two minutes counts as that event at once (auth-js would read
 * the same storage and not refresh it); the client's own events then confirm or correct it.
 */
export function startAuth(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  const stored = storedSession();
  if (stored) $auth.set(reduceAuth($auth.get(), 'INITIAL_SESSION', stored));
  void loadAuthClient().then((client) =>
    client.onAuthStateChange((event, session) => {
      const prev = $auth.get();
      // The client confirming the stored session changes nothing: no new state, so the whole
      // signed-in tree does not render again while the page is still loading.
      if (event === 'INITIAL_SESSION' && prev.status === 'authenticated' && session?.access_token === prev.session?.access_token) return;
      $auth.set(reduceAuth(prev, event, session));
    }),
  );
}

export const accessToken = (): string | undefined => $auth.get().session?.access_token;
export const currentUserId = (): string | undefined => $auth.get().user?.id;

export async function signOut(): Promise<void> {
  await (await loadAuthClient()).signOut();
  $auth.set({ status: 'unauthenticated', user: null, session: null });
}
