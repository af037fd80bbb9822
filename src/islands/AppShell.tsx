// The signed-in gate and shell around every protected screen: a spinner while the auth state loads,
// a redirect to /login when signed out, the full-screen 'Loading...' while the account loads, then
// the shell (sidebar, navbar, toasts) around the screen. It also keeps the document's title and
// language in the user's language.
import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { Toaster } from '../components/Toaster';
import type { TranslationKey } from '../i18n';
import { PageSeedProvider, usePageSeed } from '../components/page-seed-context';
import { useT } from '../components/use-t';
import type { PageSeed } from '../shared/page-seed';
import { $accountStatus, startAccountSync } from '../stores/account';
import { $auth, startAuth } from '../stores/auth';
import { $langReady } from '../stores/lang';
import { FullScreenSpinner } from './shell/FullScreenSpinner';
import { useDocumentTitle } from './shell/hooks';
import { Shell, type ShellVariant } from './shell/Shell';

export interface AppShellProps {
  children?: ReactNode;
  /** The page title, in the user's language. */
  title?: TranslationKey;
  variant?: ShellVariant;
  /** The data of a page rendered on the Worker (the shell paints with it at once); none on client-only pages. */
  seed?: PageSeed | null;
}

/**
 * Starts the auth listener and the account sync once per page, and answers the gate's state. With
 * `afterHydration` (a page rendered on the Worker, whose shell shows at once) they start in the task
 * after hydration's effects: reading the session and the re-render it causes then do not lengthen
 * hydration's last task into a long one (Total Blocking Time).
 */
export function useGate(afterHydration = false): 'auth-loading' | 'signed-out' | 'account-loading' | 'ready' {
  useEffect(() => {
    const start = () => {
      startAuth();
      startAccountSync();
    };
    if (!afterHydration) return start();
    const timer = setTimeout(start);
    return () => clearTimeout(timer);
  }, [afterHydration]);
  const auth = useStore($auth);
  const account = useStore($accountStatus);
  const langReady = useStore($langReady);
  if (auth.status === 'loading' || !langReady) return 'auth-loading';
  if (auth.status === 'unauthenticated') return 'signed-out';
  return account === 'ready' ? 'ready' : 'account-loading';
}

export default function AppShell({ seed, ...props }: AppShellProps) {
  return (
    <PageSeedProvider seed={seed}>
      <GatedShell {...props} />
    </PageSeedProvider>
  );
}

function GatedShell({ children, title, variant = 'main' }: AppShellProps) {
  const t = useT();
  const seeded = usePageSeed() !== null;
  const state = useGate(seeded);
  // A page rendered on the Worker had its session verified and its account read there: it shows the
  // shell at once (server and hydration alike), while the client confirms the session behind it.
  const gate = seeded && (state === 'auth-loading' || state === 'account-loading') ? 'ready' : state;
  useDocumentTitle(title);

  useEffect(() => {
    if (gate === 'signed-out') location.replace('/login');
  }, [gate]);

  if (gate === 'auth-loading' || gate === 'signed-out') return <FullScreenSpinner label={t('common.loading')} />;
  if (gate === 'account-loading') return <FullScreenSpinner label={t('common.loading')} showLabel />;
  return (
    <>
      <Shell variant={variant}>{children}</Shell>
      <Toaster />
    </>
  );
}
