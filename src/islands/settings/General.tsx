// /settings: General, a 'coming soon' placeholder.
import { useT } from '../../components/use-t';
import type { PageSeed } from '../../shared/page-seed';
import AppShell from '../AppShell';
import { SettingsSection } from './SettingsSection';

function General() {
  const t = useT();
  return <SettingsSection title={t('settings.general.title')} description={t('settings.general.comingSoon')} />;
}

export default function GeneralPage({ seed }: { seed?: PageSeed }) {
  return (
    <AppShell title="settings.general.title" variant="settings" seed={seed}>
      <General />
    </AppShell>
  );
}
