// Placeholder until the Support screen lands (issue 7, branch `screens`): the gate and the shell with
// the screen's title, so navigation works.
import { useT } from '../../i18n/react';
import AppShell from '../AppShell';
import { PageHeader } from '../shell/PageHeader';

function Screen() {
  const t = useT();
  return <PageHeader title={t('support.title')} />;
}

export default function SupportPage() {
  return (
    <AppShell title="support.title">
      <Screen />
    </AppShell>
  );
}
