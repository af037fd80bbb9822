// Placeholder until the Transactions screen lands (issue 7, branch `screens`): the gate and the shell with
// the screen's title, so navigation works.
import { useT } from '../../i18n/react';
import AppShell from '../AppShell';
import { PageHeader } from '../shell/PageHeader';

function Screen() {
  const t = useT();
  return <PageHeader title={t('transactions.title')} />;
}

export default function TransactionsPage() {
  return (
    <AppShell title="transactions.title">
      <Screen />
    </AppShell>
  );
}
