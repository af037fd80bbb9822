// Placeholder until the DigitalAssets screen lands (issue 7, branch `screens`): the gate and the shell with
// the screen's title, so navigation works.
import { useT } from '../../i18n/react';
import AppShell from '../AppShell';
import { PageHeader } from '../shell/PageHeader';

function Screen() {
  const t = useT();
  return <PageHeader title={t('wallet.title')} />;
}

export default function DigitalAssetsPage() {
  return (
    <AppShell title="wallet.title">
      <Screen />
    </AppShell>
  );
}
