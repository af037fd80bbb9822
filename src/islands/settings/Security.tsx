// /settings/security: the read-only full name, the Language select saved through the account (the
// whole interface switches at once), and the user's real sessions and devices (ActiveSessions.tsx:
// real ones where the spec shows a sample list), served with the page when the Worker rendered it
// (src/worker/pages/security-data.ts).
import { useId, useState } from 'react';
import { LANGS, isLang, type Lang } from '../../i18n';
import { useSeededStore } from '../../components/page-seed-context';
import { useLang, useT } from '../../components/use-t';
import type { PageSeed } from '../../shared/page-seed';
import { $account, saveLanguage } from '../../stores/account';
import type { ServedSessions } from '../../stores/sessions';
import AppShell from '../AppShell';
import { KycStatus } from '../common/KycStatus';
import { ActiveSessions } from './ActiveSessions';
import { SettingsSection } from './SettingsSection';

export function fullName(account: { first_name?: string | null; last_name?: string | null } | null): string {
  return [account?.first_name, account?.last_name]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
}

function Security({ sessions }: { sessions?: ServedSessions | null }) {
  const t = useT();
  const lang = useLang();
  // Rendered on the Worker: the profile it read (server and hydration alike), then the store's.
  const account = useSeededStore($account, (s) => s.account);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const ids = { name: useId(), lang: useId(), error: useId() };
  const name = fullName(account);

  async function change(next: Lang) {
    setSaving(true);
    setFailed(false);
    // The whole interface re-renders in the new language: the select's choice and the saving state
    // paint first, the re-render runs in the next task (in the same task it made the switch a
    // 150 ms interaction on a 4x slower CPU).
    await new Promise((resolve) => setTimeout(resolve));
    const ok = await saveLanguage(next);
    setSaving(false);
    setFailed(!ok);
  }

  return (
    <div className="space-y-6">
      <SettingsSection title={t('settings.security.title')}>
        <div className="grid max-w-md gap-5">
          <div>
            <label htmlFor={ids.name} className="block text-sm font-medium text-gray-700">
              {t('settings.security.fullName')}
            </label>
            <input
              id={ids.name}
              readOnly
              value={name || t('settings.security.notSet')}
              className={`mt-1 block w-full rounded-lg border border-gray-200 bg-gray-50 px-3 py-2.5 text-sm ${name ? 'text-gray-900' : 'text-gray-500'}`}
            />
          </div>
          <div>
            <label htmlFor={ids.lang} className="block text-sm font-medium text-gray-700">
              {t('settings.security.language')}
            </label>
            <select
              id={ids.lang}
              value={lang}
              disabled={saving}
              aria-describedby={failed ? ids.error : undefined}
              onChange={(e) => isLang(e.target.value) && void change(e.target.value)}
              className="mt-1 block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm text-gray-900 disabled:opacity-60"
            >
              {LANGS.map((l) => (
                <option key={l} value={l}>
                  {t(`common.language.${l}`)}
                </option>
              ))}
            </select>
            {failed && (
              <p id={ids.error} role="alert" className="mt-2 text-sm text-red-600">
                {t('errors.updateAccountMetadata')}
              </p>
            )}
          </div>
        </div>
      </SettingsSection>

      <KycStatus className="p-6" />

      <ActiveSessions served={sessions} />
    </div>
  );
}

export default function SecurityPage({ seed, sessions }: { seed?: PageSeed; sessions?: ServedSessions | null }) {
  return (
    <AppShell title="settings.security.title" variant="settings" seed={seed}>
      <Security sessions={sessions} />
    </AppShell>
  );
}
