// /settings/notifications, billing, privacy, collaboration and api: heading-and-sentence placeholders.
import { useT } from '../../components/use-t';
import type { PageSeed } from '../../shared/page-seed';
import AppShell from '../AppShell';
import { SettingsSection } from './SettingsSection';

export const SECTIONS = {
  notifications: ['settings.notifications.title', 'settings.notifications.description'],
  billing: ['settings.billing.title', 'settings.billing.description'],
  privacy: ['settings.privacy.title', 'settings.privacy.description'],
  collaboration: ['settings.collaboration.title', 'settings.collaboration.description'],
  api: ['settings.api.title', 'settings.api.description'],
} as const;
export type PlaceholderSection = keyof typeof SECTIONS;

/** A /settings/{section} the placeholder serves (its own keys only, never Object.prototype's). */
export const isPlaceholderSection = (section: string | undefined): section is PlaceholderSection => section !== undefined && Object.hasOwn(SECTIONS, section);

function Placeholder({ section }: { section: PlaceholderSection }) {
  const t = useT();
  const [title, description] = SECTIONS[section];
  return <SettingsSection title={t(title)} description={t(description)} />;
}

export default function PlaceholderPage({ section, seed }: { section: PlaceholderSection; seed?: PageSeed }) {
  return (
    <AppShell title={SECTIONS[section][0]} variant="settings" seed={seed}>
      <Placeholder section={section} />
    </AppShell>
  );
}
