// /settings: General, a 'coming soon' placeholder.
import { useT } from '../../components/use-t';
import AppShell from '../AppShell';
import { SettingsSection } from './SettingsSection';

function General() {
  const t = useT();
  return <SettingsSection title={t('settings.general.title')} description={t('settings.general.comingSoon')} />;
}

export default function GeneralPage() {
  return (
    <AppShell title="settings.general.title" variant="settings">
      <General />
    </AppShell>
  );
}
