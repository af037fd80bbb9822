// The signed-in gate and shell around every protected screen (spec sections 2 and 4): a spinner
// while the auth state loads, a redirect to /login when signed out, the full-screen 'Loading...'
// while the account loads, then the shell (sidebar, navbar, toasts) around the screen. It also keeps
// the document's title and language in the user's language.
import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { Toaster } from '../components/Toaster';
import type { TranslationKey } from '../i18n';
import { useT } from '../components/use-t';
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
}

/** Starts the auth listener and the account sync once per page, and answers the gate's state. */
export function useGate(): 'auth-loading' | 'signed-out' | 'account-loading' | 'ready' {
  useEffect(() => {
    startAuth();
    startAccountSync();
  }, []);
  const auth = useStore($auth);
  const account = useStore($accountStatus);
  const langReady = useStore($langReady);
  if (auth.status === 'loading' || !langReady) return 'auth-loading';
  if (auth.status === 'unauthenticated') return 'signed-out';
  return account === 'ready' ? 'ready' : 'account-loading';
}

export default function AppShell({ children, title, variant = 'main' }: AppShellProps) {
  const t = useT();
  const gate = useGate();
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
