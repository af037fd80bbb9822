// /dashboard: signed-in only, it sends the user on to /transactions (spec route table); a signed-out
// visitor ends at /login through the gate.
import { useEffect } from 'react';
import { useT } from '../components/use-t';
import { useGate } from './AppShell';
import { FullScreenSpinner } from './shell/FullScreenSpinner';

export default function Dashboard() {
  const t = useT();
  const gate = useGate();
  useEffect(() => {
    if (gate === 'signed-out') location.replace('/login');
    else if (gate === 'account-loading' || gate === 'ready') location.replace('/transactions');
  }, [gate]);
  return <FullScreenSpinner label={t('common.loading')} />;
}
