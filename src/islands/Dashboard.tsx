// /dashboard: signed-in only, it sends the user on to /transactions (spec route table); a signed-out
// visitor ends at /login through the gate.
import { useEffect } from 'react';
import { useT } from '../components/use-t';
import { FIRST_SIGNED_IN_SCREEN } from '../shared/safe-next';
import { useGate } from './AppShell';
import { FullScreenSpinner } from './shell/FullScreenSpinner';

export default function Dashboard() {
  const t = useT();
  const gate = useGate();
  useEffect(() => {
    if (gate === 'signed-out') location.replace('/login');
    else if (gate === 'account-loading' || gate === 'ready') location.replace(FIRST_SIGNED_IN_SCREEN);
  }, [gate]);
  return <FullScreenSpinner label={t('common.loading')} />;
}
