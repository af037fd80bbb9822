// The signed-in user's sessions for Account Security: loading the list from the BFF (GET
// /api/sessions), signing one other session out and signing out all the others. The islands keep
// only what they show; the calls and their states live here. Calls go through the one typed client
// (api()), which reads the session from the auth store, so this survives where the session is kept
// (local storage today, cookies later). A page rendered on the Worker seeds the list from what it
// served (seedSessions) instead of reading it again.
import { atom } from 'nanostores';
import { api, unwrap } from './api';

type ListCall = ReturnType<ReturnType<typeof api>['sessions']['$get']>;
export type SessionItem = Awaited<ReturnType<typeof unwrap<Awaited<ListCall>>>>[number];

export type SessionsState =
  | { status: 'loading'; sessions: readonly SessionItem[] }
  | { status: 'ready'; sessions: readonly SessionItem[] }
  | { status: 'error'; sessions: readonly SessionItem[] };

export const $sessions = atom<SessionsState>({ status: 'loading', sessions: [] });

/** The list as /settings/security's HTML was rendered with it (src/worker/pages/security-data.ts). */
export interface ServedSessions {
  sessions: SessionItem[];
  /** The server's clock the "last active" labels were rendered with (epoch ms). */
  now: number;
}

/** The served list becomes the store's before the island's first render (browser only; while it has none). */
export function seedSessions(sessions: readonly SessionItem[]): void {
  const state = $sessions.get();
  if (typeof window !== 'undefined' && state.status === 'loading' && state.sessions.length === 0) $sessions.set({ status: 'ready', sessions });
}

export async function loadSessions(): Promise<void> {
  $sessions.set({ status: 'loading', sessions: $sessions.get().sessions });
  try {
    const sessions = await unwrap(api().sessions.$get());
    $sessions.set({ status: 'ready', sessions });
  } catch (err) {
    console.error('Loading sessions failed', err instanceof Error ? err.message : err);
    $sessions.set({ status: 'error', sessions: [] });
  }
}

/** Signs another session out; true when it ended (it leaves the list at once). */
export async function endSession(id: string): Promise<boolean> {
  try {
    await unwrap(api().sessions[':id'].$delete({ param: { id } }));
  } catch (err) {
    console.error('Ending a session failed', err instanceof Error ? err.message : err);
    return false;
  }
  const { sessions } = $sessions.get();
  $sessions.set({ status: 'ready', sessions: sessions.filter((s) => s.id !== id) });
  return true;
}

/** Signs out every session but this one; true when done (the list keeps only the current one). */
export async function endOtherSessions(): Promise<boolean> {
  try {
    await unwrap(api().sessions['sign-out-others'].$post());
  } catch (err) {
    console.error('Ending the other sessions failed', err instanceof Error ? err.message : err);
    return false;
  }
  const { sessions } = $sessions.get();
  $sessions.set({ status: 'ready', sessions: sessions.filter((s) => s.current) });
  return true;
}
