// Leaving the app: sign out (spec: Sign out / Logout log out, then go to /login). The local session
// is dropped even when the sign-in service cannot be reached.
import { signOut } from './auth';

export async function signOutAndLeave(navigate: (url: string) => void = (url) => location.assign(url)): Promise<void> {
  try {
    await signOut();
  } catch (err) {
    console.error('Sign out failed', err instanceof Error ? err.message : err);
  } finally {
    navigate('/login');
  }
}
